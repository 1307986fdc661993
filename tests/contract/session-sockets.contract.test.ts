/**
 * Ending a session ends its live subscriptions (issue 7, item 4), on every API process: app A runs the embedded
 * database, app B shares it through DATABASE_URL. Before the fix an open `notificationAdded` kept delivering
 * after sign-out and after a password change made elsewhere.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { client, signedUpClient, startApp, type App } from '../support/app';
import { openSubscription, type OpenSubscription } from '../support/websocket';

let a: App;
let b: App;
beforeAll(async () => {
  a = await startApp({ RATE_SIGNUP_PER_IP: '1000', RATE_SIGNIN_PER_IP: '1000' });
  b = await startApp({
    DATABASE_URL: `postgres://saffa:saffa@127.0.0.1:${a.pgPort}/saffa`,
    RATE_SIGNUP_PER_IP: '1000',
    RATE_SIGNIN_PER_IP: '1000',
  });
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const NOTIFICATIONS = 'subscription { notificationAdded { message } }';

async function closedWithin(sub: OpenSubscription, ms: number) {
  const until = Date.now() + ms;
  while (sub.closeCode() === null && Date.now() < until) await sleep(25);
  return sub.closeCode();
}

/** A member with a post, and someone whose comments on it notify the member. */
async function memberWithPost() {
  const member = await signedUpClient(a.url);
  const post = await member.client.post('/api/posts', { content: 'Braai on Saturday?' });
  expect(post.status).toBe(201);
  const commenter = await signedUpClient(a.url);
  const comment = (text: string) => commenter.client.post(`/api/posts/${post.json.id}/comments`, { text });
  return { member, comment };
}

describe('a session that ends', () => {
  test('requires authentication: an anonymous socket receives no notifications', async () => {
    const { comment } = await memberWithPost();
    const anonymous = await openSubscription(b, '', NOTIFICATIONS);
    await sleep(300);
    expect((await comment('hello')).status).toBe(201);
    await sleep(1_000);
    expect(anonymous.received).toEqual([]);
    await anonymous.client.dispose();
  });

  test('sign-out closes its sockets on both processes (4401) and nothing more is delivered', async () => {
    const { member, comment } = await memberWithPost();
    const onA = await openSubscription(a, member.client.cookieHeader(), NOTIFICATIONS);
    const onB = await openSubscription(b, member.client.cookieHeader(), NOTIFICATIONS);
    await sleep(300);
    expect((await comment('first')).status).toBe(201);
    const delivered = Date.now() + 5_000;
    while ((onA.received.length < 1 || onB.received.length < 1) && Date.now() < delivered) await sleep(25);
    expect([onA.received.length, onB.received.length], 'live before sign-out').toEqual([1, 1]);

    expect(
      (await member.client.graphql('mutation { signOut }', undefined, { headers: { origin: a.url } })).json.data
        .signOut,
    ).toBe(true);
    expect(await closedWithin(onA, 3_000)).toBe(4401);
    expect(await closedWithin(onB, 3_000)).toBe(4401);
    expect((await comment('after sign-out')).status).toBe(201);
    await sleep(1_000);
    expect(onA.received).toHaveLength(1);
    expect(onB.received).toHaveLength(1);
    await onA.client.dispose();
    await onB.client.dispose();
  });

  test("a password change elsewhere closes the other sessions' sockets and keeps the changing one live", async () => {
    const { member, comment } = await memberWithPost();
    const laptop = client(b.url);
    expect(
      (await laptop.post('/api/auth/login', { email: member.input.email, password: member.input.password })).status,
    ).toBe(200);
    const onLaptop = await openSubscription(b, laptop.cookieHeader(), NOTIFICATIONS);
    const onPhone = await openSubscription(a, member.client.cookieHeader(), NOTIFICATIONS);
    await sleep(300);

    const changed = await member.client.graphql(
      'mutation($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) }',
      { c: member.input.password, n: 'a brand new passphrase' },
      { headers: { origin: a.url } },
    );
    expect(changed.json.data?.changePassword, changed.text).toBe(true);
    expect(await closedWithin(onLaptop, 3_000)).toBe(4401);
    expect((await comment('after the change')).status).toBe(201);
    const until = Date.now() + 5_000;
    while (onPhone.received.length < 1 && Date.now() < until) await sleep(25);
    expect(onPhone.received, 'the session that changed the password stays live').toHaveLength(1);
    expect(onPhone.closeCode()).toBeNull();
    expect(onLaptop.received).toEqual([]);
    await onLaptop.client.dispose();
    await onPhone.client.dispose();
  });
});
