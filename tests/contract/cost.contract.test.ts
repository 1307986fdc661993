/**
 * Cost limits integrators can see (issue 15, item 2): every GraphQL answer carries its cost and the budget left in
 * `extensions.cost`; the budget of a member's API tokens (all of them: one budget per member, issue 24 item 14) or
 * of a client IP lives in PostgreSQL, so two API processes on one
 * database spend one budget; over it the answer is RATE_LIMITED with when to retry (429 with Retry-After on REST),
 * and a query costing more than the whole budget is refused before it runs. Two processes as in
 * scale-out.contract.test.ts: A runs the embedded database, B is given it by DATABASE_URL.
 */
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { client, signedUpClient, startApp, type App } from '../support/app';

const CAPACITY = 100;
const BUDGET = {
  GRAPHQL_COST_CAPACITY: String(CAPACITY),
  GRAPHQL_COST_REFILL_PER_SECOND: '1',
  RATE_SIGNUP_PER_IP: '1000',
  RATE_SIGNIN_PER_IP: '1000',
};

let a: App;
let b: App;
let member: Awaited<ReturnType<typeof signedUpClient>>['client'];
/** Two API tokens of one other member. */
let tokens: string[];

beforeAll(async () => {
  a = await startApp(BUDGET);
  b = await startApp({ ...BUDGET, DATABASE_URL: `postgres://saffa:saffa@127.0.0.1:${a.pgPort}/saffa` });
  // Signing up is a REST row running a mutation: 11 points of this IP's budget.
  ({ client: member } = await signedUpClient(a.url));
  // Another member with two API tokens (made in their session: their session's budget, not this IP's).
  const { client: integrator } = await signedUpClient(a.url);
  tokens = [];
  for (const name of ['first integration', 'second integration']) {
    const r = await integrator.graphql(
      CREATE_TOKEN,
      { input: { name, scope: 'read' } },
      { headers: { origin: a.url } },
    );
    expect(r.json.errors).toBeUndefined();
    tokens.push(r.json.data.createAccessToken.secret);
  }
});
afterAll(async () => {
  // B first: A owns the database.
  await b?.stop();
  await a?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ME = '{ me { id } }'; // 1 point
/** 1 point for the page and 1 per post (ids cost nothing). */
const FEED = 'query ($n: Int) { feed(first: $n) { nodes { id } } }';
const gql = (app: App, query: string, variables: Record<string, unknown> = {}) =>
  client(app.url).post('/graphql', { query, variables });
const CREATE_TOKEN = `mutation($input: CreateAccessTokenInput!) { createAccessToken(input: $input) { secret } }`;
/** A request with an API token, as an integrator's server sends it (no cookie, no Origin). */
const withToken = (app: App, token: string, query: string, variables: Record<string, unknown> = {}) =>
  client(app.url).post('/graphql', { query, variables }, { headers: { authorization: `Bearer ${token}` } });

describe('the cost budget, shared by two API processes', () => {
  let remaining: number;

  test('every answer carries extensions.cost: requested, remaining, limit, refillPerSecond', async () => {
    const res = await gql(a, ME);
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ me: null });
    expect(res.json.extensions.cost).toEqual({
      requested: 1,
      remaining: expect.any(Number),
      limit: CAPACITY,
      refillPerSecond: 1,
    });
    remaining = res.json.extensions.cost.remaining;
    // The two sign-ups (11 each) and this (1), and maybe a point or two back since.
    expect(remaining).toBeGreaterThanOrEqual(CAPACITY - 23);
    expect(remaining).toBeLessThanOrEqual(CAPACITY - 1);
  });

  test('the other process spends the same budget (this client IP): remaining goes on decreasing there', async () => {
    // Anonymous, the feed is refused when it runs, but it was counted (and paid) before.
    const res = await gql(b, FEED, { n: 40 });
    expect(res.json.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(res.json.extensions.cost.requested).toBe(41);
    // 41 less than A left, give or take the point a second that came back meanwhile.
    expect(res.json.extensions.cost.remaining).toBeLessThanOrEqual(remaining - 41 + 3);
    expect(res.json.extensions.cost.remaining).toBeGreaterThanOrEqual(remaining - 41);
    remaining = res.json.extensions.cost.remaining;
    const again = await gql(a, ME);
    expect(again.json.extensions.cost.remaining).toBeLessThan(remaining + 3);
  });

  test('a query that costs more than the whole budget is refused before it runs, spending nothing', async () => {
    const res = await gql(a, '{ feed(first: 100) { nodes { id author { id } } } }');
    expect(res.status).toBe(400);
    expect(res.json.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(res.json.errors[0].message).toBe(
      `This query costs 201 points, more than the whole budget of ${CAPACITY}: ask for smaller pages or fewer fields.`,
    );
    expect(res.json.data).toBeUndefined();
  });

  test('over the budget: RATE_LIMITED with retryAfterSeconds, 429 and Retry-After, over either process', async () => {
    const left = (await gql(b, ME)).json.extensions.cost.remaining;
    // Spend all but a point or two, then ask for more than that.
    await gql(a, FEED, { n: Math.max(1, left - 2) });
    const res = await gql(b, FEED, { n: 60 });
    expect(res.status).toBe(429);
    expect(res.json.errors[0].extensions.code).toBe('RATE_LIMITED');
    const wait = res.json.errors[0].extensions.retryAfterSeconds;
    expect(wait).toBeGreaterThanOrEqual(55);
    expect(wait).toBeLessThanOrEqual(61);
    expect(res.headers.get('retry-after')).toBe(String(wait));
    expect(res.json.errors[0].message).toMatch(
      /^Query cost budget exceeded: this query costs 61 points and \d+ are left\. Please try again in \d+ seconds\.$/,
    );
    expect(res.json.extensions.cost).toMatchObject({ requested: 61, limit: CAPACITY, refillPerSecond: 1 });
    expect(res.json.data).toBeUndefined();
  });

  test('REST answers 429 with Retry-After, the body the message', async () => {
    const res = await client(a.url).get('/api/posts?limit=10');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.text).toMatch(/^Query cost budget exceeded/);
  });

  test('a websocket subscription is counted when it is subscribed: refused over the budget', async () => {
    const left = (await gql(b, ME)).json.extensions.cost.remaining;
    await gql(b, FEED, { n: Math.max(1, left - 2) }); // about one point left
    const Impl = class extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        super(address, protocols, { headers: { origin: b.url } });
      }
    };
    const ws = createClient({
      url: `${b.url.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: Impl,
      retryAttempts: 0,
      lazy: false,
    });
    const errors = await new Promise<Array<{ message: string; extensions?: Record<string, unknown> }>>((resolve) => {
      ws.subscribe(
        { query: 'subscription { conversationRead { peer { name } me { name } lastMessage { id } } }' }, // 4 points
        { next: () => undefined, error: (e) => resolve(e as never), complete: () => resolve([]) },
      );
    });
    await ws.dispose();
    expect(errors[0].extensions?.code).toBe('RATE_LIMITED');
    expect(errors[0].extensions?.retryAfterSeconds).toEqual(expect.any(Number));
  });

  test('the budget refills over time', async () => {
    await sleep(2_500);
    const res = await gql(a, ME);
    expect(res.status).toBe(200);
    expect(res.json.extensions.cost.requested).toBe(1);
  });

  test("a member's session has its own budget, and its answers carry extensions.cost as well", async () => {
    const res = await member.post('/graphql', { query: ME });
    expect(res.json.data.me.id).toEqual(expect.any(String));
    expect(res.json.extensions.cost).toEqual({
      requested: 1,
      remaining: CAPACITY - 1,
      limit: CAPACITY,
      refillPerSecond: 1,
    });
  });

  test("two API tokens of one member spend one budget, the member's, over either process (issue 24, item 14)", async () => {
    const [first, second] = tokens;
    const start = await withToken(a, first, ME);
    expect(start.json.data.me.id).toEqual(expect.any(String));
    const left = start.json.extensions.cost.remaining;
    expect(left).toBe(CAPACITY - 1);
    // The second token sees what the first one left, and spends from it.
    const next = await withToken(b, second, FEED, { n: 40 });
    expect(next.json.extensions.cost.requested).toBe(41);
    expect(next.json.extensions.cost.remaining).toBeLessThanOrEqual(left - 41 + 3);
    // The first token spends all but a few points; the second token is then refused: no second budget to switch to.
    const rest = (await withToken(a, first, ME)).json.extensions.cost.remaining;
    expect(rest).toBeLessThanOrEqual(left - 41 + 4);
    await withToken(a, first, FEED, { n: Math.max(1, rest - 3) });
    const refused = await withToken(b, second, FEED, { n: 40 });
    expect(refused.status).toBe(429);
    expect(refused.json.errors[0].extensions.code).toBe('RATE_LIMITED');
    expect(refused.json.extensions.cost).toMatchObject({ requested: 41, limit: CAPACITY });
  });
});
