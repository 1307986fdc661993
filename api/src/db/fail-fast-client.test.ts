import net from 'node:net';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { isDatabaseUnavailable } from '../kernel/database';
import { createDataSource } from './data-source';

/** A TCP proxy to PostgreSQL that can stop passing bytes both ways, as a SIGSTOPped server looks to a client. */
async function freezableProxy(target: URL) {
  let frozen = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (b) => frozen || upstream.write(b));
    upstream.on('data', (b) => frozen || client.write(b));
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = new URL(target);
  url.port = String((server.address() as net.AddressInfo).port);
  url.pathname = '/postgres'; // not the template the test files clone
  return {
    url: url.toString(),
    freeze: () => {
      frozen = true;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('a statement the database leaves unanswered', () => {
  it('fails a transaction after one query timeout, not one more for the ROLLBACK queued behind it', async () => {
    const queryMs = 1_500;
    const proxy = await freezableProxy(new URL(inject('pgUrl')));
    cleanups.push(proxy.close);
    const ds = createDataSource(proxy.url, {
      poolSize: 2,
      timeouts: { connectMs: 1_000, queryMs, connectionLifetimeSeconds: 60 },
    });
    await ds.initialize();
    cleanups.push(() => ds.destroy().catch(() => undefined));

    let frozenAt = 0;
    const outcome = await ds
      .transaction(async (m) => {
        await m.query('SELECT 1');
        proxy.freeze();
        frozenAt = Date.now();
        await m.query('SELECT 2');
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    const waited = Date.now() - frozenAt;

    expect(isDatabaseUnavailable(outcome)).toBe(true);
    expect(waited).toBeGreaterThanOrEqual(queryMs - 50);
    // Without dropping the connection the ROLLBACK waits a second full timeout: timers never fire early, so this
    // bound fails without the fix however fast the machine is.
    expect(waited).toBeLessThan(2 * queryMs);
  });
});
