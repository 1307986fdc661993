/**
 * GraphQL abuse (issue 15, item 8), over HTTP and over the websocket, anonymous and as a member: depth, aliases,
 * tokens, directives, cost (`first: 100000`), batched arrays, an oversize query text, introspection-heavy queries,
 * fragment cycles. Each is refused with a clear 4xx or GraphQL error, never a 500, and the server stays healthy.
 * (security.contract.test.ts pins the exact depth, alias and token limits at their edges; this file throws the
 * whole list at one server and counts the refusals.)
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { client, signedUpClient, startApp, type App, type Client } from '../support/app';

const QUERY_BYTES = 20_000;
let app: App;
let member: Client;
let refused = 0;

beforeAll(async () => {
  app = await startApp({ GRAPHQL_MAX_QUERY_BYTES: String(QUERY_BYTES), RATE_SIGNUP_PER_IP: '1000' });
  member = (await signedUpClient(app.url)).client;
});
afterAll(async () => {
  console.log(`GraphQL abuse: ${refused} attacks refused`);
  await app?.stop();
});

const repeat = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join(' ');
/** `__schema { types { fields { type { ... } } } }` nested `levels` times: what introspection-heavy clients abuse. */
function introspectionBomb(levels: number) {
  let inner = 'name';
  for (let i = 0; i < levels; i++) inner = `fields { type { ${inner} } }`;
  return `{ __schema { types { ${inner} } } }`;
}

/** Attacks as GraphQL documents (with variables), and the message each refusal carries. */
const ATTACKS: Array<{ name: string; query: string; variables?: Record<string, unknown>; message: RegExp }> = [
  {
    name: 'depth 30',
    query: `{ __type(name: "Query") { fields { type { ${'ofType { '.repeat(26)}name${' }'.repeat(26)} } } } }`,
    message: /depth/i,
  },
  // (Aliases of __typename are free and allowed: armor's allow-list.)
  {
    name: '100 aliases',
    query: `{ ${repeat(100, (i) => `a${i}: appConfig { passwordMinLength }`)} }`,
    message: /alias/i,
  },
  {
    name: '20 aliased full introspections',
    query: `{ ${repeat(20, (i) => `s${i}: __schema { types { name fields { name } } }`)} }`,
    message: /alias/i,
  },
  { name: '1200 tokens', query: `{ ${repeat(1200, () => '__typename')} }`, message: /token/i },
  { name: '60 directives', query: `{ __typename ${repeat(60, () => '@include(if: true)')} }`, message: /directive/i },
  {
    name: 'first: 100000 (cost)',
    query: '{ notifications(first: 100000) { nodes { id title message } } }',
    message: /cost/i,
  },
  {
    name: 'first: 100000 in a variable',
    query: 'query ($n: Int) { notifications(first: $n) { nodes { id } } }',
    variables: { n: 100_000 },
    message: /first|signed in/i,
  },
  { name: 'introspection nested 8 deep', query: introspectionBomb(8), message: /introspection|depth/i },
  {
    name: '__type nesting through ofType and interfaces',
    query: `{ __schema { types { interfaces { fields { type { fields { type { fields { name } } } } } } } } }`,
    message: /introspection|depth/i,
  },
  {
    name: `query text over ${QUERY_BYTES} bytes (one long string)`,
    query: `{ __type(name: "${'x'.repeat(QUERY_BYTES)}") { name } }`,
    message: /longer than/i,
  },
  {
    name: `query text over ${QUERY_BYTES} bytes (a comment)`,
    query: `# ${'x'.repeat(QUERY_BYTES)}\n{ __typename }`,
    message: /longer than/i,
  },
  {
    name: 'fragment cycle',
    query: '{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }',
    message: /spread fragment/i,
  },
];

