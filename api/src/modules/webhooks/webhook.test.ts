import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { settings, useSettings } from '../../kernel/settings';
import {
  buildBusiness,
  buildConversation,
  buildEvent,
  buildJobVacancy,
  buildSession,
  buildUser,
  buildWebhook,
  buildWebhookDelivery,
} from '../../test/factories';
import { codeOf, countQueries, gql } from '../../test/helpers';
import type { User } from '../users/user.entity';
import { deliverDueWebhooks, signPayload } from './webhook.delivery';
import { SECRET_PREFIX } from './webhook.service';

const CREATE =
  `mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { secret webhook { id url ` +
  `events businessId businessName createdAt disabledAt } } }`;
const LIST =
  `{ myWebhooks { id url events businessId businessName disabledAt recentDeliveries { id event status ` +
  `attempts lastStatusCode lastError deliveredAt nextAttemptAt payload replayOfId } } }`;
const UPDATE =
  `mutation($id: ID!, $input: UpdateWebhookInput!) { updateWebhook(id: $id, input: $input) { id url ` +
  `events disabledAt } }`;
const DELETE = `mutation($id: ID!) { deleteWebhook(id: $id) }`;
const REPLAY =
  `mutation($id: ID!, $key: String) { replayWebhookDelivery(id: $id, idempotencyKey: $key) { id status ` +
  `attempts payload replayOfId } }`;
const DELIVERIES =
  `query($id: ID!, $first: Int, $after: String) { webhookDeliveries(webhookId: $id, first: $first, ` +
  `after: $after) { nodes { id event status } pageInfo { hasNextPage endCursor } } }`;
const NOWHERE = '00000000-0000-4000-8000-000000000000';
const ALL_EVENTS = ['newFollower', 'newApplication', 'newBooking', 'newMessage'];

/** What the receiver on 127.0.0.1 got. */
interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
let received: Received[] = [];
/** How the receiver answers a path: a status (default 200), or 'hang' (never). */
const answers = new Map<string, number | 'hang'>();
let server: http.Server;
let base: string;
const original = settings();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = answers.get(req.url ?? '') ?? 200;
      if (answer === 'hang') return;
      res.writeHead(answer).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(async () => {
  // Each test starts with no due work: what earlier tests left pending is set aside.
  await db().query(`UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL WHERE status = 'pending'`);
  received = [];
  answers.clear();
  useSettings({
    ...original,
    webhooks: { ...original.webhooks, allowHttpLoopback: true, retryBaseMs: 60_000, maxAttempts: 3, timeoutMs: 1_000 },
  });
});
afterEach(() => useSettings(original));

/** A member on a real browser session, and a way to run GraphQL from it. */
async function member(overrides: Partial<User> = {}) {
  const user = await buildUser(overrides);
  const { token } = await buildSession({ memberId: user.id });
  return { user, run: (q: string, v: Record<string, unknown> = {}) => gql(q, v, { token }) };
}
type Member = Awaited<ReturnType<typeof member>>;

async function created(m: Member, input: Record<string, unknown> = {}) {
  const r = await m.run(CREATE, { input: { url: `${base}/hooks/${randomUUID()}`, events: ALL_EVENTS, ...input } });
  expect(r.errors).toBeUndefined();
  return r.data.createWebhook as {
    secret: string;
    webhook: { id: string; url: string; events: string[]; businessId: string | null; businessName: string | null };
  };
}

const deliveriesOf = async (webhookId: string) =>
  (await db().query('SELECT * FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY created_at, id', [
    webhookId,
  ])) as Array<{
    id: string;
    event: string;
    payload: { id: string; event: string; data: Record<string, any> };
    status: string;
    attempts: number;
    last_status_code: number | null;
    last_error: string | null;
    replay_of_id: string | null;
  }>;
const webhookCount = async (userId: string) =>
  Number((await db().query('SELECT count(*) FROM webhooks WHERE member_id = $1', [userId]))[0].count);
/** Makes every pending delivery due now (instead of waiting for its backoff). */
const makeDue = () => db().query(`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE status = 'pending'`);

