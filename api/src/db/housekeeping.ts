import { db } from '../kernel/database';
import type { Logger } from '../kernel/logger';

/**
 * Deletes rows that can no longer matter: expired sessions, used or expired reset links, rate-limit windows
 * older than a day. Runs at start and then every hour; cheap thanks to the expiry indexes.
 */
export async function sweep(log: Logger): Promise<void> {
  const [, sessions]: [unknown, number] = await db().query('DELETE FROM sessions WHERE expires_at < now()');
  const [, resets]: [unknown, number] = await db().query(
    `DELETE FROM password_resets WHERE expires_at < now() - interval '1 day' OR used_at < now() - interval '1 day'`,
  );
  const [, windows]: [unknown, number] = await db().query(`DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'`);
  if (sessions || resets || windows) log.info({ sessions, resets, windows }, 'housekeeping removed stale rows');
}

export function startHousekeeping(log: Logger): () => void {
  const run = () => sweep(log).catch((err) => log.warn({ err }, 'housekeeping failed'));
  void run();
  const timer = setInterval(run, 3_600_000);
  timer.unref();
  return () => clearInterval(timer);
}
