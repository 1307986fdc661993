import type { DataSource, EntityManager } from 'typeorm';

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