/** Checks a Saffa-Signature header as a receiver would (see docs/api.md). */
function verify(secret: string, header: string, body: string, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('webhooks: managing them', () => {
  it('requires authentication', async () => {
    expect(codeOf(await gql(CREATE, { input: { url: `${base}/x`, events: ['newFollower'] } }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(LIST))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(UPDATE, { id: NOWHERE, input: { enabled: false } }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(DELETE, { id: NOWHERE }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(REPLAY, { id: NOWHERE }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(DELIVERIES, { id: NOWHERE }))).toBe('UNAUTHENTICATED');
  });

  it('creates a webhook whose secret is shown once; lists show no secret', async () => {
    const m = await member();
    const { secret, webhook } = await created(m, { events: ['newMessage', 'newFollower'] });
    expect(secret.startsWith(SECRET_PREFIX)).toBe(true);
    expect(secret.length).toBeGreaterThan(40);
    expect(webhook).toMatchObject({ businessId: null, businessName: null, events: ['newFollower', 'newMessage'] });
    const list = (await m.run(LIST)).data.myWebhooks;
    expect(list.map((w: { id: string }) => w.id)).toEqual([webhook.id]);
    expect(JSON.stringify(list)).not.toContain(secret);
    expect(list[0].recentDeliveries).toEqual([]);
  });

  it('is for a signed-in session only: a personal access token cannot see or manage webhooks (FORBIDDEN)', async () => {
    const m = await member();
    const { webhook } = await created(m);
    const token = await m.run(`mutation { createAccessToken(input: { name: "ci", scope: readWrite }) { secret } }`);
    const bearer = token.data.createAccessToken.secret as string;
    for (const [q, v] of [
      [LIST, {}],
      [CREATE, { input: { url: `${base}/token`, events: ['newFollower'] } }],
      [UPDATE, { id: webhook.id, input: { enabled: false } }],
      [DELETE, { id: webhook.id }],
      [DELIVERIES, { id: webhook.id }],
    ] as const) {
      expect(codeOf(await gql(q, v, { bearer })), q).toBe('FORBIDDEN');
    }
    expect(await webhookCount(m.user.id)).toBe(1);
  });

  it('refuses bad URLs and events as BAD_USER_INPUT with clear messages, nothing written', async () => {
    const m = await member();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ url: '' }, /url.*required/i],
      [{ url: 'not a url' }, /absolute URL/],
      [{ url: 'ftp://example.com/x' }, /https/],
      [{ url: 'javascript:alert(1)' }, /https/],
      [{ url: 'file:///etc/passwd' }, /https/],
      [{ url: 'https://user:pw@example.com/x' }, /user name or password/],
      [{ url: 'https://10.0.0.5/x' }, /public internet address/],
      [{ url: 'https://192.168.1.1/x' }, /public internet address/],
      [{ url: 'https://169.254.169.254/latest/meta-data' }, /public internet address/],
      [{ url: 'https://[fe80::1]/x' }, /public internet address/],
      [{ url: 'https://[::ffff:10.0.0.1]/x' }, /public internet address/],
      [{ url: 'https://0.0.0.0/x' }, /public internet address/],
      [{ url: `https://${'a'.repeat(2000)}.com/` }, /at most 2000/],
      [{ url: 'https://no-such-host.invalid/x' }, /does not resolve/],
      [{ events: [] }, /at least one event/],
    ];
    for (const [input, message] of cases) {
      const r = await m.run(CREATE, { input: { url: `${base}/ok`, events: ['newFollower'], ...input } });
      expect(codeOf(r), JSON.stringify(input)).toBe('BAD_USER_INPUT');
      expect(r.errors![0].message, JSON.stringify(input)).toMatch(message);
    }
    // Wrongly typed or missing fields are refused by the schema before anything runs.
    expect((await m.run(CREATE, { input: { url: `${base}/x`, events: ['everything'] } })).errors).toBeDefined();
    expect((await m.run(CREATE, { input: { url: 5, events: ['newFollower'] } })).errors).toBeDefined();
    expect((await m.run(CREATE, { input: { events: ['newFollower'] } })).errors).toBeDefined();
    expect(await webhookCount(m.user.id)).toBe(0);
  });

  it('allows http and loopback only with WEBHOOKS_ALLOW_HTTP_LOOPBACK; never http to a public host', async () => {
    const m = await member();
    useSettings({ ...settings(), webhooks: { ...settings().webhooks, allowHttpLoopback: false } });
    for (const url of [
      `${base}/x`,
      'http://localhost/x',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'http://example.com/x',
    ]) {
      const r = await m.run(CREATE, { input: { url, events: ['newFollower'] } });
      expect(codeOf(r), url).toBe('BAD_USER_INPUT');
    }
    expect(
      (await m.run(CREATE, { input: { url: 'http://example.com/x', events: ['newFollower'] } })).errors![0].message,
    ).toMatch(/must use https/);
    useSettings({ ...settings(), webhooks: { ...settings().webhooks, allowHttpLoopback: true } });
    expect(codeOf(await m.run(CREATE, { input: { url: 'http://93.184.215.14/x', events: ['newFollower'] } }))).toBe(
      'BAD_USER_INPUT',
    );
    expect(codeOf(await m.run(CREATE, { input: { url: 'https://10.1.2.3/x', events: ['newFollower'] } }))).toBe(
      'BAD_USER_INPUT',
    );
    expect(
      (await m.run(CREATE, { input: { url: `${base}/loopback`, events: ['newFollower'] } })).errors,
    ).toBeUndefined();
    expect(
      (await m.run(CREATE, { input: { url: 'https://[::1]:8443/x', events: ['newFollower'] } })).errors,
    ).toBeUndefined();
    expect(await webhookCount(m.user.id)).toBe(2);
  });

  it('one webhook per URL and at most 10 per owner, also when created in parallel', async () => {
    const m = await member();
    const url = `${base}/same`;
    const same = await Promise.all(
      Array.from({ length: 5 }, () => m.run(CREATE, { input: { url, events: ['newFollower'] } })),
    );
    expect(same.filter((r) => !r.errors)).toHaveLength(1);
    expect(same.filter((r) => r.errors).map(codeOf)).toEqual(Array(4).fill('CONFLICT'));
    const many = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        m.run(CREATE, { input: { url: `${base}/many/${i}`, events: ['newFollower'] } }),
      ),
    );
    expect(many.filter((r) => r.errors).map(codeOf)).toEqual(Array(5).fill('BAD_USER_INPUT'));
    expect(many.find((r) => r.errors)!.errors![0].message).toMatch(/at most 10 webhooks/);
    expect(await webhookCount(m.user.id)).toBe(10);
  });

  it("a page's webhook: only its owner may add, see and manage it; page webhooks take followers and applications only", async () => {
    const [owner, other] = await Promise.all([member(), member()]);
    const page = await buildBusiness({ ownerId: owner.user.id, name: `Biltong ${randomUUID().slice(0, 8)}` });
    expect(
      codeOf(await other.run(CREATE, { input: { url: `${base}/p`, events: ['newFollower'], businessId: page.id } })),
    ).toBe('FORBIDDEN');
    expect(
      codeOf(await other.run(CREATE, { input: { url: `${base}/p`, events: ['newFollower'], businessId: NOWHERE } })),
    ).toBe('NOT_FOUND');
    expect(
      codeOf(await owner.run(CREATE, { input: { url: `${base}/p`, events: ['newMessage'], businessId: page.id } })),
    ).toBe('BAD_USER_INPUT');
    expect(
      codeOf(await owner.run(CREATE, { input: { url: `${base}/p`, events: ['newFollower'], businessId: 'nope' } })),
    ).toBe('BAD_USER_INPUT');
    const { webhook } = await created(owner, { events: ['newFollower', 'newApplication'], businessId: page.id });
    expect(webhook).toMatchObject({ businessId: page.id, businessName: page.name });
    // The same URL may serve the owner's own events too: a separate webhook.
    await created(owner, { url: webhook.url, events: ['newFollower'] });
    expect((await owner.run(LIST)).data.myWebhooks).toHaveLength(2);
    expect(
      (await owner.run(`query($b: ID) { myWebhooks(businessId: $b) { id } }`, { b: page.id })).data.myWebhooks,
    ).toEqual([{ id: webhook.id }]);
    expect((await other.run(LIST)).data.myWebhooks).toEqual([]);
    for (const [q, v] of [
      [UPDATE, { id: webhook.id, input: { enabled: false } }],
      [DELETE, { id: webhook.id }],
      [DELIVERIES, { id: webhook.id }],
    ] as const) {
      expect(codeOf(await other.run(q, v)), q).toBe('NOT_FOUND');
    }
    // A page handed to someone else goes with its webhooks.
    await db().query('UPDATE businesses SET owner_id = $2 WHERE id = $1', [page.id, other.user.id]);
    expect((await other.run(LIST)).data.myWebhooks.map((w: { id: string }) => w.id)).toEqual([webhook.id]);
    expect(codeOf(await owner.run(DELETE, { id: webhook.id }))).toBe('NOT_FOUND');
  });

  it("updates and deletes only the viewer's own; others get NOT_FOUND and nothing changes", async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const { webhook } = await created(a);
    expect(codeOf(await b.run(UPDATE, { id: webhook.id, input: { enabled: false } }))).toBe('NOT_FOUND');
    expect(codeOf(await b.run(DELETE, { id: webhook.id }))).toBe('NOT_FOUND');
    expect(codeOf(await b.run(DELETE, { id: 'nope' }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await a.run(UPDATE, { id: webhook.id, input: { url: 'https://10.0.0.1/' } }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await a.run(UPDATE, { id: webhook.id, input: { events: [] } }))).toBe('BAD_USER_INPUT');
    const off = (await a.run(UPDATE, { id: webhook.id, input: { enabled: false, events: ['newBooking'] } })).data
      .updateWebhook;
    expect(off.disabledAt).not.toBeNull();
    expect(off.events).toEqual(['newBooking']);
    const on = (await a.run(UPDATE, { id: webhook.id, input: { enabled: true, url: `${base}/moved` } })).data
      .updateWebhook;
    expect(on).toMatchObject({ disabledAt: null, url: `${base}/moved`, events: ['newBooking'] });
    expect((await a.run(DELETE, { id: webhook.id })).data.deleteWebhook).toBe(webhook.id);
    expect(codeOf(await a.run(DELETE, { id: webhook.id }))).toBe('NOT_FOUND');
    expect(await webhookCount(a.user.id)).toBe(0);
  });
});

