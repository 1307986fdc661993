import { createPubSub } from '@graphql-yoga/subscription';
import { Client } from 'pg';
import { db } from './database';
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

/** Starts this process's listener; the returned function stops it. */
export async function startListener(url: string, log: Logger): Promise<() => Promise<void>> {
  let client: Client | null = null;
  let stopped = false;
  const connect = async () => {
    const c = new Client({ connectionString: url });
    c.on('notification', (msg) => {
      try {
        const { topic, payload } = JSON.parse(msg.payload ?? '{}');
        (pubSub.publish as (t: string, p: unknown) => void)(topic, payload);
      } catch (err) {
        log.warn({ err }, 'bad event payload');
      }
    });
    c.on('error', (err) => {
      log.warn({ err }, 'event listener connection lost');
      if (!stopped) setTimeout(() => void connect().catch((e) => log.error({ err: e }, 'event listener reconnect failed')), 1000);
    });
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    client = c;
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
}
