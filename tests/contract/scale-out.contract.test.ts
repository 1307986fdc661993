/**
 * "Growing past one machine" (ARCHITECTURE.md; issue 15 item 5): two API processes on one PostgreSQL. App A runs
 * the embedded database; app B is a second process given A's database by DATABASE_URL. Sessions, rate limits and
 * pub/sub live in PostgreSQL, so the two behave as one: a session made on A is valid on B; events published by A
 * (a comment's notification, a direct message, a group chat line, a booking's cancellation notice) reach
 * subscriptions opened on B, through PostgreSQL NOTIFY, and only their recipients; a rate limit counts the attempts
 * made on both.
 */
import { createClient, type Client as WsClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { client, signedUpClient, startApp, type App, type Client } from '../support/app';

let a: App;
let b: App;

beforeAll(async () => {
  a = await startApp(LIMITS);
  expect(a.pgPort).toEqual(expect.any(Number));
  b = await startApp({ ...LIMITS, DATABASE_URL: `postgres://saffa:saffa@127.0.0.1:${a.pgPort}/saffa` });
});
afterAll(async () => {
  // B first: A owns the database.
  await b?.stop();
  await a?.stop();
});

/**
 * Both processes: sign-in attempts per account from one address and messages per minute low, so the shared counts show
 * quickly.
 */
const SIGNIN_PER_ACCOUNT = 4;
const MESSAGES_PER_MINUTE = 6;
const LIMITS = {
  RATE_SIGNUP_PER_IP: '1000',
  RATE_SIGNIN_PER_IP: '1000',
  RATE_SIGNIN_PER_ACCOUNT: String(SIGNIN_PER_ACCOUNT),
  RATE_MESSAGES_PER_MINUTE: String(MESSAGES_PER_MINUTE),
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Received {
  title: string;
  message: string;
}

/**
 * A subscription on `app` with the given session cookie, as a browser opens it (cookie and Origin on the
 * handshake). Resolves once the server acknowledged the connection; `received` collects the `field` of each event.
 */
async function subscribe<T>(
  app: App,
  cookie: string,
  query: string,
  field: string,
  variables?: Record<string, unknown>,
) {
  const headers = { cookie, origin: app.url };
  const Impl = class extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  };
  const received: T[] = [];
  const errors: unknown[] = [];
  let connected!: () => void;
  const ready = new Promise<void>((r) => (connected = r));
  const ws: WsClient = createClient({
    url: `${app.url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: Impl,
    retryAttempts: 0,
    lazy: false,
    on: { connected: () => connected() },
  });
  ws.subscribe<Record<string, T>>(
    { query, variables },
    {
      next: (v) => (v.data ? received.push(v.data[field]) : errors.push(v.errors)),
      error: (e) => errors.push(e),
      complete: () => undefined,
    },
  );
  await ready;
  // The subscribe message follows the connection ack; give the server a moment to register it.
  await sleep(300);
  return {
    received,
    errors,
    /** Waits until `n` events arrived (or fails after `timeoutMs`). */
    async waitFor(n: number, timeoutMs = 5_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < n) {
        if (errors.length) throw new Error(`subscription failed: ${JSON.stringify(errors)}`);
        if (Date.now() > until)
          throw new Error(`only ${received.length} of ${n} events of ${field} within ${timeoutMs} ms`);
        await sleep(25);
      }
      return received;
    },
    dispose: () => ws.dispose(),
  };
}

const subscribeNotifications = (app: App, cookie: string) =>
  subscribe<Received>(app, cookie, 'subscription { notificationAdded { title message } }', 'notificationAdded');

/** A member signed up on A, then signed in on B: one client for each process. */
async function memberOnBoth(overrides: { firstName: string; lastName: string }) {
  const onA = await signedUpClient(a.url, overrides);
  const onB = client(b.url);
  expect((await onB.post('/api/auth/login', { email: onA.input.email, password: onA.input.password })).status).toBe(
    200,
  );
  return { onA: onA.client, onB, user: onA.user as { id: string }, input: onA.input };
}

/** A GraphQL operation that must succeed: answers its data. */
async function gql(c: Client, query: string, variables?: Record<string, unknown>) {
  const res = await c.graphql(query, variables);
  expect(res.json?.errors, JSON.stringify(res.json?.errors)).toBeUndefined();
  expect(res.status).toBe(200);
  return res.json.data;
}

describe('two API processes on one database', () => {
  test('both processes answer, and a session made on A is valid on B until it is ended on A (sessions live in PostgreSQL)', async () => {
    expect(b.pgPort).toBeNull();
    const { client: onA, user } = await signedUpClient(a.url);
    const onB = client(b.url);
    for (const [k, v] of onA.cookies) onB.cookies.set(k, v);
    const me = await onB.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.json.id).toBe(user.id);
    // Signing out on A ends the session on B at once.
    expect((await onA.post('/api/logout', undefined, { headers: { origin: a.url } })).status).toBeLessThan(400);
    expect((await onB.get('/api/auth/user')).status).toBe(401);
  });

  test("a comment made through A reaches the post author's subscription on B within seconds, and nobody else's", async () => {
    // The recipient and a bystander are registered on A, then sign in on B.
    const recipient = await signedUpClient(a.url, { firstName: 'Thandi', lastName: 'Nkosi' });
    const bystander = await signedUpClient(a.url, { firstName: 'Pieter', lastName: 'Botha' });
    const commenter = await signedUpClient(a.url, { firstName: 'Sipho', lastName: 'Dlamini' });
    const onB = client(b.url);
    const bystanderOnB = client(b.url);
    expect(
      (await onB.post('/api/auth/login', { email: recipient.input.email, password: recipient.input.password })).status,
    ).toBe(200);
    expect(
      (await bystanderOnB.post('/api/auth/login', { email: bystander.input.email, password: bystander.input.password }))
        .status,
    ).toBe(200);

    const post = await onB.post('/api/posts', { content: 'Anyone for a braai on Saturday?' });
    expect(post.status).toBe(201);
    const bystanderPost = await bystanderOnB.post('/api/posts', { content: 'Biltong recommendations?' });
    expect(bystanderPost.status).toBe(201);

    const mine = await subscribeNotifications(b, onB.cookieHeader());
    const theirs = await subscribeNotifications(b, bystanderOnB.cookieHeader());
    try {
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
      expect(
        (await commenter.client.post(`/api/posts/${bystanderPost.json.id}/comments`, { text: 'Try Karoo lamb' }))
          .status,
      ).toBe(201);
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

  test('a direct message sent through A reaches the recipient on B, and the sender’s own tab on B', async () => {
    const sender = await memberOnBoth({ firstName: 'Lerato', lastName: 'Mokoena' });
    const recipient = await memberOnBoth({ firstName: 'Johan', lastName: 'van Wyk' });
    const messageQuery = 'subscription { messageAdded { conversationId body mine } }';
    const theirs = await subscribe<{ conversationId: string; body: string; mine: boolean }>(
      b,
      recipient.onB.cookieHeader(),
      messageQuery,
      'messageAdded',
    );
    const mine = await subscribe<{ conversationId: string; body: string; mine: boolean }>(
      b,
      sender.onB.cookieHeader(),
      messageQuery,
      'messageAdded',
    );
    try {
      const { startConversation } = await gql(
        sender.onA,
        'mutation($m: ID!) { startConversation(input: { memberId: $m }) { id } }',
        { m: recipient.user.id },
      );
      await gql(sender.onA, 'mutation($c: ID!, $b: String!) { sendMessage(conversationId: $c, body: $b) { id } }', {
        c: startConversation.id,
        b: 'Howzit from London!',
      });
      const [got] = await theirs.waitFor(1);
      expect(got).toEqual({ conversationId: startConversation.id, body: 'Howzit from London!', mine: false });
      const [echo] = await mine.waitFor(1);
      expect(echo).toEqual({ conversationId: startConversation.id, body: 'Howzit from London!', mine: true });
    } finally {
      await Promise.all([theirs.dispose(), mine.dispose()]);
    }
  });

  test("a group chat line sent through A reaches a member's subscription on B", async () => {
    const admin = await memberOnBoth({ firstName: 'Naledi', lastName: 'Khumalo' });
    const member = await memberOnBoth({ firstName: 'Ruan', lastName: 'Steyn' });
    const { createGroup } = await gql(admin.onA, 'mutation($i: CreateGroupInput!) { createGroup(input: $i) { id } }', {
      i: { name: 'Saffas in Perth', locationName: 'Perth', latitude: -31.95, longitude: 115.86 },
    });
    await gql(member.onB, 'mutation($id: ID!) { joinGroup(id: $id) { id } }', { id: createGroup.id });
    const chat = await subscribe<{ body: string; groupId: string; mine: boolean }>(
      b,
      member.onB.cookieHeader(),
      'subscription($g: ID!) { groupMessageAdded(groupId: $g) { body groupId mine } }',
      'groupMessageAdded',
      { g: createGroup.id },
    );
    try {
      await gql(admin.onA, 'mutation($g: ID!, $b: String!) { sendGroupMessage(groupId: $g, body: $b) { id } }', {
        g: createGroup.id,
        b: 'Braai at Kings Park on Sunday',
      });
      const [line] = await chat.waitFor(1);
      expect(line).toEqual({ body: 'Braai at Kings Park on Sunday', groupId: createGroup.id, mine: false });
    } finally {
      await chat.dispose();
    }
  });

  test('a booking made through A is counted on B, and its cancellation notice published on A reaches the booker on B', async () => {
    // Booking itself publishes no live event (My Tickets and the stock are read on demand); the booking's live
    // signal is the host's cancellation, which notifies every booker.
    const host = await memberOnBoth({ firstName: 'Zanele', lastName: 'Dube' });
    const booker = await memberOnBoth({ firstName: 'Kobus', lastName: 'Pretorius' });
    const { createEvent } = await gql(host.onA, 'mutation($i: CreateEventInput!) { createEvent(input: $i) { id } }', {
      i: { title: 'Springbok screening', date: '2099-06-01', location: 'Shepherd’s Bush', totalTickets: 10 },
    });
    const notices = await subscribeNotifications(b, booker.onB.cookieHeader());
    try {
      await gql(booker.onA, 'mutation($e: ID!) { bookEventTickets(eventId: $e, quantity: 3) { quantity } }', {
        e: createEvent.id,
      });
      const { event } = await gql(host.onB, 'query($id: ID!) { event(id: $id) { ticketsSold ticketsAvailable } }', {
        id: createEvent.id,
      });
      expect(event).toEqual({ ticketsSold: 3, ticketsAvailable: 7 });
      const { myTickets } = await gql(booker.onB, '{ myTickets { nodes { quantity } } }');
      expect(myTickets.nodes).toEqual([{ quantity: 3 }]);

      await gql(host.onA, 'mutation($id: ID!) { cancelEvent(id: $id) { id } }', { id: createEvent.id });
      const [notice] = await notices.waitFor(1);
      expect(notice.title).toBe('Event cancelled');
      expect(notice.message).toContain('Springbok screening');
    } finally {
      await notices.dispose();
    }
  });

  test('sign-in attempts on one account are counted across both processes: the limit reached on A refuses on B', async () => {
    const target = await signedUpClient(a.url, { firstName: 'Anele', lastName: 'Mthembu' });
    const wrong = { email: target.input.email, password: 'not-the-password' };
    // Half the allowed attempts on each process: every one an ordinary wrong-password 401.
    for (let i = 0; i < SIGNIN_PER_ACCOUNT; i++) {
      const res = await client(i % 2 ? b.url : a.url).post('/api/auth/login', wrong);
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    // One more on B (which saw only half of them itself) is over the shared count: refused, even with the right
    // password.
    const over = await client(b.url).post('/api/auth/login', {
      email: target.input.email,
      password: target.input.password,
    });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    const alsoA = await client(a.url).post('/api/auth/login', wrong);
    expect(alsoA.status).toBe(429);
  });

  test('messages of one member are counted across both processes: the limit reached through A and B refuses on both', async () => {
    const sender = await memberOnBoth({ firstName: 'Thabo', lastName: 'Nkosi' });
    const recipient = await memberOnBoth({ firstName: 'Sarah', lastName: 'Smith' });
    const { startConversation } = await gql(
      sender.onA,
      'mutation($m: ID!) { startConversation(input: { memberId: $m }) { id } }',
      { m: recipient.user.id },
    );
    const send = (c: Client, i: number) =>
      c.graphql('mutation($c: ID!, $b: String!) { sendMessage(conversationId: $c, body: $b) { id } }', {
        c: startConversation.id,
        b: `flood ${i}`,
      });
    // Half the allowed messages through each process: every one delivered.
    for (let i = 0; i < MESSAGES_PER_MINUTE; i++)
      expect((await send(i % 2 ? sender.onB : sender.onA, i)).json.errors, `message ${i + 1}`).toBeUndefined();
    for (const c of [sender.onB, sender.onA]) {
      const over = await send(c, 99);
      expect(over.json.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      expect(over.json.errors?.[0]?.extensions?.retryAfter).toBeGreaterThan(0);
    }
    const { messages } = await gql(
      recipient.onB,
      'query($c: ID!) { messages(conversationId: $c, first: 50) { nodes { id } } }',
      { c: startConversation.id },
    );
    expect(messages.nodes).toHaveLength(MESSAGES_PER_MINUTE);
  });
});
