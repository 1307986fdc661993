/**
 * Message delivery latency between two connected members (issue 10, Messages; not part of npm test: `npm run bench`
 * after `npm run build`). The built app; two members, each with the subscription the web app opens for live
 * messages (messageAdded over graphql-ws with their session cookie). One sends 200 messages, one at a time, with
 * the web app's SendMessage mutation over HTTP; each is timed from just before the request leaves to the moment the
 * other member's websocket delivers it (through PostgreSQL NOTIFY, as with several API processes).
 * Figures: p50 and p99 over the 200 deliveries (the quick run too: it takes seconds), against budgets.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { ROOMY_WRITES, signedUpClient, startApp, type App } from '../support/app';
import { openSubscription, type OpenSubscription } from '../support/websocket';
import { record } from './support/results';

const MESSAGES = 200;
/**
 * Budgets against the baseline measured in the same run: the sender's own answer to the same mutation (its HTTP
 * round trip, which includes the publish). Delivery to the other member should follow it closely: at p50 and at
 * p99 it may take at most twice as long (a ratio of at least 0.5×, baseline ÷ value).
 */
const MIN_RATIO = 0.5;
const ENV = { LOG_LEVEL: 'warn', ...ROOMY_WRITES, RATE_WRITES_PER_MINUTE: '1000000', RATE_SIGNUP_PER_IP: '1000' };
const SEND = `mutation($c: ID!, $b: String!) { sendMessage(conversationId: $c, body: $b) { id } }`;

let app: App;
const subscriptions: OpenSubscription[] = [];

beforeAll(async () => {
  app = await startApp({ ...ENV, DATABASE_URL: inject('benchDatabaseUrl') }, { timeoutMs: 120_000 });
});

afterAll(async () => {
  for (const s of subscriptions) await s.client.dispose();
  await app?.stop();
});

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

it(`delivers ${MESSAGES} messages to the other member: p50 and p99 from send to receipt`, async () => {
  const sender = await signedUpClient(app.url, { firstName: 'Bench', lastName: 'Sender' });
  const receiver = await signedUpClient(app.url, { firstName: 'Bench', lastName: 'Receiver' });
  const started = await sender.client.graphql(
    `mutation($id: ID!) { startConversation(input: { memberId: $id }) { id } }`,
    { id: receiver.user.id },
  );
  expect(started.json.errors).toBeUndefined();
  const conversationId = started.json.data.startConversation.id as string;

  // The receiver's socket; its arrivals are timed in the subscription's own callback (no polling).
  const inbox = await openSubscription(app, receiver.client.cookieHeader(), 'subscription { conversationRead { id } }');
  subscriptions.push(inbox);
  const waiting = new Map<string, (at: number) => void>();
  const errors: unknown[] = [];
  let ready!: () => void;
  const subscribed = new Promise<void>((r) => (ready = r));
  inbox.client.subscribe<{ messageAdded: { body: string } }>(
    { query: 'subscription { messageAdded { body } }' },
    {
      next: (v) => {
        const at = performance.now();
        const body = v.data?.messageAdded.body;
        if (body === 'subscribed') ready();
        if (body !== undefined) waiting.get(body)?.(at);
        else errors.push(v.errors);
      },
      error: (e) => errors.push(e),
      complete: () => undefined,
    },
  );
  // The sender's own tab gets every message too, as the web app's does.
  subscriptions.push(
    await openSubscription(app, sender.client.cookieHeader(), 'subscription { messageAdded { body } }'),
  );
  const arrived = (body: string) =>
    new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`message ${body} did not arrive`)), 10_000);
      waiting.set(body, (at) => {
        clearTimeout(timer);
        waiting.delete(body);
        resolve(at);
      });
    });
  // The subscription is live once a message sent after it arrives.
  for (;;) {
    await sender.client.graphql(SEND, { c: conversationId, b: 'subscribed' });
    if (await Promise.race([subscribed.then(() => true), new Promise((r) => setTimeout(() => r(false), 200))])) break;
  }

  // A few messages to warm up the paths (not measured).
  for (let i = 0; i < 5; i++) {
    const body = `warm ${i}`;
    const got = arrived(body);
    await sender.client.graphql(SEND, { c: conversationId, b: body });
    await got;
  }

  const latencies: number[] = [];
  const answers: number[] = [];
  for (let i = 0; i < MESSAGES; i++) {
    const body = `bench message ${i}`;
    const t0 = performance.now();
    const got = arrived(body);
    const res = await sender.client.graphql(SEND, { c: conversationId, b: body });
    answers.push(performance.now() - t0);
    expect(res.json.errors).toBeUndefined();
    latencies.push((await got) - t0);
  }
  expect(errors).toEqual([]);
  const sorted = [...latencies].sort((x, y) => x - y);
  const base = [...answers].sort((x, y) => x - y);
  const rows = ([50, 99] as const).map((p) => {
    const value = percentile(sorted, p);
    const baseline = percentile(base, p);
    const ratio = baseline / value;
    return {
      figure: `message delivery, send to the other member's websocket (${MESSAGES} messages): p${p}`,
      baseline: `the sender's own answer (HTTP round trip) p${p}: ${baseline.toFixed(1)} ms`,
      value: `${value.toFixed(1)} ms`,
      ratio,
      budget: `≥ ${MIN_RATIO}×`,
      pass: ratio >= MIN_RATIO,
    };
  });
  console.log(
    `message delivery over ${MESSAGES} messages: ${rows
      .map((r) => `${r.figure.slice(-3)} ${r.value} ` + `(answer ${r.baseline.split(': ')[1]})`)
      .join(', ')}, max ${sorted[sorted.length - 1].toFixed(1)} ms`,
  );
  record(rows);
});
