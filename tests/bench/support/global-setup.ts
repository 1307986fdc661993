/**
 * One embedded PostgreSQL for the whole bench run (every bench file starts the built app against it): the app's
 * migrations, then the bench data set (seed.ts; the small one in quick mode), then VACUUM ANALYZE. Bench files
 * read the database URL with `inject('benchDatabaseUrl')`.
 * BENCH_PG_PORT sets its port (default 57432), so two developers can run benches on one machine.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../../support/app';
import { QUICK } from './results';
import { FULL, seed, SMALL } from './seed';

const require = createRequire(import.meta.url);

export default async function setup(project: TestProject) {
  const dist = path.join(REPO_ROOT, 'api', 'dist', 'db');
  if (!fs.existsSync(path.join(dist, 'embedded.js'))) throw new Error('api/dist is missing: run "npm run build" first');
  // The built app's own modules (api/src/db/embedded.ts and data-source.ts), so the schema is exactly the app's.
  const { startEmbeddedPostgres, keepFailingExitCode } = require(path.join(dist, 'embedded.js')) as {
    startEmbeddedPostgres(o: {
      dir: string;
      port: number;
      database: string;
    }): Promise<{ url: string; stop(): Promise<void> }>;
    keepFailingExitCode(): void;
  };
  keepFailingExitCode();
  const { createDataSource } = require(path.join(dist, 'data-source.js')) as {
    createDataSource(
      url: string,
      o: { poolSize: number },
    ): { initialize(): Promise<unknown>; runMigrations(): Promise<unknown>; destroy(): Promise<void> };
  };

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saffa-bench-'));
  const started = performance.now();
  const db = await startEmbeddedPostgres({
    dir: path.join(dir, 'pg'),
    port: Number(process.env.BENCH_PG_PORT) || 57432,
    database: 'saffa_bench',
  });
  try {
    const ds = createDataSource(db.url, { poolSize: 1 });
    await ds.initialize();
    await ds.runMigrations();
    await ds.destroy();
    const migrated = performance.now();

    const size = QUICK ? SMALL : FULL;
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const counts = await seed(client, size);
    await client.end();
    const seeded = performance.now();
    process.stdout.write(
      `\nbench database: PostgreSQL started and migrated in ${((migrated - started) / 1000).toFixed(1)} s; ` +
        `seeded (${QUICK ? 'quick' : 'full'} set) in ${((seeded - migrated) / 1000).toFixed(1)} s, VACUUM ANALYZE ` +
        `included: ` +
        `${Object.entries(counts)
          .map(([t, n]) => `${n.toLocaleString('en')} ${t}`)
          .join(', ')}\n\n`,
    );
    if (process.env.BENCH_SEED_FILE)
      fs.writeFileSync(process.env.BENCH_SEED_FILE, JSON.stringify({ seconds: (seeded - migrated) / 1000, counts }));
  } catch (err) {
    await db.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }

  project.provide('benchDatabaseUrl', db.url);
  return async () => {
    await db.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    benchDatabaseUrl: string;
  }
}
