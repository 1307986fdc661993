import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDataSource } from '../db/data-source';
import { keepFailingExitCode, startEmbeddedPostgres } from '../db/embedded';

/**
 * One embedded PostgreSQL per test run. The migrated schema is built once into a template
 * database; each test file clones it (see setup.ts), so files run in parallel without sharing rows. TEST_PG_PORT
 * moves it off its default port, for two runs side by side on one machine.
 */
export default async function setup(project: TestProject) {
  keepFailingExitCode();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saffa-test-'));
  const pg = await startEmbeddedPostgres({
    dir: path.join(dir, 'pg'),
    port: Number(process.env.TEST_PG_PORT ?? 56432),
    database: 'saffa_template',
  });
  const ds = createDataSource(pg.url, { poolSize: 2 });
  await ds.initialize();
  await ds.runMigrations();
  await ds.destroy();
  project.provide('pgUrl', pg.url);
  return async () => {
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}
