/**
 * Operating the server on an external PostgreSQL (issue 7, item 15): concurrent starts on an empty database,
 * a database that is not there yet at boot, SIGTERM in production mode, /healthz and websocket keep-alive.
 */
import { Client as PgClient } from 'pg';
import { describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { freePort, signedUpClient, startApp } from '../support/app';
import { openSubscription } from '../support/websocket';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('migrations', () => {
  test('two processes starting at once on an empty database both come up (an advisory lock orders them)', async () => {
    const owner = await startApp();
    const pg = new PgClient({ connectionString: owner.databaseUrl });
    await pg.connect();
    await pg.query('CREATE DATABASE fresh_for_two');
    await pg.end();
    const url = owner.databaseUrl.replace(/\/saffa$/, '/fresh_for_two');
    const results = await Promise.allSettled([startApp({ DATABASE_URL: url }), startApp({ DATABASE_URL: url })]);
    try {
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason).slice(0, 600) : 'healthy'))).toEqual([
        'healthy',
        'healthy',
      ]);
    } finally {
      for (const r of results) if (r.status === 'fulfilled') await r.value.stop();
      await owner.stop();
    }
  });
});

describe('a database that cannot be reached at boot', () => {
  test('is waited for with backoff, saying what the server waits for, and the server comes up when it appears', async () => {
    const pgPort = await freePort();
    const url = `postgres://saffa:saffa@127.0.0.1:${pgPort}/saffa`;
    const waiting = startApp({ DATABASE_URL: url }, { timeoutMs: 90_000 });
    await sleep(3_000);
    // Nothing listened at that port so far: now a PostgreSQL appears there (another app's embedded one).
    const owner = await startApp({ EMBEDDED_PG_PORT: String(pgPort) });
    expect(owner.pgPort).toBe(pgPort);
    const app = await waiting;
    try {
      const waits = app.logLines().filter((l) => l.msg === `waiting for the database at 127.0.0.1:${pgPort}/saffa`);
      expect(waits.length, 'it said what it waited for, more than once').toBeGreaterThan(1);
      expect(waits.every((l) => typeof l.retryInMs === 'number')).toBe(true);
      expect(JSON.stringify(waits)).not.toContain('saffa:saffa'); // no password in the log
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    } finally {
      await app.stop();
      await owner.stop();
    }
  });
});

describe('SIGTERM', () => {
  test.each(['production', 'test'])('with NODE_ENV=%s and an open subscription: exits 0 in under 5 s', async (mode) => {
    const app = await startApp({ NODE_ENV: mode });
    const { client } = await signedUpClient(app.url);
    const ws = await openSubscription(app, client.cookieHeader(), 'subscription { notificationAdded { id } }');
    const started = Date.now();
    await app.stop();
    const took = Date.now() - started;
    await ws.client.dispose();
    expect(app.exitStatus()).toBe(0);
    expect(took).toBeLessThan(5_000);
  });
});

describe('/healthz', () => {
  test('names the database and the event listener', async () => {
    const app = await startApp();
    try {
      const res = await fetch(`${app.url}/healthz`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok', database: 'ok', events: 'listening' });
    } finally {
      await app.stop();
    }
  });
});

describe('websocket keep-alive', () => {
  test('the server pings an idle socket, so proxies with an idle timeout keep it open', async () => {
    const app = await startApp({ WS_KEEPALIVE_MS: '300' });
    try {
      const ws = new WebSocket(`${app.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', {
        headers: { origin: app.url },
      });
      let pings = 0;
      ws.on('ping', () => (pings += 1));
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      ws.send(JSON.stringify({ type: 'connection_init' }));
      await sleep(1_500);
      expect(pings).toBeGreaterThanOrEqual(3);
      expect(ws.readyState).toBe(WebSocket.OPEN);
      ws.close();
    } finally {
      await app.stop();
    }
  });
});