describe('webhooks: deliveries', () => {
  it('a follow is POSTed once, signed with the secret (t=<seconds>,v1=<HMAC-SHA256 of "t.body">), and recorded as succeeded', async () => {
    const [followed, follower] = await Promise.all([member(), member({ firstName: 'Sipho', lastName: 'Dlamini' })]);
    const { secret, webhook } = await created(followed, { events: ['newFollower'] });
    expect(
      (await follower.run(`mutation($u: ID!) { followMember(userId: $u) { id } }`, { u: followed.user.id })).errors,
    ).toBeUndefined();
    expect(received).toEqual([]); // nothing is sent inside the request: the worker sends it
    expect(await deliverDueWebhooks()).toBe(1);
    expect(received).toHaveLength(1);
    const [hit] = received;
    expect(hit.path).toBe(new URL(webhook.url).pathname);
    expect(hit.headers['content-type']).toBe('application/json');
    expect(hit.headers['saffa-event']).toBe('newFollower');
    const [delivery] = await deliveriesOf(webhook.id);
    expect(hit.headers['saffa-delivery']).toBe(delivery.id);
    const signature = String(hit.headers['saffa-signature']);
    expect(signature).toMatch(/^t=\d{10},v1=[0-9a-f]{64}$/);
    expect(verify(secret, signature, hit.body)).toBe(true);
    expect(verify(secret, signature, hit.body.replace('Sipho', 'Sipha'))).toBe(false);
    expect(verify('whsec_wrong', signature, hit.body)).toBe(false);
    const body = JSON.parse(hit.body);
    expect(body).toMatchObject({
      event: 'newFollower',
      data: { follower: { id: follower.user.id, name: 'Sipho Dlamini' } },
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(hit.body).not.toContain('@'); // no e-mail addresses
    const [listed] = (await followed.run(LIST)).data.myWebhooks;
    expect(listed.recentDeliveries).toEqual([
      expect.objectContaining({
        id: delivery.id,
        event: 'newFollower',
        status: 'succeeded',
        attempts: 1,
        lastStatusCode: 200,
        lastError: null,
        nextAttemptAt: null,
      }),
    ]);
    expect(JSON.parse(listed.recentDeliveries[0].payload)).toEqual(body);
    expect(await deliverDueWebhooks()).toBe(0); // done: never sent again
  });

  it('signPayload matches the documented recipe', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    const expected = createHmac('sha256', 'whsec_x')
      .update(`${at.getTime() / 1000}.{"a":1}`)
      .digest('hex');
    expect(signPayload('whsec_x', '{"a":1}', at)).toBe(`t=${at.getTime() / 1000},v1=${expected}`);
  });

  it('a failing receiver is retried with doubling backoff, each attempt recorded, then the delivery fails', async () => {
    const m = await member();
    const { webhook } = await created(m);
    answers.set(new URL(webhook.url).pathname, 503);
    const d = await buildWebhookDelivery({ webhookId: webhook.id });
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await deliverDueWebhooks()).toBe(1);
      const [row] = (await db().query(
        `SELECT status, attempts, last_status_code, last_error, extract(epoch FROM next_attempt_at - now())::float ` +
          `AS wait FROM webhook_deliveries WHERE id = $1`,
        [d.id],
      )) as Array<{
        status: string;
        attempts: number;
        last_status_code: number;
        last_error: string;
        wait: number | null;
      }>;
      expect(row).toMatchObject({ attempts: attempt, last_status_code: 503, last_error: 'HTTP 503' });
      if (attempt < 3) {
        expect(row.status).toBe('pending');
        delays.push(row.wait!);
        // Not due before its backoff ends...
        expect(await deliverDueWebhooks()).toBe(0);
        await makeDue();
      } else {
        expect(row).toMatchObject({ status: 'failed', wait: null });
      }
    }
    // 60 s after the first failure, 120 s after the second (WEBHOOKS_RETRY_BASE_MS, doubling).
    expect(delays[0]).toBeGreaterThan(55);
    expect(delays[0]).toBeLessThanOrEqual(60);
    expect(delays[1]).toBeGreaterThan(115);
    expect(delays[1]).toBeLessThanOrEqual(120);
    expect(received).toHaveLength(3);
    expect(new Set(received.map((r) => r.headers['saffa-delivery']))).toEqual(new Set([d.id]));
    await makeDue();
    expect(await deliverDueWebhooks()).toBe(0);
  });

  it('records a receiver that does not answer in time, or cannot be reached, and one that recovers succeeds', async () => {
    useSettings({ ...settings(), webhooks: { ...settings().webhooks, timeoutMs: 300 } });
    const m = await member();
    const slow = await created(m);
    answers.set(new URL(slow.webhook.url).pathname, 'hang');
    const down = await buildWebhook({ memberId: m.user.id, url: 'http://127.0.0.1:9/closed' });
    const [a, b] = await Promise.all([
      buildWebhookDelivery({ webhookId: slow.webhook.id }),
      buildWebhookDelivery({ webhookId: down.id }),
    ]);
    const started = Date.now();
    expect(await deliverDueWebhooks()).toBe(2);
    expect(Date.now() - started).toBeLessThan(3_000);
    const rows = (await db().query(
      'SELECT id, status, last_error, last_status_code FROM webhook_deliveries WHERE id = ANY($1)',
      [[a.id, b.id]],
    )) as Array<{
      id: string;
      status: string;
      last_error: string;
      last_status_code: number | null;
    }>;
    expect(rows.find((r) => r.id === a.id)).toMatchObject({
      status: 'pending',
      last_status_code: null,
      last_error: expect.stringMatching(/no answer within 300 ms/),
    });
    expect(rows.find((r) => r.id === b.id)).toMatchObject({
      status: 'pending',
      last_status_code: null,
      last_error: expect.stringMatching(/ECONNREFUSED/),
    });
    answers.delete(new URL(slow.webhook.url).pathname);
    await makeDue();
    await deliverDueWebhooks();
    expect((await deliveriesOf(slow.webhook.id))[0]).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      last_status_code: 200,
      last_error: null,
    });
  });

  it('refuses the IPv6 forms of internal addresses, when registered and when delivered (issue 24, item 12)', async () => {
    const m = await member();
    const port = new URL(base).port;
    const forms = [
      `https://[::127.0.0.1]:${port}/x`, // IPv4-compatible loopback
      `https://[::a00:1]/x`,
      `https://[::ffff:169.254.169.254]/x`,
      `https://[2002:7f00:1::1]/x`, // 6to4 of 127.0.0.1
      `https://[2002:a00:1::1]/x`, // 6to4 of 10.0.0.1
      `https://[64:ff9b::7f00:1]:${port}/x`, // NAT64 of 127.0.0.1
      `https://[64:ff9b::a9fe:a9fe]/x`, // NAT64 of the metadata address
      `https://[64:ff9b:1::a00:1]/x`, // local-use NAT64
      `https://[2001::1]/x`, // Teredo
      `https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/x`,
    ];
    for (const url of forms) {
      const r = await m.run(CREATE, { input: { url, events: ['newFollower'] } });
      expect(codeOf(r), url).toBe('BAD_USER_INPUT');
      expect(r.errors![0].message, url).toMatch(/public internet address/);
    }
    expect(await webhookCount(m.user.id)).toBe(0);
    // Stored before the guard knew them (or written to the database some other way): never connected to.
    for (const url of [`http://[::127.0.0.1]:${port}/v6`, `http://[64:ff9b::7f00:1]:${port}/v6`]) {
      const webhook = await buildWebhook({ url });
      await buildWebhookDelivery({ webhookId: webhook.id });
      await deliverDueWebhooks();
      expect((await deliveriesOf(webhook.id))[0], url).toMatchObject({
        status: 'pending',
        last_status_code: null,
        last_error: expect.stringMatching(/may not reach/),
      });
    }
    expect(received.filter((r) => r.path === '/v6')).toEqual([]);
  });

  it('never connects to a private address, even when a stored URL points there', async () => {
    const webhook = await buildWebhook({ url: 'http://10.255.255.1/x' });
    const d = await buildWebhookDelivery({ webhookId: webhook.id });
    await deliverDueWebhooks();
    const [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({
      id: d.id,
      status: 'pending',
      last_status_code: null,
      last_error: expect.stringMatching(/may not reach/),
    });
  });

  it('several workers at once deliver each delivery exactly once (FOR UPDATE SKIP LOCKED)', async () => {
    const m = await member();
    const { webhook } = await created(m);
    await Promise.all(Array.from({ length: 30 }, () => buildWebhookDelivery({ webhookId: webhook.id })));
    const made = await Promise.all([deliverDueWebhooks(), deliverDueWebhooks(), deliverDueWebhooks()]);
    expect(made.reduce((x, y) => x + y, 0)).toBe(30);
    expect(received).toHaveLength(30);
    expect(new Set(received.map((r) => r.headers['saffa-delivery'])).size).toBe(30);
    expect((await deliveriesOf(webhook.id)).every((d) => d.status === 'succeeded' && d.attempts === 1)).toBe(true);
  });

  it('a disabled webhook gets no new deliveries; its pending ones wait until it is enabled again', async () => {
    const [m, follower] = await Promise.all([member(), member()]);
    const { webhook } = await created(m);
    const pending = await buildWebhookDelivery({ webhookId: webhook.id });
    await m.run(UPDATE, { id: webhook.id, input: { enabled: false } });
    await follower.run(`mutation($u: ID!) { followMember(userId: $u) { id } }`, { u: m.user.id });
    expect(await deliverDueWebhooks()).toBe(0);
    expect((await deliveriesOf(webhook.id)).map((d) => d.id)).toEqual([pending.id]);
    await m.run(UPDATE, { id: webhook.id, input: { enabled: true } });
    expect(await deliverDueWebhooks()).toBe(1);
  });

  it("a suspended member's webhooks (their own and their page's) deliver nothing until the suspension is lifted", async () => {
    const m = await member();
    const page = await buildBusiness({ ownerId: m.user.id });
    const own = await buildWebhookDelivery({ webhookId: (await created(m)).webhook.id });
    const pages = await buildWebhookDelivery({
      webhookId: (await created(m, { events: ['newFollower'], businessId: page.id })).webhook.id,
    });
    await db().query('UPDATE users SET suspended_at = now() WHERE id = $1', [m.user.id]);
    expect(await deliverDueWebhooks()).toBe(0);
    expect(received).toHaveLength(0);
    // Paused, not dropped: lifting the suspension sends what waited.
    await db().query('UPDATE users SET suspended_at = NULL WHERE id = $1', [m.user.id]);
    expect(await deliverDueWebhooks()).toBe(2);
    expect(new Set(received.map((r) => r.headers['saffa-delivery']))).toEqual(new Set([own.id, pages.id]));
  });

  it("replay makes a new pending delivery of the same payload, once per idempotency key; only the webhook's owner may replay", async () => {
    const [m, stranger] = await Promise.all([member(), member()]);
    const { webhook } = await created(m);
    answers.set(new URL(webhook.url).pathname, 500);
    useSettings({ ...settings(), webhooks: { ...settings().webhooks, maxAttempts: 1 } });
    const first = await buildWebhookDelivery({ webhookId: webhook.id });
    await deliverDueWebhooks();
    expect((await deliveriesOf(webhook.id))[0].status).toBe('failed');
    expect(codeOf(await stranger.run(REPLAY, { id: first.id }))).toBe('NOT_FOUND');
    expect(codeOf(await m.run(REPLAY, { id: NOWHERE }))).toBe('NOT_FOUND');
    expect(codeOf(await m.run(REPLAY, { id: 'nope' }))).toBe('BAD_USER_INPUT');
    const replays = await Promise.all(
      Array.from({ length: 5 }, () => m.run(REPLAY, { id: first.id, key: 'replay-1' })),
    );
    expect(replays.every((r) => !r.errors)).toBe(true);
    expect(new Set(replays.map((r) => r.data.replayWebhookDelivery.id)).size).toBe(1);
    const replay = replays[0].data.replayWebhookDelivery;
    expect(replay).toMatchObject({ status: 'pending', attempts: 0, replayOfId: first.id });
    expect(JSON.parse(replay.payload)).toEqual(first.payload);
    answers.delete(new URL(webhook.url).pathname);
    received = [];
    expect(await deliverDueWebhooks()).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0].headers['saffa-delivery']).toBe(replay.id);
    expect(JSON.parse(received[0].body)).toEqual(first.payload);
    expect((await deliveriesOf(webhook.id)).map((d) => d.status)).toEqual(['failed', 'succeeded']);
  });

  it('lists webhooks with their recent deliveries and page names in the same number of statements for 1 or 6 (DataLoader)', async () => {
    const [one, six] = await Promise.all([member(), member()]);
    const page = await buildBusiness({ ownerId: six.user.id });
    await buildWebhookDelivery({ webhookId: (await created(one)).webhook.id });
    for (let i = 0; i < 5; i++) await buildWebhookDelivery({ webhookId: (await created(six)).webhook.id });
    await buildWebhookDelivery({
      webhookId: (await created(six, { events: ['newFollower'], businessId: page.id })).webhook.id,
    });
    const a = await countQueries(() => one.run(LIST));
    const b = await countQueries(() => six.run(LIST));
    expect(a.result.data.myWebhooks).toHaveLength(1);
    expect(b.result.data.myWebhooks).toHaveLength(6);
    expect(
      b.result.data.myWebhooks.every((w: { recentDeliveries: unknown[] }) => w.recentDeliveries.length === 1),
    ).toBe(true);
    expect(b.queries.length).toBeLessThanOrEqual(a.queries.length + 1); // + the page names, which the first has none of
  });

  it("lists a webhook's deliveries page by page, newest first", async () => {
    const m = await member();
    const { webhook } = await created(m);
    for (let i = 0; i < 7; i++) await buildWebhookDelivery({ webhookId: webhook.id });
    const one = (await m.run(DELIVERIES, { id: webhook.id, first: 4 })).data.webhookDeliveries;
    expect(one.nodes).toHaveLength(4);
    expect(one.pageInfo.hasNextPage).toBe(true);
    const two = (await m.run(DELIVERIES, { id: webhook.id, first: 4, after: one.pageInfo.endCursor })).data
      .webhookDeliveries;
    expect(two.nodes).toHaveLength(3);
    expect(two.pageInfo.hasNextPage).toBe(false);
    const all = (await deliveriesOf(webhook.id)).map((d) => d.id).reverse();
    expect([...one.nodes, ...two.nodes].map((n: { id: string }) => n.id)).toEqual(all);
    const listed = (await m.run(LIST)).data.myWebhooks[0];
    expect(listed.recentDeliveries.map((d: { id: string }) => d.id)).toEqual(all.slice(0, 5));
  });
});

