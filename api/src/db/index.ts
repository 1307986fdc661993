import path from 'node:path';
import type { DataSource } from 'typeorm';
import type { Config } from '../config';
import { isDatabaseUnavailable, retryDelay, setDataSource, sleep } from '../kernel/database';
import type { Logger } from '../kernel/logger';
import { createDataSource } from './data-source';
import { startEmbeddedPostgres } from './embedded';

export interface Database {
  dataSource: DataSource;
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

/** Any fixed number: every Saffa process takes this advisory lock while it migrates, so only one migrates at a time. */
const MIGRATION_LOCK = 7_410_375_201;

/** Where a database URL points, without its password, for messages. */
function describe(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'the configured server';
  }
}

/** PostgreSQL's "database does not exist": the server answers, but its database is not created yet. */
const NO_SUCH_DATABASE = '3D000';
/** How long a server that answers but lacks the database is waited for (a new one creates it just after it listens). */
export const MISSING_DATABASE_GRACE_MS = 30_000;

function isMissingDatabase(err: unknown): boolean {
  const e = err as { code?: unknown; driverError?: { code?: unknown } } | undefined;
  return e?.code === NO_SUCH_DATABASE || e?.driverError?.code === NO_SUCH_DATABASE;
}

/**
 * Connects `dataSource`, waiting with backoff while the server cannot be reached (it may still be starting),
 * and saying each time what it waits for. A server that answers without the database is waited for up to
 * `missingGraceMs` (a PostgreSQL that has just started creates it a moment later); other failures (a wrong
 * password) end at once.
 */
export async function connectWhenReachable(
  dataSource: Pick<DataSource, 'initialize'>,
  url: string,
  maxDelayMs: number,
  log: Logger,
  missingGraceMs = MISSING_DATABASE_GRACE_MS,
): Promise<void> {
  let missingSince: number | null = null;
  for (let attempt = 0; ; attempt++) {
    try {
      await dataSource.initialize();
      if (attempt > 0) log.info({ database: describe(url) }, 'the database answers');
      return;
    } catch (err) {
      const missing = isMissingDatabase(err);
      if (!missing && !isDatabaseUnavailable(err)) throw err;
      if (missing) {
        missingSince ??= Date.now();
        if (Date.now() - missingSince >= missingGraceMs) throw err;
      } else missingSince = null;
      const delay = retryDelay(attempt, maxDelayMs, 500);
      log.warn(
        {
          database: describe(url),
          attempt: attempt + 1,
          retryInMs: delay,
          reason: err instanceof Error ? err.message : String(err),
        },
        `waiting for the database at ${describe(url)}`,
      );
      await sleep(delay);
    }
  }
}

/**
 * Runs pending migrations under a PostgreSQL advisory lock, on a connection of its own without the serving
 * timeouts: several processes starting on one empty database migrate one after the other, and the later ones
 * find nothing left to do.
 */
async function migrate(url: string, maxDelayMs: number, log: Logger): Promise<void> {
  const admin = createDataSource(url, { poolSize: 2 });
  await connectWhenReachable(admin, url, maxDelayMs, log);
  const runner = admin.createQueryRunner();
  try {
    await runner.connect();
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      const ran = await admin.runMigrations({ transaction: 'each' });
      if (ran.length) log.info({ migrations: ran.map((m) => m.name) }, 'migrations applied');
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    await runner.release();
    await admin.destroy();
  }
}

/**
 * Opens the database: DATABASE_URL when set, otherwise an embedded PostgreSQL under DATA_DIR/pg (started again by
 * a supervisor if it stops). Runs pending migrations before anything else touches it. The serving pool has
 * connect and statement timeouts, so a frozen or stopped server gives clear errors instead of hanging requests.
 */
export async function openDatabase(config: Config, log: Logger): Promise<Database> {
  const limits = config.database;
  const embedded = config.databaseUrl
    ? null
    : await startEmbeddedPostgres({
        dir: path.join(config.dataDir, 'pg'),
        port: config.embeddedPgPort,
        database: 'saffa',
        log,
        supervise: { maxRetryDelayMs: limits.maxRetryDelayMs },
      });
  const url = config.databaseUrl ?? embedded!.url;
  await migrate(url, limits.maxRetryDelayMs, log);
  const dataSource = createDataSource(url, {
    timeouts: {
      connectMs: limits.connectTimeoutMs,
      queryMs: limits.queryTimeoutMs,
      connectionLifetimeSeconds: limits.connectionLifetimeSeconds,
    },
  });
  await connectWhenReachable(dataSource, url, limits.maxRetryDelayMs, log);
  // The pool reports connections dropped by a stopping server; log them (without the client object) instead of
  // crashing.
  const pool = (dataSource.driver as unknown as { master?: { on(e: string, f: (err: Error) => void): void } }).master;
  pool?.on('error', (err) => log.warn({ reason: err.message }, 'database connection error'));
  setDataSource(dataSource);
  return {
    dataSource,
    url,
    embedded: !!embedded,
    async close() {
      setDataSource(null);
      if (dataSource.isInitialized) await dataSource.destroy();
      if (embedded) await embedded.stop();
    },
  };
}

/** The SQL that would bring the database in line with the entities; empty when migrations are complete. */
export async function pendingSchemaChanges(dataSource: DataSource): Promise<{ up: string[]; down: string[] }> {
  const sql = await dataSource.driver.createSchemaBuilder().log();
  return { up: sql.upQueries.map((q) => q.query), down: sql.downQueries.map((q) => q.query) };
}
