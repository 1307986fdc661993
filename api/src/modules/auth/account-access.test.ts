import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { settings, useSettings } from '../../kernel/settings';
import { TEST_PASSWORD, buildConversation, buildPasswordReset, buildSession, buildUser } from '../../test/factories';
import { codeOf, gql } from '../../test/helpers';
import { deliverDueWebhooks } from '../webhooks/webhook.delivery';

/**
 * Issue 24, finding 7: tokens and webhooks someone planted while they held the account must not survive the member's
 * recovery. A reset revokes every token and switches off every webhook (told why); a change does so unless kept.
 */
const CREATE_TOKEN =
  `mutation($input: CreateAccessTokenInput!) { createAccessToken(input: $input) { secret token { ` + `id } } }`;
const TOKENS = `{ myAccessTokens { id } }`;
const CREATE_HOOK = `mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { webhook { id } } }`;
const HOOKS = `{ myWebhooks { id disabledAt disabledReason } }`;
const UPDATE_HOOK =
  `mutation($id: ID!, $input: UpdateWebhookInput!) { updateWebhook(id: $id, input: $input) { id ` +
  `disabledAt disabledReason } }`;
const RESET = `mutation($t: String!, $p: String!) { resetPassword(token: $t, password: $p) }`;
const CHANGE =
  `mutation($c: String!, $n: String!, $keep: Boolean) { changePassword(currentPassword: $c, ` +
  `newPassword: $n, keepTokensAndWebhooks: $keep) }`;
const SEND = `mutation($c: ID!, $b: String!) { sendMessage(conversationId: $c, body: $b) { id } }`;
/** A harmless mutation every member may run: what the planted read-write token "posts". */
const WRITE = `mutation { setFeatureEnabled(feature: radio, enabled: false) { id } }`;
const NEW_PASSWORD = 'Kx9-rumbling-otter-42-quietly';

const original = settings();
beforeEach(() => useSettings({ ...original, webhooks: { ...original.webhooks, allowHttpLoopback: true } }));
afterEach(() => useSettings(original));

/**
 * The victim, the intruder's foothold (a read-write token and a webhook forwarding direct messages), and a friend who
 * writes.
 */
async function plantedAccount() {
  const victim = await buildUser();
  const { token: session } = await buildSession({ memberId: victim.id });
  const run = (q: string, v: Record<string, unknown> = {}, token = session) => gql(q, v, { token });
  const made = await run(CREATE_TOKEN, { input: { name: 'planted', scope: 'readWrite' } });
  expect(made.errors).toBeUndefined();
  const hook = await run(CREATE_HOOK, { input: { url: 'http://127.0.0.1:9/collect', events: ['newMessage'] } });
  expect(hook.errors).toBeUndefined();
  const friend = await buildUser();
  const [x, y] = [victim.id, friend.id].sort();
  const conversation = await buildConversation({ a: victim.id, b: friend.id, originKey: `member:${x}:${y}` });
  const { token: friendSession } = await buildSession({ memberId: friend.id });
  const dm = async (body: string) =>
    expect((await gql(SEND, { c: conversation.id, b: body }, { token: friendSession })).errors).toBeUndefined();
  const webhookId: string = hook.data.createWebhook.webhook.id;
  const deliveries = async () =>
    (await db().query(`SELECT id, attempts FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY created_at`, [
      webhookId,
    ])) as Array<{ id: string; attempts: number }>;
  // Before recovery the foothold works: the token posts, and a direct message is queued for the planted URL.
  const secret: string = made.data.createAccessToken.secret;
  expect((await gql(WRITE, {}, { bearer: secret })).errors).toBeUndefined();
  await dm('before');
  expect(await deliveries()).toHaveLength(1);
  return { victim, run, secret, webhookId, dm, deliveries };
}