describe('webhooks: the four events', () => {
  /** Twenty identical requests at once. */
  const twenty = <T>(fn: () => Promise<T>) => Promise.all(Array.from({ length: 20 }, fn));

  it('new follower (member and page): exactly one delivery under 20 parallel identical follows', async () => {
    const [followed, follower, pageOwner] = await Promise.all([member(), member(), member()]);
    const page = await buildBusiness({ ownerId: pageOwner.user.id });
    const own = await created(followed, { events: ['newFollower'] });
    const pageHook = await created(pageOwner, { events: ['newFollower'], businessId: page.id });
    const ownOfPageOwner = await created(pageOwner, { events: ['newFollower'] });
    await twenty(() => follower.run(`mutation($u: ID!) { followMember(userId: $u) { id } }`, { u: followed.user.id }));
    const pageFollows = await twenty(() =>
      follower.run(`mutation($b: ID!) { followBusiness(id: $b) { id } }`, { b: page.id }),
    );
    expect(pageFollows.filter((r) => !r.errors)).toHaveLength(1);
    const [mine] = await deliveriesOf(own.webhook.id);
    expect(await deliveriesOf(own.webhook.id)).toHaveLength(1);
    expect(mine.payload.data.follower.id).toBe(follower.user.id);
    const pageDeliveries = await deliveriesOf(pageHook.webhook.id);
    expect(pageDeliveries).toHaveLength(1);
    expect(pageDeliveries[0].payload.data).toMatchObject({
      follower: { id: follower.user.id },
      business: { id: page.id, name: page.name },
    });
    // A page's follower is not the owner's own follower.
    expect(await deliveriesOf(ownOfPageOwner.webhook.id)).toHaveLength(0);
    // Unfollowing and following again is a new follow: one more delivery.
    await follower.run(`mutation($u: ID!) { unfollowMember(userId: $u) { id } }`, { u: followed.user.id });
    await follower.run(`mutation($u: ID!) { followMember(userId: $u) { id } }`, { u: followed.user.id });
    expect(await deliveriesOf(own.webhook.id)).toHaveLength(2);
  });

  it('new application: exactly one delivery under 20 parallel identical applications, to the page or to the poster', async () => {
    const [poster, applicant, pageOwner] = await Promise.all([member(), member({ firstName: 'Lerato' }), member()]);
    const page = await buildBusiness({ ownerId: pageOwner.user.id });
    const ownJob = await buildJobVacancy({ posterId: poster.user.id });
    const pageJob = await buildJobVacancy({ posterId: pageOwner.user.id, businessId: page.id });
    const posterHook = await created(poster, { events: ['newApplication'] });
    const pageHook = await created(pageOwner, { events: ['newApplication'], businessId: page.id });
    const pageOwnerOwn = await created(pageOwner, { events: ['newApplication'] });
    const apply = (vacancyId: string) =>
      applicant.run(`mutation($i: ApplyForJobInput!) { applyForJob(input: $i) { id } }`, {
        i: { vacancyId, fullName: 'Lerato M', email: 'lerato@example.com', coverLetter: 'Hire me' },
      });
    const answersOwn = await twenty(() => apply(ownJob.id));
    expect(answersOwn.filter((r) => !r.errors)).toHaveLength(1);
    expect(answersOwn.filter((r) => r.errors).every((r) => codeOf(r) === 'CONFLICT')).toBe(true);
    await twenty(() => apply(pageJob.id));
    const own = await deliveriesOf(posterHook.webhook.id);
    expect(own).toHaveLength(1);
    expect(own[0].payload.data).toMatchObject({
      vacancy: { id: ownJob.id, title: ownJob.title },
      applicant: { id: applicant.user.id },
      application: { coverLetter: 'Hire me' },
    });
    expect(await deliveriesOf(pageHook.webhook.id)).toHaveLength(1);
    expect(await deliveriesOf(pageOwnerOwn.webhook.id)).toHaveLength(0);
  });

  it('new booking: one delivery per booking made, none for a refused one (20 parallel bookings of 5 tickets)', async () => {
    const [host, booker] = await Promise.all([member(), member()]);
    const event = await buildEvent({ hostId: host.user.id, totalTickets: 5 });
    const hook = await created(host, { events: ['newBooking'] });
    const answers = await twenty(() =>
      booker.run(`mutation($e: ID!) { bookEventTickets(eventId: $e, quantity: 1) { id ticketCode } }`, { e: event.id }),
    );
    const booked = answers.filter((r) => !r.errors).map((r) => r.data.bookEventTickets);
    expect(booked).toHaveLength(5);
    const deliveries = await deliveriesOf(hook.webhook.id);
    expect(deliveries).toHaveLength(5);
    expect(new Set(deliveries.map((d) => d.payload.data.booking.id))).toEqual(
      new Set(booked.map((b: { id: string }) => b.id)),
    );
    expect(deliveries[0].payload.data).toMatchObject({
      event: { id: event.id, title: event.title, totalTickets: 5 },
      member: { id: booker.user.id },
      booking: { quantity: 1 },
    });
  });

  it('new message: exactly one delivery under 20 parallel sends with one idempotency key, to the recipient only', async () => {
    const [sender, recipient] = await Promise.all([member(), member()]);
    const [x, y] = [sender.user.id, recipient.user.id].sort();
    const conversation = await buildConversation({
      a: sender.user.id,
      b: recipient.user.id,
      originKey: `member:${x}:${y}`,
    });
    const recipientHook = await created(recipient, { events: ['newMessage'] });
    const senderHook = await created(sender, { events: ['newMessage'] });
    const sends = await twenty(() =>
      sender.run(
        `mutation($c: ID!, $k: String) { sendMessage(conversationId: $c, body: "Howzit", idempotencyKey: $k) { id } }`,
        { c: conversation.id, k: 'msg-1' },
      ),
    );
    expect(new Set(sends.map((r) => r.data?.sendMessage.id)).size).toBe(1);
    const deliveries = await deliveriesOf(recipientHook.webhook.id);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0].payload.data).toMatchObject({
      message: { id: sends[0].data.sendMessage.id, body: 'Howzit', conversationId: conversation.id },
      sender: { id: sender.user.id },
    });
    expect(await deliveriesOf(senderHook.webhook.id)).toHaveLength(0);
  });

  it("no delivery for others' events, for events a webhook did not choose, nor for a write that was refused", async () => {
    const [a, b, c] = await Promise.all([member(), member(), member()]);
    const onlyMessages = await created(a, { events: ['newMessage'] });
    const everything = await created(a);
    // b follows c, c books b's event: nothing of a's.
    await b.run(`mutation($u: ID!) { followMember(userId: $u) { id } }`, { u: c.user.id });
    const event = await buildEvent({ hostId: b.user.id });
    await c.run(`mutation($e: ID!) { bookEventTickets(eventId: $e, quantity: 1) { id } }`, { e: event.id });
    // b follows a: only the webhook that chose newFollower hears of it.
    await b.run(`mutation($u: ID!) { followMember(userId: $u) { id } }`, { u: a.user.id });
    // A refused booking (sold out) and a refused application (own job) announce nothing.
    const soldOut = await buildEvent({ hostId: a.user.id, totalTickets: 1, ticketsSold: 1 });
    expect(
      codeOf(await b.run(`mutation($e: ID!) { bookEventTickets(eventId: $e, quantity: 1) { id } }`, { e: soldOut.id })),
    ).toBe('CONFLICT');
    const job = await buildJobVacancy({ posterId: a.user.id });
    expect(
      (
        await a.run(`mutation($i: ApplyForJobInput!) { applyForJob(input: $i) { id } }`, {
          i: { vacancyId: job.id, fullName: 'A', email: 'a@example.com' },
        })
      ).errors,
    ).toBeDefined();
    // A conversation that is not a direct one (a listing's, say) is not a direct message.
    const listingChat = await buildConversation({
      a: b.user.id,
      b: a.user.id,
      originKey: `listing:${randomUUID()}:${b.user.id}`,
    });
    await b.run(`mutation($c: ID!) { sendMessage(conversationId: $c, body: "Is it available?") { id } }`, {
      c: listingChat.id,
    });
    expect(await deliveriesOf(onlyMessages.webhook.id)).toHaveLength(0);
    expect((await deliveriesOf(everything.webhook.id)).map((d) => d.event)).toEqual(['newFollower']);
  });
});
