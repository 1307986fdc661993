import { createPubSub } from '@graphql-yoga/subscription';
import { setMaxListeners } from 'node:events';
import { Client } from 'pg';
import { db, retryDelay, sleep } from './database';
import type { Logger } from './logger';

const target = new EventTarget();
// Every open subscription listens on the target: thousands are normal, not a leak (Node warns past 10).
setMaxListeners(Infinity, target);
/**
 * Events for GraphQL subscriptions. Every publish goes through PostgreSQL NOTIFY, and every API process LISTENs
 * and hands what arrives to its local subscribers: one process or many behind a load balancer behave the same.
 * A payload carries what subscribers need to answer without asking the database again, within NOTIFY's limit
 * (`eventFits`).
 */
export const pubSub = createPubSub({
  eventTarget: target as unknown as NonNullable<NonNullable<Parameters<typeof createPubSub>[0]>['eventTarget']>,
});
/**
 * The NOTIFY channel every API process listens on (a trigger or a statement may notify it with `{ topic, payload }`).
 */
export const CHANNEL = 'saffa_events';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more (in the server's encoding, UTF-8 here). */
const MAX_EVENT_BYTES = 7_999;

/**
 * One event. With a `key` (such as the member it is for) it reaches only the subscribers of that topic and key:
 * one member's event does not wake every other member's subscriptions.
 */
export interface Event {
  topic: string;
  payload: Record<string, unknown>;
  key?: string;
}

const wire = (e: Event) =>
  JSON.stringify(
    e.key === undefined ? { topic: e.topic, payload: e.payload } : { topic: e.topic, key: e.key, payload: e.payload },
  );

/** Whether an event fits in one NOTIFY; when it does not, publish less and let subscribers fetch the rest. */
export function eventFits(e: Event): boolean {
  return Buffer.byteLength(wire(e)) <= MAX_EVENT_BYTES;
}

/** Publishes an event to every API process. */
export function publish(topic: string, payload: Record<string, unknown>, key?: string): Promise<void> {
  return publishAll([{ topic, payload, key }]);
}

/** Publishes events to every API process, in this order, in one round trip. */
export async function publishAll(events: Event[]): Promise<void> {
  if (!events.length) return;
  const texts = events.map(wire);
  const tooLarge = texts.find((t) => Buffer.byteLength(t) > MAX_EVENT_BYTES);
  if (tooLarge)
    throw new Error(`event of ${Buffer.byteLength(tooLarge)} bytes is over NOTIFY's limit (check eventFits first)`);
  await db().query(`SELECT ${texts.map((_, i) => `pg_notify($1, $${i + 2})`).join(', ')}`, [CHANNEL, ...texts]);
}

/** The local event name of a topic, or of a topic and key. */
const localName = (topic: string, key?: string) => (key === undefined ? topic : `${topic}:${key}`);

/** Hands an event to this process's subscribers only (what the listener does with each NOTIFY it receives). */
export function deliverLocally(topic: string, payload: unknown, key?: string): void {
  (pubSub.publish as (t: string, p: unknown) => void)(localName(topic, key), payload);
}

/**
 * Subscribers woken per turn of the event loop. One event for thousands of subscribers is then delivered a batch at
 * a time, each batch to the end (executed, serialized, written to its socket) before the next starts: what one
 * delivery allocates dies young instead of living through the whole fan-out, the garbage collector has far less
 * to do, the first members get it sooner, and other requests are served in between.
 */
const WAKE_BATCH = 64;
const toWake: Array<() => void> = [];
function wakeSoon(fn: () => void): void {
  toWake.push(fn);
  if (toWake.length === 1) setImmediate(wakeBatch);
}
function wakeBatch(): void {
  for (const fn of toWake.splice(0, WAKE_BATCH)) fn();
  if (toWake.length) setImmediate(wakeBatch);
}

let openStreams = 0;
/** How many `listen` streams of this process are open: a stream nobody will end any more is a leak (tests watch it). */
export function openListenStreams(): number {
  return openStreams;
}

/**
 * This process's events of several topics (each a topic, or a topic and key) as one stream, in arrival order,
 * from the moment it is called, keeping only those `accept` takes. A plain queue: light enough to hold thousands
 * of (a member's tabs × topics). Ending it lets go at once, even while it waits.
 */
export function listen<T>(
  sources: Array<{ topic: string; key?: string }>,
  accept: (event: T) => boolean = () => true,
): AsyncIterableIterator<T> {
  const names = sources.map((s) => localName(s.topic, s.key));
  openStreams += 1;
  const queue: T[] = [];
  let wake: (() => void) | null = null;
  let done = false;
  const onEvent = (e: globalThis.Event) => {
    const event = (e as CustomEvent<T>).detail;
    if (!accept(event)) return;
    queue.push(event);
    if (wake) {
      wakeSoon(wake);
      wake = null;
    }
  };
  for (const n of names) target.addEventListener(n, onEvent);
  const finish = async (): Promise<IteratorResult<T>> => {
    if (!done) {
      done = true;
      openStreams -= 1;
      for (const n of names) target.removeEventListener(n, onEvent);
      queue.length = 0;
      wake?.();
      wake = null;
    }
    return { value: undefined, done: true };
  };
  return {
    async next() {
      while (!queue.length && !done) await new Promise<void>((r) => (wake = r));
      return queue.length ? { value: queue.shift()!, done: false } : { value: undefined, done: true };
    },
    return: finish,
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/**
 * A live count: `count()` at once, then again after each of `events` (each may have moved it). Ending it ends the
 * events at once, even while it waits.
 */
export function countAfterEach<T>(
  events: AsyncIterableIterator<unknown>,
  count: () => Promise<T>,
): AsyncIterableIterator<T> {
  let started = false;
  return {
    async next() {
      if (started) {
        const r = await events.next();
        if (r.done) return { value: undefined, done: true };
      }
      started = true;
      return { value: await count(), done: false };
    },
    async return() {
      await events.return!();
      return { value: undefined, done: true };
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

const missedHooks: Array<() => void> = [];
/**
 * Calls `fn` whenever this process's event listener is back after losing its connection: events published
 * meanwhile were missed, so state kept from events (a live count) should be read again.
 */
export function onEventsMissed(fn: () => void): void {
  missedHooks.push(fn);
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
  const newClient = () =>
    new Client({ connectionString: url, connectionTimeoutMillis: opts.connectTimeoutMs, keepAlive: true });

  const connect = async (): Promise<void> => {
    const c = newClient();
    c.on('notification', (msg) => {
      if (c !== client) return;
      try {
        const { topic, payload, key } = JSON.parse(msg.payload ?? '{}');
        deliverLocally(topic, payload, typeof key === 'string' ? key : undefined);
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
      for (const fn of [...reconnected, ...missedHooks]) fn();
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
