/**
 * Operating the server: /healthz tells the truth about the database, and SIGTERM shuts down gracefully
 * (open websockets are closed, the process exits 0), and a start that cannot open its database says why.
 */
import http from 'node:http';
import { describe, expect, test } from 'vitest';
import { runUntilExit, signedUpClient, startApp } from '../support/app';
import { openSubscription } from '../support/websocket';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('/healthz', () => {
  test('answers 200 while the database answers and 503 once it is gone', async () => {
    const owner = await startApp();
    const second = await startApp({ DATABASE_URL: owner.databaseUrl });
    try {
      expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
      await owner.stop(); // takes its embedded PostgreSQL with it
      let status = 0;
      // a keep-alive socket closed under us is retried; a server that died is caught below
      const dropped: string[] = [];
      for (let i = 0; i < 50 && status !== 503; i++) {
        status = await fetch(`${second.url}/healthz`).then(
          (r) => r.status,
          (err: Error) => (dropped.push(`${err.message}: ${String((err.cause as Error | undefined)?.message)}`), 0),
        );
        if (status !== 503) await sleep(100);
      }
      const why =
        `exit ${second.exitStatus()}; dropped requests: ${dropped.join(', ') || 'none'}; ` +
        `logs:\n${second.logs().slice(-3000)}`;
      expect(second.exitStatus(), `the server survives its database going away (${why})`).toBeNull();
      expect(status, why).toBe(503);
    } finally {
      await second.stop();
      await owner.stop();
    }
  });
});

describe('keep-alive', () => {
  test('an idle connection is still open after 6 s (Node closes it at 5 s by default, under clients pausing between calls)', async () => {
    const app = await startApp();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = http.get(`${app.url}/healthz`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
        });
        req.on('error', reject);
      });
    try {
      expect(await get()).toEqual({ status: 200, reused: false });
      await sleep(6_000);
      expect(await get(), "the second request went over the first one's connection").toEqual({
        status: 200,
        reused: true,
      });
    } finally {
      agent.destroy();
      await app.stop();
    }
  });
});

describe('graceful shutdown', () => {
  test('SIGTERM closes open websockets and the process exits 0', async () => {
    const app = await startApp();
    const { client } = await signedUpClient(app.url);
    const ws = await openSubscription(app, client.cookieHeader(), 'subscription { notificationAdded { id } }');
    await app.stop();
    expect(app.exitStatus()).toBe(0);
    expect(ws.closeCode(), 'the server closed the socket as it went away').toBe(1001);
    expect(app.logs()).toContain('shutting down');
    await ws.client.dispose();
  });

  test('the shutdown log names database errors without dumping the pg client and its secretKey', async () => {
    const app = await startApp();
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    await app.stop();
    expect(app.logs()).toContain('shutting down');
    expect(app.logs()).not.toMatch(/secretKey|connectionParameters/);
  });
});

describe('a start that cannot open its database', () => {
  test('says why in one line on stderr and exits non-zero when another instance holds DATA_DIR', async () => {
    const owner = await startApp();
    try {
      const second = await runUntilExit({ DATA_DIR: owner.dataDir });
      expect(second.code).not.toBe(0);
      expect(second.code).not.toBeNull();
      const lines = second.stderr.split('\n').filter((l) => l.trim());
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^Saffa could not start: the database folder .+ is in use by another running PostgreSQL/,
      );
      expect(lines[0]).toContain(owner.dataDir);
      expect(lines[0]).toContain('DATA_DIR');
      expect((await fetch(`${owner.url}/healthz`)).status, 'the running instance is left alone').toBe(200);
    } finally {
      await owner.stop();
    }
  });
});
