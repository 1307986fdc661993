import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { entities } from './entities';
import { FailFastClient } from './fail-fast-client';
import { migrations } from './migrations';
import { SnakeNamingStrategy } from './naming';

export interface DataSourceOptions {
  poolSize?: number;
  /** Serving limits: without them (migrations, tools) a statement may run as long as it needs. */
  timeouts?: { connectMs: number; queryMs: number; connectionLifetimeSeconds: number };
}

/** Parallel workers per statement while serving (see `createDataSource`); the benches' EXPLAIN uses the same. */
export const SERVING_PARALLEL_WORKERS = 0;

/** A TypeORM data source over `url`; migrations are explicit, `synchronize` is never on. */
export function createDataSource(url: string, opts: DataSourceOptions = {}): DataSource {
  const t = opts.timeouts;
  return new DataSource({
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    namingStrategy: new SnakeNamingStrategy(),
    poolSize: opts.poolSize ?? 10,
    logging: false,
    ...(t && {
      // A frozen or unreachable server answers nothing: the pool gives up waiting for a connection, the client
      // gives up waiting for an answer, and the server itself cancels a statement that runs too long.
      connectTimeoutMS: t.connectMs,
      extra: {
        // Pages of a dozen rows: starting parallel workers costs more than it saves. Measured in the search bench
        // (2 cores): 50 ms of a 57 ms job search went on starting two workers for a branch that took 10 ms.
        options: `-c max_parallel_workers_per_gather=${SERVING_PARALLEL_WORKERS}`,
        query_timeout: t.queryMs,
        statement_timeout: t.queryMs,
        // A statement left unanswered costs one timeout per request, not one more for each statement behind it.
        Client: FailFastClient,
        keepAlive: true,
        idleTimeoutMillis: 10_000,
        // Connections are renewed now and then, so a smart shutdown of PostgreSQL is not held open forever.
        maxLifetimeSeconds: t.connectionLifetimeSeconds,
      },
    }),
  });
}
