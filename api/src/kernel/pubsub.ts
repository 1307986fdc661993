import { createPubSub } from '@graphql-yoga/subscription';
import { Client } from 'pg';
import { db, retryDelay, sleep } from './database';
import type { Logger } from './logger';

/**
 * Events for GraphQL subscriptions. Every publish goes through PostgreSQL NOTIFY (ids only in the payload),
 * and every API process LISTENs and hands what arrives to its local subscribers: one process or many behind a
 * load balancer behave the same.
 */
export const pubSub = createPubSub();
const CHANNEL = 'saffa_events';

export async function publish(topic: string, payload: Record<string, unknown>): Promise<void> {
  await db().query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ topic, payload })]);
}

export interface EventListener {
  /** 'listening' while NOTIFYs arrive; 'reconnecting' while the connection is lost and being restored. */
  state(): 'listening' | 'reconnecting';
  /** Calls `fn` each time the listener is back after a loss (events published meanwhile were missed). */
  onReconnect(fn: () => void): void;
  stop(): Promise<void>;
}

/**
 * Starts this process's listener. A lost connection is restored with backoff, forever. Every `probeMs` a fresh
 * connection is tried: when PostgreSQL refuses it because it is shutting down, the listener lets go of its own
 * connection so that a smart shutdown can finish (and then waits for the server to come back).
 */
export async function startListener(
  url: string,
  log: Logger,
  opts: { probeMs: number; connectTimeoutMs: number; maxRetryDelayMs: number },
): Promise<EventListener> {
  let client: Client | null = null;
  let stopped = false;
  let lostAt: number | null = null;
  let letGo: ((reason: string) => void) | null = null;
  const reconnected: Array<() => void> = [];
  const newClient = () => new Client({ connectionString: url, connectionTimeoutMillis: opts.connectTimeoutMs, keepAlive: true });

  const connect = async (): Promise<void> => {
    const c = newClient();
    c.on('notification', (msg) => {
      if (c !== client) return;
      try {
        const { topic, payload } = JSON.parse(msg.payload ?? '{}');
        (pubSub.publish as (t: string, p: unknown) => void)(topic, payload);
      } catch (err) {
        log.warn({ reason: (err as Error).message }, 'bad event payload');
      }
    });
    const lost = (reason: string) => {
      if (c !== client) return;
      client = null;
      void c.end().catch(() => undefined);
      if (stopped) return;
      lostAt = Date.now();
      log.warn({ reason }, 'event listener connection lost; reconnecting');
      void reconnect();
    };
    c.on('error', (err) => lost(err.message));
    c.on('end', () => lost('connection closed'));
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    letGo = lost;
  };

  const reconnect = async () => {
    for (let attempt = 0; !stopped && !client; attempt++) {
      const delay = retryDelay(attempt, opts.maxRetryDelayMs);
      await sleep(delay);
      if (stopped || client) return;
      try {
        await connect();
      } catch (err) {
        log.warn({ attempt: attempt + 1, reason: (err as Error).message }, 'event listener could not reconnect yet');
        continue;
      }
      log.info({ downMs: lostAt === null ? null : Date.now() - lostAt }, 'event listener reconnected');
      for (const fn of reconnected) fn();
    }
  };

  // A smart shutdown waits for every session to end: notice it by a refused new connection, and let go.
  const probe = setInterval(() => {
    if (!client) return;
    const current = client;
    const p = newClient();
    p.on('error', () => undefined);
    p.connect()
      .then(() => p.end())
      .catch((err: { code?: string; message?: string }) => {
        if (err.code === '57P03' && current === client) letGo?.(`the database refuses new connections: ${err.message}`);
      });
  }, opts.probeMs);
  probe.unref();

  try {
    await connect();
  } catch (err) {
    lostAt = Date.now();
    log.warn({ reason: (err as Error).message }, 'event listener could not connect; retrying');
    void reconnect();
  }
  return {
    state: () => (client ? 'listening' : 'reconnecting'),
    onReconnect: (fn) => void reconnected.push(fn),
    async stop() {
      stopped = true;
      clearInterval(probe);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
