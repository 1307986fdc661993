/**
 * "Limits and abuse" (ARCHITECTURE.md) as an outsider meets them: body limits, cross-site writes, Apollo's
 * CSRF prevention, GraphQL depth/alias/token limits over HTTP and over the websocket, and the websocket's
 * origin check and session.
 */
import zlib from 'node:zlib';
import { createClient, type Client as WsClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { client, signedUpClient, startApp, type App } from '../support/app';

const BODY_LIMIT = 20_000;
/** /graphql has its own, larger limit (files travel inside it as data URLs). */
const GRAPHQL_BODY_LIMIT = 50_000;
const EVIL = 'https://evil.example';
const WS_MAX_SUBSCRIPTIONS = 5;
/** The default limit of a websocket message before connection_init is accepted. */
const WS_INIT_PAYLOAD_BYTES = 8_192;
let app: App;

beforeAll(async () => {
  app = await startApp({
    BODY_LIMIT_BYTES: String(BODY_LIMIT),
    GRAPHQL_BODY_LIMIT_BYTES: String(GRAPHQL_BODY_LIMIT),
    RATE_SIGNUP_PER_IP: '1000',
    RATE_SIGNIN_PER_IP: '1000',
    WS_MAX_SUBSCRIPTIONS: String(WS_MAX_SUBSCRIPTIONS),
  });
});
afterAll(async () => {
  await app?.stop();
});

const wsUrl = () => `${app.url.replace(/^http/, 'ws')}/graphql`;

/** A `ws` WebSocket that presents extra handshake headers (a browser sends its cookies and Origin itself). */
function webSocketWith(headers: Record<string, string>) {
  return class extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  };
}

function wsClient(headers: Record<string, string> = {}): WsClient {
  return createClient({ url: wsUrl(), webSocketImpl: webSocketWith(headers), retryAttempts: 0, lazy: true });
}

/** Runs one operation over the websocket and answers its single result (or the errors it was refused with). */
function wsRun(c: WsClient, query: string): Promise<{ data?: any; errors?: ReadonlyArray<{ message: string }> }> {
  return new Promise((resolve, reject) => {
    let result: { data?: any; errors?: ReadonlyArray<{ message: string }> } | undefined;
    c.subscribe(
      { query },
      {
        next: (value) => (result = value as typeof result),
        error: (err) => {
          if (Array.isArray(err)) resolve({ errors: err });
          else
            reject(
              err instanceof Error
                ? err
                : new Error(
                    `websocket closed: ${(err as { code?: number; reason?: string })?.code} ` +
                      `${(err as { reason?: string })?.reason ?? ''}`,
                  ),
            );
        },
        complete: () => resolve(result ?? {}),
      },
    );
  });
}

/** Nests `__type { ofType { ... } }` so the operation is `depth` fields deep. */
function nestedQuery(depth: number): string {
  // __type (1) > fields (2) > type (3) > ofType (4..depth-1) > name (depth)
  let inner = 'name';
  for (let i = 0; i < depth - 4; i++) inner = `ofType { ${inner} }`;
  return `{ __type(name: "Query") { fields { type { ${inner} } } } }`;
}

const aliasQuery = (n: number) =>
  `{ ${Array.from({ length: n }, (_, i) => `a${i}: appConfig { passwordMinLength }`).join(' ')} }`;

describe('requires authentication', () => {
  test('the websocket viewer is nobody without a session cookie', async () => {
    const c = wsClient();
    try {
      const res = await wsRun(c, '{ me { email } }');
      expect(res.errors).toBeUndefined();
      expect(res.data).toEqual({ me: null });
    } finally {
      await c.dispose();
    }
  });
});