function expectRefusedOverHttp(res: { status: number; json: any; text: string }, name: string, message: RegExp) {
  expect(res.status, `${name}: ${res.text.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
  expect(res.status, `${name}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
  expect(res.json?.data ?? null, name).toBeNull();
  const errors: Array<{ message: string; extensions?: { code?: string } }> = res.json?.errors ?? [];
  expect(errors.length, name).toBeGreaterThan(0);
  expect(
    errors.map((e) => e.extensions?.code),
    name,
  ).not.toContain('INTERNAL_SERVER_ERROR');
  expect(errors.map((e) => e.message).join(' | '), name).toMatch(message);
  refused += 1;
}

describe('over HTTP', () => {
  for (const who of ['anonymous', 'member'] as const) {
    test.each(ATTACKS.map((a) => [a.name, a] as const))(`${who}: %s is refused`, async (name, attack) => {
      const c = who === 'member' ? member : client(app.url);
      const res = await c.graphql(attack.query, attack.variables);
      expectRefusedOverHttp(res, name, attack.message);
    });
  }

  test('a batched array body is refused (400), for a member too', async () => {
    for (const c of [client(app.url), member]) {
      const res = await c.post(
        '/graphql',
        Array.from({ length: 50 }, () => ({ query: '{ __typename }' })),
      );
      expect(res.status).toBe(400);
      expect(res.text).toMatch(/batching/i);
      refused += 1;
    }
  });

  test('an oversize query text answers 413 before it is parsed; the limit is on the text, not on variables', async () => {
    const res = await member.graphql(`{ __typename } # ${'x'.repeat(QUERY_BYTES)}`);
    expect(res.status).toBe(413);
    expect(res.json.errors[0]).toMatchObject({
      message: `The query is longer than ${QUERY_BYTES} bytes`,
      extensions: { code: 'BAD_REQUEST' },
    });
    const viaGet = await client(app.url).get(
      `/graphql?query=${encodeURIComponent(`{ __typename } # ${'x'.repeat(QUERY_BYTES)}`)}`,
      { headers: { 'apollo-require-preflight': '1' } },
    );
    expect([413, 431], 'refused before it is parsed (431: the URL is over the header limit)').toContain(viaGet.status);
    const shortGet = await client(app.url).get(
      `/graphql?query=${encodeURIComponent(`{ __typename } # ${'x'.repeat(QUERY_BYTES)}`.slice(0, 12_000))}`,
      { headers: { 'apollo-require-preflight': '1' } },
    );
    expect(shortGet.status).toBe(200);
    // Variables carry files: a long variable is no longer query text.
    const variables = await member.graphql('query ($n: String!) { __type(name: $n) { name } }', {
      n: 'x'.repeat(QUERY_BYTES * 2),
    });
    expect(variables.status).toBe(200);
    expect(variables.json.data).toEqual({ __type: null });
    refused += 2;
  });

  test('malformed bodies answer 400: not JSON, a query that is not a string, variables that are not an object, a mutation over GET', async () => {
    const cases: Array<[string, () => Promise<{ status: number; text: string }>]> = [
      [
        'not JSON',
        () =>
          client(app.url).post('/graphql', undefined, {
            rawBody: '{"query":',
            headers: { 'content-type': 'application/json' },
          }),
      ],
      ['query 5', () => client(app.url).post('/graphql', { query: 5 })],
      ['variables []', () => client(app.url).post('/graphql', { query: '{ __typename }', variables: [1] })],
      ['two operations, no name', () => client(app.url).graphql('query A { __typename } query B { __typename }')],
      ['empty body', () => client(app.url).post('/graphql', {})],
    ];
    for (const [name, send] of cases) {
      const res = await send();
      expect(res.status, `${name}: ${res.text.slice(0, 200)}`).toBe(400);
      refused += 1;
    }
    const get = await client(app.url).get('/graphql?query=mutation%7BsignOut%7D', {
      headers: { 'apollo-require-preflight': '1' },
    });
    expect(get.status).toBe(405);
    refused += 1;
  });
});

/** A raw graphql-transport-ws socket, acknowledged, as a browser of the app opens it. */
async function openSocket(cookie?: string) {
  const ws = new WebSocket(`${app.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', {
    headers: { origin: app.url, ...(cookie ? { cookie } : {}) },
  });
  const messages: any[] = [];
  let closeCode: number | null = null;
  ws.on('message', (data) => messages.push(JSON.parse(String(data))));
  ws.on('close', (code) => (closeCode = code));
  await new Promise<void>((resolve, reject) => (ws.once('open', () => resolve()), ws.once('error', reject)));
  ws.send(JSON.stringify({ type: 'connection_init' }));
  const waitFor = async (match: (m: any) => boolean, ms = 5_000) => {
    for (const until = Date.now() + ms; Date.now() < until; await new Promise((r) => setTimeout(r, 20))) {
      const found = messages.find(match);
      if (found) return found;
      if (closeCode !== null) return undefined;
    }
    return undefined;
  };
  expect(await waitFor((m) => m.type === 'connection_ack')).toBeTruthy();
  let next = 0;
  return {
    ws,
    closeCode: () => closeCode,
    waitFor,
    /** Sends one operation; answers its errors (an `error` message, or a `next` result's errors). */
    async run(query: string, variables?: Record<string, unknown>) {
      const id = String(++next);
      ws.send(JSON.stringify({ id, type: 'subscribe', payload: { query, variables } }));
      const m = await waitFor((x) => x.id === id && (x.type === 'error' || x.type === 'next'));
      return {
        data: m?.type === 'next' ? m.payload.data : undefined,
        errors: (m?.type === 'error' ? m.payload : m?.payload?.errors) as
          Array<{ message: string; extensions?: { code?: string } }> | undefined,
      };
    },
  };
}

describe('over the websocket', () => {
  test('every attack is refused on one socket, which stays open and still answers', async () => {
    for (const cookie of [undefined, member.cookieHeader()]) {
      const s = await openSocket(cookie);
      for (const attack of ATTACKS) {
        const res = await s.run(attack.query, attack.variables);
        expect(res.data ?? null, attack.name).toBeNull();
        expect(res.errors?.length, attack.name).toBeGreaterThan(0);
        expect(
          res.errors!.map((e) => e.extensions?.code),
          attack.name,
        ).not.toContain('INTERNAL_SERVER_ERROR');
        expect(res.errors!.map((e) => e.message).join(' | '), attack.name).toMatch(attack.message);
        refused += 1;
      }
      expect(s.closeCode()).toBeNull();
      expect(await s.run('{ __typename }')).toEqual({ data: { __typename: 'Query' }, errors: undefined });
      s.ws.close();
    }
  });

  test('a batched array message closes the socket as an invalid message (4400)', async () => {
    const s = await openSocket();
    s.ws.send(JSON.stringify([{ id: '1', type: 'subscribe', payload: { query: '{ __typename }' } }]));
    for (let i = 0; i < 100 && s.closeCode() === null; i++) await new Promise((r) => setTimeout(r, 20));
    expect(s.closeCode()).toBe(4400);
    refused += 1;
  });
});

test('after every attack the server is healthy and answers', async () => {
  expect(app.exitStatus()).toBeNull();
  const health = await client(app.url).get('/healthz');
  expect(health.status).toBe(200);
  expect((await member.graphql('{ me { id } }')).json.data.me.id).toBeTruthy();
  expect(app.logs()).not.toMatch(/unexpected GraphQL error|unhandled error/);
});
