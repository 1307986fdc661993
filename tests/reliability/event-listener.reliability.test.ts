/**
 * Real-time after database trouble (issue 7, item 5): app B reaches the database of app A through a TCP proxy that
 * the test cuts for a long outage (connections reset, new ones refused). Before the fix B's LISTEN connection
 * retried once after a second and gave up: no subscription received anything until a restart.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort, signedUpClient, startApp, type App } from '../support/app';
import { openSubscription } from '../support/websocket';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A TCP proxy to `target` on `port` that can be cut (every connection reset, nothing listening) and restored. */
function cuttableProxy(port: number, target: number) {
  const open = new Set<net.Socket>();
  let server: net.Server | null = null;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((inbound) => {
        const outbound = net.connect(target, '127.0.0.1');
        for (const s of [inbound, outbound]) {
          open.add(s);
          s.on('close', () => open.delete(s));
          s.on('error', () => undefined);
        }
        inbound.pipe(outbound).pipe(inbound);
        inbound.on('close', () => outbound.destroy());
        outbound.on('close', () => inbound.destroy());
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  return {
    listen,
    async cut() {
      // done once every connection is gone
      const closing = new Promise<void>((r) => (server ? server.close(() => r()) : r()));
      server = null;
      for (const s of open) s.resetAndDestroy();
      await closing;
    },
  };
}

let a: App;
let b: App;
let proxy: ReturnType<typeof cuttableProxy>;
beforeAll(async () => {
  a = await startApp({ RATE_SIGNUP_PER_IP: '1000' });
  const port = await freePort();
  proxy = cuttableProxy(port, a.pgPort!);
  await proxy.listen();
  b = await startApp({
    DATABASE_URL: `postgres://saffa:saffa@127.0.0.1:${port}/saffa`,
    RATE_SIGNUP_PER_IP: '1000',
    DB_MAX_RETRY_DELAY_MS: '2000',
  });
});
afterAll(async () => {
  await b?.stop();
  await proxy?.cut();
  await a?.stop();
});

describe('the event listener after a long database outage', () => {
  test('reconnects with backoff however long it takes, and subscriptions deliver again', async () => {
    const author = await signedUpClient(a.url);
    const post = await author.client.post('/api/posts', { content: 'Braai on Saturday?' });
    const commenter = await signedUpClient(a.url);
    const sub = await openSubscription(
      b,
      author.client.cookieHeader(),
      'subscription { notificationAdded { message } }',
    );
    await sleep(500); // the subscribe message follows the connection ack: let the server register it before the cut

    const cutAt = Date.now();
    await proxy.cut();
    let health = 0;
    for (let i = 0; i < 30 && health !== 503; i++) {
      health = (await fetch(`${b.url}/healthz`)).status;
      if (health !== 503) await sleep(100);
    }
    expect(health, 'B reports the outage').toBe(503);
    // A subscription started during the outage is told to try again later (1013), which clients retry.
    const during = await openSubscription(
      b,
      author.client.cookieHeader(),
      'subscription { notificationAdded { message } }',
    );
    for (let i = 0; i < 100 && during.closeCode() === null; i++) await sleep(50);
    expect(during.closeCode()).toBe(1013);
    await during.client.dispose();
    await sleep(Math.max(0, 9_000 - (Date.now() - cutAt))); // longer than the old listener's one retry
    const failedAttempts = b.logLines().filter((l) => l.msg === 'event listener could not reconnect yet').length;
    expect(failedAttempts, 'it kept trying during the outage').toBeGreaterThan(2);
    await proxy.listen();
    const restoredAt = Date.now();

    for (let i = 0; i < 100; i++) {
      const res = await fetch(`${b.url}/healthz`);
      if (res.status === 200) break;
      await sleep(100);
    }
    const body = await (await fetch(`${b.url}/healthz`)).json();
    expect(body).toEqual({ status: 'ok', database: 'ok', events: 'listening' });
    const recoveredMs = Date.now() - restoredAt;

    expect((await commenter.client.post(`/api/posts/${post.json.id}/comments`, { text: 'Count me in!' })).status).toBe(
      201,
    );
    const until = Date.now() + 5_000;
    while (sub.received.length < 1 && Date.now() < until) await sleep(25);
    expect(JSON.stringify(sub.received)).toContain('Count me in!');
    console.log(
      JSON.stringify({
        fault: 'network outage to DATABASE_URL',
        outageMs: restoredAt - cutAt,
        failedAttempts,
        recoveredMs,
      }),
    );
    await sub.client.dispose();
  });
});