describe('account recovery ends what an intruder planted', () => {
  it('requires authentication to change a password', async () => {
    expect(codeOf(await gql(CHANGE, { c: TEST_PASSWORD, n: NEW_PASSWORD }))).toBe('UNAUTHENTICATED');
  });

  it('a password reset revokes every token and switches off every webhook, told why; the member switches theirs on again', async () => {
    const a = await plantedAccount();
    const { token } = await buildPasswordReset({ memberId: a.victim.id });
    expect((await gql(RESET, { t: token, p: NEW_PASSWORD })).errors).toBeUndefined();

    // The planted token is refused, and nothing it asked for happened.
    expect(codeOf(await gql(WRITE, {}, { bearer: a.secret }))).toBe('UNAUTHENTICATED');
    expect(
      Number((await db().query('SELECT count(*) FROM access_tokens WHERE member_id = $1', [a.victim.id]))[0].count),
    ).toBe(0);
    // The planted webhook forwards nothing: no new delivery, and the one queued before the reset is not sent.
    await a.dm('after the reset');
    await deliverDueWebhooks();
    expect((await a.deliveries()).map((d) => d.attempts)).toEqual([0]);

    // The member, signed in again, sees why it is off, and may switch it on again.
    const { token: fresh } = await buildSession({ memberId: a.victim.id });
    expect((await a.run(TOKENS, {}, fresh)).data.myAccessTokens).toEqual([]);
    expect((await a.run(HOOKS, {}, fresh)).data.myWebhooks).toEqual([
      { id: a.webhookId, disabledAt: expect.any(String), disabledReason: 'passwordReset' },
    ]);
    const on = await a.run(UPDATE_HOOK, { id: a.webhookId, input: { enabled: true } }, fresh);
    expect(on.data.updateWebhook).toMatchObject({ disabledAt: null, disabledReason: null });
    await a.dm('switched on again');
    expect(await a.deliveries()).toHaveLength(2);
  });

  it('a password change revokes tokens and switches off webhooks by default', async () => {
    const a = await plantedAccount();
    expect((await a.run(CHANGE, { c: TEST_PASSWORD, n: NEW_PASSWORD })).errors).toBeUndefined();
    expect(codeOf(await gql(WRITE, {}, { bearer: a.secret }))).toBe('UNAUTHENTICATED');
    expect((await a.run(HOOKS)).data.myWebhooks).toEqual([
      { id: a.webhookId, disabledAt: expect.any(String), disabledReason: 'passwordChange' },
    ]);
    await a.dm('after the change');
    await deliverDueWebhooks();
    expect((await a.deliveries()).map((d) => d.attempts)).toEqual([0]);
  });

  it('a password change keeps tokens and webhooks when the member chooses to, and a wrong current password changes nothing', async () => {
    const a = await plantedAccount();
    expect(codeOf(await a.run(CHANGE, { c: 'not my password', n: NEW_PASSWORD }))).toBe('BAD_USER_INPUT');
    expect((await gql(WRITE, {}, { bearer: a.secret })).errors).toBeUndefined();
    expect((await a.run(CHANGE, { c: TEST_PASSWORD, n: NEW_PASSWORD, keep: true })).errors).toBeUndefined();
    expect((await gql(WRITE, {}, { bearer: a.secret })).errors).toBeUndefined();
    expect((await a.run(HOOKS)).data.myWebhooks).toEqual([{ id: a.webhookId, disabledAt: null, disabledReason: null }]);
    await a.dm('kept');
    expect(await a.deliveries()).toHaveLength(2);
  });

  it('a webhook the member had switched off stays off, with its own reason, through a reset', async () => {
    const a = await plantedAccount();
    expect(
      (await a.run(UPDATE_HOOK, { id: a.webhookId, input: { enabled: false } })).data.updateWebhook.disabledReason,
    ).toBe('manual');
    const { token } = await buildPasswordReset({ memberId: a.victim.id });
    await gql(RESET, { t: token, p: NEW_PASSWORD });
    const { token: fresh } = await buildSession({ memberId: a.victim.id });
    expect((await a.run(HOOKS, {}, fresh)).data.myWebhooks[0].disabledReason).toBe('manual');
  });
});
