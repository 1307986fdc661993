import { db } from './database';
import { rateLimited } from './errors';
import { settings } from './settings';

export interface Window {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Seconds until the current window ends (at least 1). */
  retryAfter: number;
}

/** Counts `hits` hits against `key` in a fixed window kept in PostgreSQL (so every API replica shares it). */
export async function count(key: string, windowSeconds: number, hits = 1): Promise<Window> {
  const rows: Array<{ hits: number; window_start: Date }> = await db().query(
    `INSERT INTO rate_limits (key, window_start, hits) VALUES ($1, now(), $3)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limits.window_start < now() - make_interval(secs => $2) THEN $3 ELSE rate_limits.hits + $3 END,
       window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => $2) THEN now() ELSE rate_limits.window_start END
     RETURNING hits, window_start`,
    [key, windowSeconds, hits],
  );
  const row = rows[0];
  const elapsed = (Date.now() - new Date(row.window_start).getTime()) / 1000;
  return { hits: row.hits, retryAfter: Math.max(1, Math.ceil(windowSeconds - elapsed)) };
}

/** Counts like `count` and throws RATE_LIMITED with the seconds to wait once `limit` hits are exceeded. */
export async function hit(key: string, limit: number, windowSeconds: number, hits = 1): Promise<void> {
  const w = await count(key, windowSeconds, hits);
  if (w.hits > limit) throw rateLimited(w.retryAfter);
}

/** Forgets the hits of these keys, e.g. after a successful sign-in. */
export async function reset(...keys: string[]): Promise<void> {
  await db().query('DELETE FROM rate_limits WHERE key = ANY($1)', [keys]);
}

/** Every write of a member counts against RATE_WRITES_PER_MINUTE. */
export const limitWrites = (userId: string) => hit(`write:${userId}`, settings().limits.writesPerMinute, 60);

/** Each uploaded file counts against RATE_UPLOADS_PER_HOUR. */
export const limitUploads = (userId: string, files: number) =>
  files > 0 ? hit(`upload:${userId}`, settings().limits.uploadsPerHour, 3600, files) : Promise.resolve();
