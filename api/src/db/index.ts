import path from 'node:path';
import type { DataSource } from 'typeorm';
import type { Config } from '../config';
import { setDataSource } from '../kernel/database';
import type { Logger } from '../kernel/logger';
import { createDataSource } from './data-source';
import { startEmbeddedPostgres } from './embedded';

export interface Database {
  dataSource: DataSource;
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

/**
 * Opens the database: DATABASE_URL when set, otherwise an embedded PostgreSQL under DATA_DIR/pg.
 * Runs pending migrations before anything else touches it.
 */
export async function openDatabase(config: Config, log: Logger): Promise<Database> {
  const embedded = config.databaseUrl
    ? null
    : await startEmbeddedPostgres({ dir: path.join(config.dataDir, 'pg'), port: config.embeddedPgPort, database: 'saffa', log });
  const url = config.databaseUrl ?? embedded!.url;
  const dataSource = createDataSource(url);
  await dataSource.initialize();
  // The pool reports connections dropped by a stopping server; log them instead of crashing.
  const pool = (dataSource.driver as unknown as { master?: { on(e: string, f: (err: Error) => void): void } }).master;
  pool?.on('error', (err) => log.warn({ err }, 'database connection error'));
  const ran = await dataSource.runMigrations({ transaction: 'each' });
  if (ran.length) log.info({ migrations: ran.map((m) => m.name) }, 'migrations applied');
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
