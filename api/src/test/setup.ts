import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, inject } from 'vitest';
import { loadConfig } from '../config';
import { createDataSource } from '../db/data-source';
import { setDataSource } from '../kernel/database';
import { startListener, type EventListener } from '../kernel/pubsub';
import { silentLog } from './helpers';
import { useSettings } from '../kernel/settings';
import { modules } from '../modules';
import { wireModules } from '../wiring';

// What the modules declare for each other, registered as the composition root does (schema.ts, wiring.ts): a test that
// calls a service without the schema still finds every reportable, conversation origin, suspension hook and export
// rule.
wireModules(modules);

let ds: DataSource;
/** Statements with OFFSET that any test caused: lists use keyset pagination (kernel/pagination.ts), never OFFSET. */
const offsetStatements: string[] = [];
let listener: EventListener | null = null;
const templateUrl = inject('pgUrl');
const name = `t_${randomBytes(6).toString('hex')}`;

async function admin<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const url = new URL(templateUrl);
  url.pathname = '/postgres';
  const c = new Client({ connectionString: url.toString() });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  useSettings({
    ...loadConfig(),
    mediaDir: path.join(os.tmpdir(), `saffa-media-${name}`),
    privateDir: path.join(os.tmpdir(), `saffa-private-${name}`),
    logLevel: 'silent',
  });
  await admin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE saffa_template`));
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  ds = createDataSource(url.toString(), { poolSize: 4 });
  await ds.initialize();
  const logQuery = ds.logger.logQuery.bind(ds.logger);
  ds.logger.logQuery = (query, parameters, runner) => {
    if (/\bOFFSET\b/i.test(query)) offsetStatements.push(query);
    return logQuery(query, parameters, runner);
  };
  setDataSource(ds);
  listener = await startListener(url.toString(), silentLog, {
    probeMs: 60_000,
    connectTimeoutMs: 3_000,
    maxRetryDelayMs: 1_000,
  });
});

afterAll(async () => {
  await listener?.stop();
  setDataSource(null);
  await ds?.destroy();
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  if (offsetStatements.length) {
    throw new Error(
      `A query used OFFSET: lists use keyset pagination (keysetPage in kernel/pagination.ts), whose page 1000 costs ` +
        `what page 1 costs.\n${offsetStatements.join('\n')}`,
    );
  }
});
