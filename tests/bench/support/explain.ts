import type pg from 'pg';

/** A statement's plan as it runs (EXPLAIN ANALYZE with buffers, without cost estimates), one line per node. */
export async function explain(sql: pg.Client, statement: string, params: unknown[]): Promise<string> {
  // As the app's connections run it (api/src/db/data-source.ts: no parallel workers while serving).
  await sql.query('SET max_parallel_workers_per_gather = 0');
  try {
    const rows = (await sql.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement}`, params)).rows as Array<{
      'QUERY PLAN': string;
    }>;
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await sql.query('RESET max_parallel_workers_per_gather');
  }
}

/**
 * The plan of the body of a nearest-first page function (`business_directory_page`, ...), which runs with bitmap scans
 * off.
 */
export async function explainWithoutBitmapScans(sql: pg.Client, statement: string, params: unknown[]): Promise<string> {
  await sql.query('SET enable_bitmapscan = off');
  try {
    return await explain(sql, statement, params);
  } finally {
    await sql.query('RESET enable_bitmapscan');
  }
}
