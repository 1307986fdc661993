/**
 * Personal access tokens, as an integrator uses them: `Authorization: Bearer <secret>` on GraphQL over HTTP, on the
 * websocket (connection params) and on the REST adapter, with no cookie and no browser headers; across two API
 * processes on one database (as scale-out.contract.test.ts starts them): a token revoked on A is refused on B at once.
 */
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { client, signedUpClient, startApp, type App } from '../support/app';

let a: App;
let b: App;
const ADMIN = 'tokens-admin@example.com';
const ADMIN2 = 'tokens-admin2@example.com';

beforeAll(async () => {
  a = await startApp({ RATE_SIGNUP_PER_IP: '1000', RATE_SIGNIN_PER_IP: '1000', ADMIN_EMAILS: `${ADMIN},${ADMIN2}` });
  b = await startApp({
    DATABASE_URL: `postgres://saffa:saffa@127.0.0.1:${a.pgPort}/saffa`,
    RATE_SIGNUP_PER_IP: '1000',
    RATE_SIGNIN_PER_IP: '1000',
    ADMIN_EMAILS: `${ADMIN},${ADMIN2}`,
  });
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const CREATE =
  `mutation($input: CreateAccessTokenInput!) { createAccessToken(input: $input) { secret token { id ` +
  `prefix scope } } }`;

/** A member signed in on A (a browser session) with a token of `scope` made there. */
async function memberWithToken(scope: 'read' | 'readWrite', name = `integration ${scope}`) {
  const m = await signedUpClient(a.url);
  const r = await m.client.graphql(CREATE, { input: { name, scope } }, { headers: { origin: a.url } });
  expect(r.status).toBe(200);
  expect(r.json.errors).toBeUndefined();
  return {
    ...m,
    secret: r.json.data.createAccessToken.secret as string,
    tokenId: r.json.data.createAccessToken.token.id as string,
  };
}

/** A client with no cookies that sends the token, as a server-side integrator does. */
function integrator(app: App, secret: string) {
  const c = client(app.url);
  const headers = { authorization: `Bearer ${secret}` };
  return {
    graphql: (q: string, v?: Record<string, unknown>) => c.graphql(q, v, { headers }),
    get: (p: string) => c.get(p, { headers }),
    post: (p: string, body?: unknown) => c.post(p, body, { headers }),
  };
}

/** A `notificationAdded` subscription on `app` authenticated by connection params only (no cookie, no Origin). */
async function tokenSubscription(app: App, secret: string) {
  const received: unknown[] = [];
  const errors: unknown[] = [];
  let closed: number | null = null;
  let connected!: () => void;
  const ready = new Promise<void>((r) => (connected = r));
  const ws = createClient({
    url: `${app.url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${secret}` },
    retryAttempts: 0,
    lazy: false,
    on: { connected: () => connected(), closed: (e) => (closed = (e as { code: number }).code) },
    onNonLazyError: () => undefined,
  });
  ws.subscribe(
    { query: 'subscription { notificationAdded { title message } }' },
    {
      next: (v) => (v.data ? received.push(v.data) : errors.push(v.errors)),
      error: (e) => errors.push(e),
      complete: () => undefined,
    },
  );
  return { ready, received, errors, closedWith: () => closed, dispose: () => ws.dispose() };
}

describe('personal access tokens over HTTP, the websocket and REST', () => {
  test('a read-write token works on both processes over GraphQL (POST and GET) and REST, without cookie or CSRF headers', async () => {
    const m = await memberWithToken('readWrite');
    for (const app of [a, b]) {
      const api = integrator(app, m.secret);
      const me = await api.graphql('{ me { id } }');
      expect(me.status).toBe(200);
      expect(me.json.data.me.id).toBe(m.user.id);
      // A GET query with a token needs no preflight header: a browser could not send Authorization cross-site unasked.
      const get = await api.get(`/graphql?query=${encodeURIComponent('{ me { id } }')}`);
      expect(get.status).toBe(200);
      expect(get.json.data.me.id).toBe(m.user.id);
      const rest = await api.get('/api/auth/user');
      expect(rest.status).toBe(200);
      expect(rest.json.id).toBe(m.user.id);
    }
    const post = await integrator(b, m.secret).post('/api/posts', { content: 'Posted by our integration' });
    expect(post.status).toBe(201);
    // The token's last use is noted, and the secret never appears in the list.
    const list = await m.client.graphql(
      '{ myAccessTokens { id lastUsedAt prefix } }',
      {},
      { headers: { origin: a.url } },
    );
    expect(list.json.data.myAccessTokens).toEqual([
      expect.objectContaining({ id: m.tokenId, lastUsedAt: expect.any(String) }),
    ]);
    expect(list.text).not.toContain(m.secret);
  });

  test('a read token runs no mutation (FORBIDDEN over GraphQL, 403 over REST) and nothing is written', async () => {
    const m = await memberWithToken('read');
    const api = integrator(b, m.secret);
    const r = await api.graphql(`mutation { createPost(input: { content: "should not exist" }) { id } }`);
    expect(r.json.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const rest = await api.post('/api/posts', { content: 'should not exist either' });
    expect(rest.status).toBe(403);
    const mine = await m.client.get('/api/posts');
    expect(mine.status).toBe(200);
    expect(JSON.stringify(mine.json ?? '')).not.toContain('should not exist');
  });

  test('a token never manages tokens nor reaches the vault or the data archive', async () => {
    const m = await memberWithToken('readWrite');
    const api = integrator(a, m.secret);
    const list = await api.graphql('{ myAccessTokens { id } }');
    expect(list.json.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const create = await api.graphql(CREATE, { input: { name: 'child', scope: 'readWrite' } });
    expect(create.json.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const vault = await api.graphql('{ vault { hasPassword } }');
    expect(vault.json.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const file = await api.get('/api/vault/documents/00000000-0000-4000-8000-000000000000/file');
    expect(file.status).toBe(403);
    const archive = await api.get('/api/me/export');
    expect(archive.status).toBe(403);
  });

  test('an unknown token is refused with 401 everywhere, never treated as signed out', async () => {
    const api = integrator(b, 'saffa_pat_thisIsNotAToken');
    const r = await api.graphql('{ appConfig { __typename } }');
    expect(r.status).toBe(401);
    expect(r.json.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await api.get('/api/auth/user')).status).toBe(401);
    const sub = await tokenSubscription(b, 'saffa_pat_thisIsNotAToken');
    const until = Date.now() + 5_000;
    while (sub.closedWith() === null && Date.now() < until) await sleep(25);
    expect(sub.closedWith()).toBe(4403);
    await sub.dispose();
  });

  test("a subscription on B opened with a token receives its member's events; revoking on A closes it and refuses the token on B at once", async () => {
    const m = await memberWithToken('readWrite');
    const post = await integrator(a, m.secret).post('/api/posts', { content: 'Braai on Saturday?' });
    expect(post.status).toBe(201);
    const sub = await tokenSubscription(b, m.secret);
    await sub.ready;
    await sleep(300);
    const commenter = await signedUpClient(a.url, { firstName: 'Sipho' });
    expect((await commenter.client.post(`/api/posts/${post.json.id}/comments`, { text: 'Count me in!' })).status).toBe(
      201,
    );
    const until = Date.now() + 5_000;
    while (!sub.received.length && Date.now() < until) await sleep(25);
    expect(sub.errors).toEqual([]);
    expect(JSON.stringify(sub.received)).toContain('Count me in!');

    const revoked = await m.client.graphql(
      `mutation($id: ID!) { revokeAccessToken(id: $id) }`,
      { id: m.tokenId },
      { headers: { origin: a.url } },
    );
    expect(revoked.json.data.revokeAccessToken).toBe(m.tokenId);
    // The subscription open on B with it is closed (4401), announced through PostgreSQL.
    const closing = Date.now() + 5_000;
    while (sub.closedWith() === null && Date.now() < closing) await sleep(25);
    expect(sub.closedWith()).toBe(4401);
    await sub.dispose();
    const onB = integrator(b, m.secret);
    const r = await onB.graphql('{ me { id } }');
    expect(r.status).toBe(401);
    expect(r.json.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await onB.get('/api/auth/user')).status).toBe(401);
    const again = await tokenSubscription(b, m.secret);
    const by = Date.now() + 5_000;
    while (again.closedWith() === null && Date.now() < by) await sleep(25);
    expect(again.closedWith()).toBe(4403);
    await again.dispose();
    // The member's browser session is untouched.
    expect((await m.client.get('/api/auth/user')).status).toBe(200);
  });
  test('suspending a member closes the subscriptions open with their tokens on every process and refuses the tokens; lifting it lets them work again', async () => {
    const m = await memberWithToken('read', 'suspension');
    const sub = await tokenSubscription(b, m.secret);
    await sub.ready;
    const admin = await signedUpClient(a.url, { email: ADMIN, firstName: 'Annelie' });
    const suspend = (suspended: boolean) =>
      admin.client.graphql(
        `mutation($id: ID!, $s: Boolean!) { adminSetUserSuspended(id: $id, suspended: $s) { id } }`,
        { id: m.user.id, s: suspended },
        { headers: { origin: a.url } },
      );
    const done = await suspend(true);
    expect(done.json.errors).toBeUndefined();
    // Suspended on A; the socket on B is closed (4401), announced through PostgreSQL.
    const closing = Date.now() + 5_000;
    while (sub.closedWith() === null && Date.now() < closing) await sleep(25);
    expect(sub.closedWith()).toBe(4401);
    await sub.dispose();
    expect((await integrator(b, m.secret).graphql('{ me { id } }')).status).toBe(401);
    // The token is kept: lifting the suspension lets it work again.
    expect((await suspend(false)).json.errors).toBeUndefined();
    const me = await integrator(b, m.secret).graphql('{ me { id } }');
    expect(me.status).toBe(200);
    expect(me.json.data.me.id).toBe(m.user.id);
  });

  test("an admin's read-write token has no admin powers over REST or GraphQL (403, nothing changes); an admin-scoped token, which expires within a day, has", async () => {
    const admin = await signedUpClient(a.url, { email: ADMIN2, firstName: 'Anton' });
    const victim = await signedUpClient(a.url);
    const make = async (scope: 'readWrite' | 'admin') => {
      const r = await admin.client.graphql(
        CREATE,
        { input: { name: `admin ${scope}`, scope } },
        { headers: { origin: a.url } },
      );
      expect(r.json.errors).toBeUndefined();
      return { authorization: `Bearer ${r.json.data.createAccessToken.secret as string}` };
    };
    const rw = await make('readWrite');
    const api = client(b.url);
    const target = `/api/admin/users/${victim.user.id}`;
    expect((await api.get('/api/admin/users', { headers: rw })).status).toBe(403);
    expect((await api.patch(target, { email: `stolen.${Date.now()}@example.com` }, { headers: rw })).status).toBe(403);
    expect((await api.patch(target, { role: 'admin' }, { headers: rw })).status).toBe(403);
    expect((await api.delete(target, undefined, { headers: rw })).status).toBe(403);
    const suspend = `mutation($id: ID!) { adminSetUserSuspended(id: $id, suspended: true) { id } }`;
    expect((await api.graphql(suspend, { id: victim.user.id }, { headers: rw })).json.errors[0].extensions.code).toBe(
      'FORBIDDEN',
    );
    const me = await victim.client.graphql('{ me { id email role } }', undefined, { headers: { origin: a.url } });
    expect(me.json.data.me).toEqual({ id: victim.user.id, email: victim.input.email.toLowerCase(), role: 'user' });

    const adminScoped = await make('admin');
    expect((await api.get('/api/admin/users', { headers: adminScoped })).status).toBe(200);
  });
});
