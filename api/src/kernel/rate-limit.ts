import { db } from './database';
import { rateLimited } from './errors';

/**
 * Counts one hit against `key` in a fixed window kept in PostgreSQL (so every API replica shares it)
 * and throws RATE_LIMITED with the seconds to wait once `limit` hits are exceeded.
 */
export async function hit(key: string, limit: number, windowSeconds: number): Promise<void> {
  const rows: Array<{ hits: number; window_start: Date }> = await db().query(
    `INSERT INTO rate_limits (key, window_start, hits) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limits.window_start < now() - make_interval(secs => $2) THEN 1 ELSE rate_limits.hits + 1 END,
       window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => $2) THEN now() ELSE rate_limits.window_start END
     RETURNING hits, window_start`,
    [key, windowSeconds],
  );
  const row = rows[0];
  if (row.hits > limit) {
    const elapsed = (Date.now() - new Date(row.window_start).getTime()) / 1000;
    throw rateLimited(Math.max(1, Math.ceil(windowSeconds - elapsed)));
  }
}

/** Forgets a key's hits, e.g. after a successful sign-in. */
export async function reset(key: string): Promise<void> {
  await db().query('DELETE FROM rate_limits WHERE key = $1', [key]);
}
