/**
 * "Growing past one machine" (ARCHITECTURE.md): two API processes on one PostgreSQL. App A runs the embedded
 * database; app B is a second process given A's database by DATABASE_URL. An event published by A (a comment,
 * hence a notification) reaches a subscription opened on B, through PostgreSQL NOTIFY, and only its recipient.
 */
import { createClient, type Client as WsClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { client, signedUpClient, startApp, type App } from '../support/app';

let a: App;
let b: App;

beforeAll(async () => {
  a = await startApp({ RATE_SIGNUP_PER_IP: '1000', RATE_SIGNIN_PER_IP: '1000' });
  expect(a.pgPort).toEqual(expect.any(Number));
  b = await startApp({ DATABASE_URL: `postgres://saffa:saffa@127.0.0.1:${a.pgPort}/saffa`, RATE_SIGNUP_PER_IP: '1000', RATE_SIGNIN_PER_IP: '1000' });
});
afterAll(async () => {
  // B first: A owns the database.
  await b?.stop();
  await a?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Received {
  title: string;
  message: string;
}

/**
 * A `notificationAdded` subscription on `app` with the given session cookie, as a browser opens it. Resolves
 * once the server acknowledged the connection; `received` collects what arrives.
 */
async function subscribeNotifications(app: App, cookie: string) {
  const headers = { cookie, origin: app.url };
  const Impl = class extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  };
  const received: Received[] = [];
  const errors: unknown[] = [];
  let connected!: () => void;
  const ready = new Promise<void>((r) => (connected = r));
  const ws: WsClient = createClient({ url: `${app.url.replace(/^http/, 'ws')}/graphql`, webSocketImpl: Impl, retryAttempts: 0, lazy: false, on: { connected: () => connected() } });
  ws.subscribe<{ notificationAdded: Received }>(
    { query: 'subscription { notificationAdded { title message } }' },
    {
      next: (v) => (v.data ? received.push(v.data.notificationAdded) : errors.push(v.errors)),
      error: (e) => errors.push(e),
      complete: () => undefined,
    },
  );
  await ready;
  return {
    received,
    errors,
    /** Waits until `n` events arrived (or fails after `timeoutMs`). */
    async waitFor(n: number, timeoutMs = 5_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < n) {
        if (errors.length) throw new Error(`subscription failed: ${JSON.stringify(errors)}`);
        if (Date.now() > until) throw new Error(`only ${received.length} of ${n} notifications within ${timeoutMs} ms`);
        await sleep(25);
      }
      return received;
    },
    dispose: () => ws.dispose(),
  };
}

describe('two API processes on one database', () => {
  test('both processes answer, and a session made on A is valid on B (sessions live in PostgreSQL)', async () => {
    expect(b.pgPort).toBeNull();
    const { client: onA, user } = await signedUpClient(a.url);
    const onB = client(b.url);
    for (const [k, v] of onA.cookies) onB.cookies.set(k, v);
    const me = await onB.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.json.id).toBe(user.id);
  });

  test("a comment made through A reaches the post author's subscription on B within seconds, and nobody else's", async () => {
    // The recipient and a bystander are registered on A, then sign in on B.
    const recipient = await signedUpClient(a.url, { firstName: 'Thandi', lastName: 'Nkosi' });
    const bystander = await signedUpClient(a.url, { firstName: 'Pieter', lastName: 'Botha' });
    const commenter = await signedUpClient(a.url, { firstName: 'Sipho', lastName: 'Dlamini' });
    const onB = client(b.url);
    const bystanderOnB = client(b.url);
    expect((await onB.post('/api/auth/login', { email: recipient.input.email, password: recipient.input.password })).status).toBe(200);
    expect((await bystanderOnB.post('/api/auth/login', { email: bystander.input.email, password: bystander.input.password })).status).toBe(200);

    const post = await onB.post('/api/posts', { content: 'Anyone for a braai on Saturday?' });
    expect(post.status).toBe(201);
    const bystanderPost = await bystanderOnB.post('/api/posts', { content: 'Biltong recommendations?' });
    expect(bystanderPost.status).toBe(201);

    const mine = await subscribeNotifications(b, onB.cookieHeader());
    const theirs = await subscribeNotifications(b, bystanderOnB.cookieHeader());
    try {
      // The subscribe message follows the connection ack; give the server a moment to register it.
      await sleep(300);
      const started = Date.now();
      const comment = await commenter.client.post(`/api/posts/${post.json.id}/comments`, { text: 'Count me in!' });
      expect(comment.status).toBe(201);

      const [event] = await mine.waitFor(1, 5_000);
      const elapsed = Date.now() - started;
      expect(event.title).toMatch(/comment/i);
      expect(event.message).toContain('Sipho');
      expect(event.message).toContain('Count me in!');
      expect(elapsed).toBeLessThan(5_000);

      // The bystander's subscription is live (it gets its own news next) but never saw the recipient's.
      expect((await commenter.client.post(`/api/posts/${bystanderPost.json.id}/comments`, { text: 'Try Karoo lamb' })).status).toBe(201);
      const theirEvents = await theirs.waitFor(1, 5_000);
      await sleep(300);
      expect(theirEvents).toHaveLength(1);
      expect(theirEvents[0].message).toContain('Try Karoo lamb');
      expect(mine.received).toHaveLength(1);
      expect(mine.errors).toEqual([]);
      expect(theirs.errors).toEqual([]);

      // The notification the event announced is the one stored for the recipient (read back through B).
      const stored = await onB.get('/api/notifications');
      expect(stored.json[0]).toMatchObject({ title: event.title, message: event.message, isRead: false });
    } finally {
      await Promise.all([mine.dispose(), theirs.dispose()]);
    }
  });
});
