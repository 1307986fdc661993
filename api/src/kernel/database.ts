import { GraphQLError } from 'graphql';
import type { DataSource, EntityManager } from 'typeorm';
import { unavailable } from './errors';

/**
 * The process's one data source, set once at boot (or by a test's setup). Services reach the database
 * through `db()`; a transaction hands its EntityManager down explicitly.
 */
let current: DataSource | null = null;

export function setDataSource(ds: DataSource | null): void {
  current = ds;
}

export function db(): DataSource {
  if (!current) throw new Error('The data source is not initialised');
  return current;
}

export type Tx = EntityManager;

/**
 * SQLSTATEs and messages that mean "the database is not answering" rather than "the statement is wrong". TypeORM
 * releases a transaction's connection when it breaks (the server stopped under it): the transaction's next statement
 * then fails with "already released".
 */
const UNAVAILABLE_CODES = new Set([
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|Query read timeout|Connection terminated|connection error and is not queryable|Connection terminated unexpectedly|the database system is (shutting down|starting up|in recovery mode)|terminating connection due to administrator command|canceling statement due to statement timeout|connection provided by a query runner was already released|Query runner already released/i;

/**
 * True when `err` (a pg or TypeORM error, or one wrapping it) says the database is unreachable, stopping or too slow.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  type Suspect = { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown; errors?: unknown };
  for (let e = err as Suspect | undefined, depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    // AggregateError (IPv4 and IPv6 refused)
    if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x))) return true;
    e = (e.driverError ?? e.cause) as Suspect | undefined;
  }
  return false;
}

/**
 * The wait before retry number `attempt` (0-based): doubling from `firstMs`, capped at `maxMs`, with a little jitter.
 */
export function retryDelay(attempt: number, maxMs: number, firstMs = 250): number {
  const base = Math.min(maxMs, firstMs * 2 ** Math.min(attempt, 20));
  return Math.round(base * (0.8 + Math.random() * 0.2));
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Runs `work`, turning "the database is not answering" into the clear UNAVAILABLE error (503) instead of a 500. */
export async function unlessDatabaseUnavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw isDatabaseUnavailable(err) ? unavailable() : err;
  }
}

/**
 * An error on its way to a client: one caused by the database being away becomes the clear UNAVAILABLE error
 * (503 on REST, "try again in a moment"); any other passes unchanged. Every edge (GraphQL over HTTP and websocket,
 * the REST table) sends errors through here, so no resolver needs a wrapper for it.
 */
export function unavailableIfDatabaseAway(error: GraphQLError): GraphQLError {
  if (!error.originalError || !isDatabaseUnavailable(error.originalError)) return error;
  const u = unavailable();
  return new GraphQLError(u.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: u,
    extensions: u.extensions,
  });
}
