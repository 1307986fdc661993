/**
 * One embedded PostgreSQL for a whole test run (a vitest `globalSetup`): the built app's migrations run once into a
 * template database, and every app the run starts gets its own copy (`CREATE DATABASE … TEMPLATE`, well under a
 * second) instead of a PostgreSQL of its own that it initialises and migrates (several seconds of CPU each).
 * startApp (app.ts) uses it when the suite's config names this file and the caller gave no DATABASE_URL, DATA_DIR or
 * EMBEDDED_PG_PORT (tests about the embedded server itself give those). SHARED_PG_PORT sets the port (default 58432).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';

const require = createRequire(import.meta.url);
const TEMPLATE = 'saffa_template';
const REPO_ROOT = path.resolve(__dirname, '..', '..');

export default async function setup(project: TestProject) {
  const dist = path.join(REPO_ROOT, 'api', 'dist', 'db');
  if (!fs.existsSync(path.join(dist, 'embedded.js'))) throw new Error('api/dist is missing: run "npm run build" first');
  // The built app's own modules, so the schema is exactly the one the app would migrate to.
  const { startEmbeddedPostgres, keepFailingExitCode } = require(path.join(dist, 'embedded.js')) as {
    startEmbeddedPostgres(o: { dir: string; port: number; database: string }): Promise<{
      url: string;
      stop(): Promise<void>;
    }>;
    keepFailingExitCode(): void;
  };
  const { createDataSource } = require(path.join(dist, 'data-source.js')) as {
    createDataSource(
      url: string,
      o: { poolSize: number },
    ): { initialize(): Promise<unknown>; runMigrations(): Promise<unknown>; destroy(): Promise<void> };
  };
  keepFailingExitCode();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saffa-shared-pg-'));
  const db = await startEmbeddedPostgres({
    dir: path.join(dir, 'pg'),
    port: Number(process.env.SHARED_PG_PORT) || 58432,
    database: TEMPLATE,
  });
  try {
    const ds = createDataSource(db.url, { poolSize: 1 });
    await ds.initialize();
    await ds.runMigrations();
    await ds.destroy();
  } catch (err) {
    await db.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  project.provide('sharedPgUrl', db.url);
  return async () => {
    await db.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

/** The shared PostgreSQL's template URL in this test run, or null when the suite has none. */
export function sharedPgUrl(): string | null {
  try {
    return inject('sharedPgUrl') ?? null;
  } catch {
    return null; // not inside a vitest worker
  }
}

async function onServer<T>(templateUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(templateUrl);
  url.pathname = '/postgres';
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A fresh, migrated, empty database of its own on the shared server, and how to drop it. */
export async function databaseFromTemplate(templateUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `app_${randomBytes(6).toString('hex')}`;
  // Two copies of one template at the same moment: PostgreSQL refuses the second while the first reads it.
  for (let attempt = 1; ; attempt++) {
    try {
      await onServer(templateUrl, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`));
      break;
    } catch (err) {
      if (attempt >= 20 || !/being accessed by other users/.test(String((err as Error).message))) throw err;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(templateUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    sharedPgUrl: string;
  }
}