describe('plain HTTP', () => {
  test('GET /healthz answers 200 when the database answers', async () => {
    const res = await client(app.url).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok', database: 'ok', events: 'listening' });
  });

  test('an unknown /api path answers 404', async () => {
    for (const [method, path] of [
      ['GET', '/api/no-such-thing'],
      ['POST', '/api/no-such-thing'],
      ['DELETE', '/api/auth/no-such-thing'],
    ] as const) {
      const res = await client(app.url).request(method, path);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });

  test('responses carry nosniff and frame-denial headers', async () => {
    const res = await client(app.url).get('/healthz');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('body size limit', () => {
  const big = (bytes: number) =>
    JSON.stringify({ email: 'big@example.test', password: 'x'.repeat(bytes), firstName: 'B', lastName: 'B' });

  test('a REST body over BODY_LIMIT_BYTES answers 413; just under it is read', async () => {
    const over = await client(app.url).post('/api/auth/register', undefined, {
      rawBody: big(BODY_LIMIT + 1_000),
      headers: { 'content-type': 'application/json' },
    });
    expect(over.status).toBe(413);
    expect(over.text).not.toMatch(/\bat \S+ \(/);

    const under = await client(app.url).post('/api/auth/register', undefined, {
      rawBody: big(BODY_LIMIT - 1_000),
      headers: { 'content-type': 'application/json' },
    });
    expect(under.status).toBe(400); // read, then refused by the password rule (at most 200 characters)
    expect(under.text).toContain('password');
  });

  test('a GraphQL body over GRAPHQL_BODY_LIMIT_BYTES answers 413; just under it runs for a member', async () => {
    const member = (await signedUpClient(app.url)).client;
    const over = await member.post('/graphql', {
      query: '{ __typename }',
      variables: { pad: 'x'.repeat(GRAPHQL_BODY_LIMIT + 1_000) },
    });
    expect(over.status).toBe(413);
    const under = await member.post('/graphql', {
      query: '{ __typename }',
      variables: { pad: 'x'.repeat(GRAPHQL_BODY_LIMIT - 1_000) },
    });
    expect(under.status).toBe(200);
    expect(under.json.data).toEqual({ __typename: 'Query' });
  });

  test('without a session, a GraphQL body over BODY_LIMIT_BYTES answers 413 before it is read', async () => {
    const anonymous = await client(app.url).post('/graphql', {
      query: '{ __typename }',
      variables: { pad: 'x'.repeat(BODY_LIMIT + 1_000) },
    });
    expect(anonymous.status).toBe(413);
    const small = await client(app.url).post('/graphql', {
      query: '{ __typename }',
      variables: { pad: 'x'.repeat(BODY_LIMIT - 1_000) },
    });
    expect(small.status).toBe(200);
  });
});

describe('compressed bodies and bodies before the session is known', () => {
  const gzipped = (value: unknown) => new Uint8Array(zlib.gzipSync(JSON.stringify(value)));
  const gzipHeaders = { 'content-type': 'application/json', 'content-encoding': 'gzip' };
  const padded = (bytes: number) => ({ query: '{ __typename }', variables: { pad: 'x'.repeat(bytes) } });

  test('without a session, a small gzip body that inflates past BODY_LIMIT_BYTES answers 413', async () => {
    const body = gzipped(padded(BODY_LIMIT * 2));
    expect(body.length).toBeLessThan(BODY_LIMIT / 10);
    const res = await client(app.url).post('/graphql', undefined, { rawBody: body, headers: gzipHeaders });
    expect(res.status).toBe(413);
    const small = await client(app.url).post('/graphql', undefined, {
      rawBody: gzipped(padded(BODY_LIMIT / 2)),
      headers: gzipHeaders,
    });
    expect(small.status).toBe(200);
    expect(small.json.data).toEqual({ __typename: 'Query' });
  });

  test("a member's gzip body counts inflated against GRAPHQL_BODY_LIMIT_BYTES", async () => {
    const member = (await signedUpClient(app.url)).client;
    const over = await member.post('/graphql', undefined, {
      rawBody: gzipped(padded(GRAPHQL_BODY_LIMIT + 1_000)),
      headers: gzipHeaders,
    });
    expect(over.status).toBe(413);
    const under = await member.post('/graphql', undefined, {
      rawBody: gzipped(padded(GRAPHQL_BODY_LIMIT - 1_000)),
      headers: gzipHeaders,
    });
    expect(under.status).toBe(200);
  });

  test('POST /api/posts without a session answers 413 for a body over BODY_LIMIT_BYTES (plain or gzip), not 401 after reading it', async () => {
    const post = { content: 'x'.repeat(BODY_LIMIT * 2) };
    const plain = await client(app.url).post('/api/posts', post);
    expect(plain.status).toBe(413);
    const gzip = await client(app.url).post('/api/posts', undefined, { rawBody: gzipped(post), headers: gzipHeaders });
    expect(gzip.status).toBe(413);
    const small = await client(app.url).post('/api/posts', { content: 'hello' });
    expect(small.status).toBe(401);
    // A member's upload row keeps its large limit: the body is read and the post's own rules answer.
    const member = (await signedUpClient(app.url)).client;
    const read = await member.post('/api/posts', undefined, {
      rawBody: gzipped({ content: 'hello', images: ['x'.repeat(BODY_LIMIT * 2)] }),
      headers: gzipHeaders,
    });
    expect(read.status).toBe(400);
    expect(read.text).not.toMatch(/too large/i);
  });
});

describe('cross-site requests', () => {
  test(`a REST write with Origin ${EVIL} answers 403 and does nothing`, async () => {
    const { input } = await signedUpClient(app.url);
    const c = client(app.url);
    const res = await c.post(
      '/api/auth/login',
      { email: input.email, password: input.password },
      { headers: { origin: EVIL } },
    );
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie().some((h) => h.startsWith('saffa.sid='))).toBe(false);
    expect((await c.get('/api/auth/user')).status).toBe(401);
  });

  test('a REST write from the app origin is accepted', async () => {
    const { input } = await signedUpClient(app.url);
    const res = await client(app.url).post(
      '/api/auth/login',
      { email: input.email, password: input.password },
      { headers: { origin: app.url } },
    );
    expect(res.status).toBe(200);
  });

  test('POST /graphql with content-type text/plain is refused by CSRF prevention', async () => {
    const res = await client(app.url).post('/graphql', undefined, {
      rawBody: JSON.stringify({ query: '{ __typename }' }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/Cross-Site Request Forgery/i);
  });

  test('CORS allows the app origin with credentials and not another site', async () => {
    const preflight = (origin: string) =>
      client(app.url).request('OPTIONS', '/graphql', undefined, {
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    const own = await preflight(app.url);
    expect(own.headers.get('access-control-allow-origin')).toBe(app.url);
    expect(own.headers.get('access-control-allow-credentials')).toBe('true');
    const evil = await preflight(EVIL);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('the Vite dev server origin is not trusted outside `npm run dev` (NODE_ENV unset is not enough)', async () => {
    const dev = 'http://localhost:5173';
    const preflight = await client(app.url).request('OPTIONS', '/graphql', undefined, {
      headers: {
        origin: dev,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const { input } = await signedUpClient(app.url);
    const write = await client(app.url).post(
      '/api/auth/login',
      { email: input.email, password: input.password },
      { headers: { origin: dev } },
    );
    expect(write.status).toBe(403);
  });
});

describe('GraphQL operation limits over HTTP', () => {
  test('a query 10 deep runs', async () => {
    const res = await client(app.url).graphql(nestedQuery(10));
    expect(res.json.errors).toBeUndefined();
    expect(res.json.data.__type.fields.length).toBeGreaterThan(0);
  });

  test('a query nested deeper than 10 is refused', async () => {
    const res = await client(app.url).graphql(nestedQuery(11));
    expect(res.json.data ?? undefined).toBeUndefined();
    expect(res.json.errors?.[0]?.message).toMatch(/depth/i);
  });

  test('15 aliases run; 16 are refused', async () => {
    const ok = await client(app.url).graphql(aliasQuery(15));
    expect(ok.json.errors).toBeUndefined();
    expect(Object.keys(ok.json.data)).toHaveLength(15);
    const tooMany = await client(app.url).graphql(aliasQuery(16));
    expect(tooMany.json.data ?? undefined).toBeUndefined();
    expect(tooMany.json.errors?.[0]?.message).toMatch(/alias/i);
  });

  test('a document of more than 1000 tokens is refused', async () => {
    const fields = Array.from({ length: 1100 }, () => '__typename').join(' ');
    const res = await client(app.url).graphql(`{ ${fields} }`);
    expect(res.json.data ?? undefined).toBeUndefined();
    expect(res.json.errors?.[0]?.message).toMatch(/token/i);
  });

  test('errors carry no stack trace', async () => {
    const res = await client(app.url).graphql('{ noSuchField }');
    expect(res.json.errors?.length).toBeGreaterThan(0);
    expect(JSON.stringify(res.json)).not.toMatch(/stacktrace|\bat \S+ \(/i);
  });
});

describe('the websocket at /graphql', () => {
  test(`refuses a handshake with Origin ${EVIL}`, async () => {
    const status = await new Promise<number | string>((resolve) => {
      const ws = new WebSocket(wsUrl(), 'graphql-transport-ws', { headers: { origin: EVIL } });
      ws.on('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 'no status');
        ws.terminate();
      });
      ws.on('open', () => {
        resolve('open');
        ws.close();
      });
      ws.on('error', (err) => resolve(`error: ${err.message}`));
    });
    expect(status).toBe(403);
  });

  test('accepts a handshake from the app origin', async () => {
    const c = wsClient({ origin: app.url });
    try {
      expect((await wsRun(c, '{ __typename }')).data).toEqual({ __typename: 'Query' });
    } finally {
      await c.dispose();
    }
  });

  test('with the session cookie, the viewer is the signed-in member', async () => {
    const { client: http, input } = await signedUpClient(app.url);
    const c = wsClient({ cookie: http.cookieHeader(), origin: app.url });
    try {
      const res = await wsRun(c, '{ me { email displayName } }');
      expect(res.errors).toBeUndefined();
      expect(res.data).toEqual({ me: { email: input.email, displayName: 'Thandi Nkosi' } });
    } finally {
      await c.dispose();
    }
  });

  test('a signed-out session cookie is nobody on a new connection', async () => {
    const { client: http } = await signedUpClient(app.url);
    const cookie = http.cookieHeader();
    await http.get('/api/logout');
    const c = wsClient({ cookie });
    try {
      expect((await wsRun(c, '{ me { email } }')).data).toEqual({ me: null });
    } finally {
      await c.dispose();
    }
  });

  test('applies the same depth and alias limits', async () => {
    const c = wsClient();
    try {
      const ok = await wsRun(c, nestedQuery(10));
      expect(ok.errors).toBeUndefined();
      const deep = await wsRun(c, nestedQuery(11));
      expect(deep.data).toBeUndefined();
      expect(deep.errors?.[0]?.message).toMatch(/depth/i);
      const aliases = await wsRun(c, aliasQuery(16));
      expect(aliases.data).toBeUndefined();
      expect(aliases.errors?.[0]?.message).toMatch(/alias/i);
    } finally {
      await c.dispose();
    }
  });
});

describe('client mistakes answer a clear 4xx, never 500', () => {
  const NUL = 'a\u0000b';
  const cursor = (text: string) => Buffer.from(text).toString('base64url');
  const someUuid = '5b0c4f8e-3c1a-4f55-9a57-0b9a0c3f2d11';

  test('a NUL character in a post, its location, a comment, names or an e-mail answers 400 and stores nothing', async () => {
    const { client: member } = await signedUpClient(app.url);
    for (const body of [{ content: NUL }, { content: 'fine', location: NUL }]) {
      const res = await member.post('/api/posts', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.text).toMatch(/NUL/);
    }
    expect(
      (await member.get('/api/posts?limit=100')).json.filter(
        (p: { content: string; location: string }) => p.content === NUL || p.location === NUL,
      ),
    ).toEqual([]);
    const post = await member.post('/api/posts', { content: 'a clean post' });
    expect(post.status).toBe(201);
    const comment = await member.post(`/api/posts/${post.json.id}/comments`, { text: NUL });
    expect(comment.status).toBe(400);
    for (const overrides of [{ firstName: NUL }, { lastName: NUL }, { email: `x${NUL}@example.test` }]) {
      const res = await client(app.url).post('/api/auth/register', {
        email: `nul.${Date.now()}.${Math.random()}@example.test`,
        password: 'correct horse battery',
        firstName: 'A',
        lastName: 'B',
        ...overrides,
      });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
    }
    const graphql = await member.graphql(
      'mutation ($text: String!) { addComment(postId: "' + post.json.id + '", text: $text) { id } }',
      { text: NUL },
    );
    expect(graphql.json.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const inline = await member.graphql(
      'mutation { addComment(postId: "' + post.json.id + '", text: "a\\u0000b") { id } }',
    );
    expect(inline.json.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  test('REST body fields are checked by type: latitude true is refused, not stored as 1; a numeric string is a number', async () => {
    const { client: member } = await signedUpClient(app.url);
    const content = `check-in ${Date.now()}`;
    for (const latitude of [true, 'north', [1], {}]) {
      const res = await member.post('/api/posts', { content, location: 'Cape Town', latitude, longitude: 18.42 });
      expect(res.status, JSON.stringify(latitude)).toBe(400);
      expect(res.text).toBe('latitude must be a number');
    }
    expect(
      (await member.get('/api/posts?limit=100')).json.filter((p: { content: string }) => p.content === content),
    ).toEqual([]);
    const ok = await member.post('/api/posts', {
      content,
      location: 'Cape Town',
      latitude: '-33.92',
      longitude: 18.42,
    });
    expect(ok.status).toBe(201);
    expect([ok.json.latitude, ok.json.longitude]).toEqual(['-33.92', '18.42']);
  });

  test('a crafted pagination cursor (impossible date, non-UUID id) answers 400', async () => {
    const { client: member } = await signedUpClient(app.url);
    for (const crafted of [
      cursor(`-271821-04-20T00:00:00.000Z|${someUuid}`),
      cursor(`2024-02-30T00:00:00.000Z|${someUuid}`),
      cursor(`${new Date().toISOString()}|not-a-uuid`),
      cursor(`${new Date().toISOString()}|${someUuid}|extra`),
      'not base64 at all!',
    ]) {
      const res = await member.get(`/api/posts?after=${encodeURIComponent(crafted)}`);
      expect(res.status, crafted).toBe(400);
      expect(res.text).toMatch(/cursor/);
    }
  });

  test('a document of more than 1000 tokens answers 400 over HTTP', async () => {
    const fields = Array.from({ length: 1100 }, () => '__typename').join(' ');
    const res = await client(app.url).graphql(`{ ${fields} }`);
    expect(res.status).toBe(400);
    expect(res.json.errors?.[0]?.message).toMatch(/token/i);
  });

  test('a JSON body in a charset other than UTF-8 answers 415', async () => {
    for (const path of ['/graphql', '/api/auth/login']) {
      const res = await client(app.url).post(path, undefined, {
        rawBody: JSON.stringify({ query: '{ __typename }', email: 'a@example.test', password: 'x' }),
        headers: { 'content-type': 'application/json; charset=iso-8859-1' },
      });
      expect(res.status, path).toBe(415);
      expect(res.text).toMatch(/charset/i);
    }
  });

  test('an unknown Content-Encoding answers 415', async () => {
    for (const path of ['/graphql', '/api/auth/login']) {
      const res = await client(app.url).post(path, undefined, {
        rawBody: JSON.stringify({ query: '{ __typename }' }),
        headers: { 'content-type': 'application/json', 'content-encoding': 'snappy' },
      });
      expect(res.status, path).toBe(415);
      expect(res.text).toMatch(/encoding/i);
    }
  });
});

describe('websocket abuse', () => {
  /** A raw graphql-transport-ws socket: answers how the server closed it, or 'open' if it did not within a while. */
  function rawSocket(headers: Record<string, string> = {}) {
    const ws = new WebSocket(wsUrl(), 'graphql-transport-ws', { headers });
    const messages: any[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(String(data))));
    const opened = new Promise<void>((resolve, reject) => (ws.once('open', () => resolve()), ws.once('error', reject)));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    const next = async (type: string) => {
      for (let i = 0; i < 100 && !messages.some((m) => m.type === type); i++)
        await new Promise((r) => setTimeout(r, 20));
      return messages.find((m) => m.type === type);
    };
    return { ws, messages, opened, closed, next };
  }
  const closedWithin = (closed: Promise<number>, ms = 2_000) =>
    Promise.race([closed, new Promise<string>((r) => setTimeout(() => r('open'), ms))]);

  test('a message larger than WS_INIT_PAYLOAD_BYTES before connection_init is accepted closes the socket (1009)', async () => {
    const s = rawSocket();
    await s.opened;
    s.ws.send(JSON.stringify({ type: 'connection_init', payload: { pad: 'x'.repeat(WS_INIT_PAYLOAD_BYTES + 1_000) } }));
    expect(await closedWithin(s.closed)).toBe(1009);
    expect(s.messages.some((m) => m.type === 'connection_ack')).toBe(false);
  });

  test('after connection_init larger messages pass up to BODY_LIMIT_BYTES, and no further (1009)', async () => {
    const s = rawSocket();
    await s.opened;
    s.ws.send(JSON.stringify({ type: 'connection_init' }));
    expect(await s.next('connection_ack')).toBeTruthy();
    const pad = 'x'.repeat(WS_INIT_PAYLOAD_BYTES * 2);
    s.ws.send(
      JSON.stringify({
        id: '1',
        type: 'subscribe',
        payload: { query: 'query ($pad: String!) { __type(name: $pad) { name } }', variables: { pad } },
      }),
    );
    expect((await s.next('next'))?.payload).toEqual({ data: { __type: null } });
    s.ws.send(
      JSON.stringify({
        id: '2',
        type: 'subscribe',
        payload: { query: '{ __typename }', variables: { pad: 'x'.repeat(BODY_LIMIT + 1_000) } },
      }),
    );
    expect(await closedWithin(s.closed)).toBe(1009);
  });

  test(`one socket runs at most ${WS_MAX_SUBSCRIPTIONS} operations at once; a closed one frees its place`, async () => {
    const { client: http } = await signedUpClient(app.url);
    const c = createClient({
      url: wsUrl(),
      webSocketImpl: webSocketWith({ cookie: http.cookieHeader() }),
      retryAttempts: 0,
    });
    try {
      const stops: Array<() => void> = [];
      const refusals: string[] = [];
      for (let i = 0; i < WS_MAX_SUBSCRIPTIONS + 1; i++) {
        stops.push(
          c.subscribe(
            { query: 'subscription { notificationAdded { id } }' },
            {
              next: () => undefined,
              complete: () => undefined,
              error: (e) => refusals.push(Array.isArray(e) ? e[0].message : String(e)),
            },
          ),
        );
      }
      for (let i = 0; i < 100 && !refusals.length; i++) await new Promise((r) => setTimeout(r, 20));
      expect(refusals).toEqual([`At most ${WS_MAX_SUBSCRIPTIONS} operations at once on one connection`]);
      expect((await wsRun(c, '{ __typename }')).errors?.[0]?.message).toMatch(/At most/);
      stops[0]();
      await new Promise((r) => setTimeout(r, 100));
      expect((await wsRun(c, '{ __typename }')).data).toEqual({ __typename: 'Query' });
      for (const stop of stops) stop();
    } finally {
      await c.dispose();
    }
  });

  test('field suggestions are masked on the websocket as over HTTP', async () => {
    const overHttp = await client(app.url).graphql('{ mee { id } }');
    expect(overHttp.json.errors?.[0]?.message).not.toMatch(/Did you mean/);
    const c = wsClient();
    try {
      const res = await wsRun(c, '{ mee { id } }');
      expect(res.errors?.[0]?.message).toMatch(/Cannot query field "mee"/);
      expect(res.errors?.[0]?.message).not.toMatch(/Did you mean/);
      expect(res.errors?.[0]?.message).toContain('[Suggestion hidden]');
    } finally {
      await c.dispose();
    }
  });
});
