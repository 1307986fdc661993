import { db } from '../kernel/database';
import type { Logger } from '../kernel/logger';
import { deleteMedia, listMedia } from '../kernel/media';
import type { ModuleManifest, TableColumn } from '../kernel/module';
import type { ScheduledJob } from '../kernel/scheduler';
import { modules } from '../modules';

/** How old a stored file must be before the sweep may take it for an orphan: a post being written is not one. */
export const MEDIA_GRACE_MS = 24 * 3_600_000;

/**
 * Every column that keeps URLs of stored files, as (table, column), declared by the modules (`mediaColumns` in their
 * manifests); `images`, `media`, `files` and `photos` columns are JSON whose strings are URLs (photo, thumbnail,
 * variants). A column missing there would lose its files to the sweep: the housekeeping test fails when a `*_url` or
 * JSON column is not listed.
 */
export const mediaColumnsOf = (list: readonly ModuleManifest[]): TableColumn[] =>
  list.flatMap((m) => m.mediaColumns ?? []);

export const MEDIA_COLUMNS: ReadonlyArray<TableColumn> = mediaColumnsOf(modules);

/** The columns of MEDIA_COLUMNS that are JSON holding URLs anywhere inside. */
const JSON_MEDIA_COLUMNS = new Set(['images', 'media', 'files', 'photos', 'profile_media']);
/** `*_url` columns that hold links a member typed (never files of the store): the housekeeping test knows them. */
export const LINK_COLUMNS: ReadonlyArray<readonly [table: string, column: string]> = [
  ['job_applications', 'resume_url'],
  ['job_applications', 'linkedin_url'],
  ['job_applications', 'portfolio_url'],
];

/**
 * JSON columns that hold no stored file of their own: the admin audit log's values before and after an action are a
 * record (a URL in them names a file that belongs to the row acted on; it must not keep a removed file alive), and so
 * is a webhook delivery's payload (what was sent: ids, names and texts).
 */
export const RECORD_COLUMNS: ReadonlyArray<readonly [table: string, column: string]> = [
  ['admin_audit_log', 'before'],
  ['admin_audit_log', 'after'],
  ['webhook_deliveries', 'payload'],
];

const referencesSql = () =>
  MEDIA_COLUMNS.map(([table, column]) =>
    JSON_MEDIA_COLUMNS.has(column)
      ? `SELECT jsonb_path_query("${column}", 'lax $.** ? (@.type() == "string")') #>> '{}' AS url FROM "${table}"`
      : `SELECT "${column}" AS url FROM "${table}" WHERE "${column}" LIKE '/media/%'`,
  ).join('\n UNION ALL ');

/**
 * Removes stored files that no row refers to and that are older than the grace period: files of content
 * deleted while its files could not be removed, or of a request that died between storing and writing.
 */
export async function sweepMedia(now = new Date()): Promise<number> {
  const candidates = await listMedia(new Date(now.getTime() - MEDIA_GRACE_MS));
  let removed = 0;
  for (let i = 0; i < candidates.length; i += 1000) {
    const rows: Array<{ url: string }> = await db().query(
      `WITH refs AS (${referencesSql()})
       SELECT c AS url FROM unnest($1::text[]) c WHERE NOT EXISTS (SELECT 1 FROM refs WHERE refs.url = c)`,
      [candidates.slice(i, i + 1000)],
    );
    await deleteMedia(rows.map((r) => r.url));
    removed += rows.length;
  }
  return removed;
}

/**
 * Deletes rows that can no longer matter: expired sessions, used or expired reset links, rate-limit windows and
 * idempotency keys older than a day, radar positions older than a day, finished webhook deliveries older than 30 days;
 * and stored files nothing refers to. Runs at start and then every hour; cheap thanks to the expiry indexes.
 */
export async function sweep(log: Logger): Promise<void> {
  const [, sessions]: [unknown, number] = await db().query('DELETE FROM sessions WHERE expires_at < now()');
  const [, resets]: [unknown, number] = await db().query(
    `DELETE FROM password_resets WHERE expires_at < now() - interval '1 day' OR used_at < now() - interval '1 day'`,
  );
  const [, windows]: [unknown, number] = await db().query(
    `DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'`,
  );
  // A budget untouched for a day is full again (GRAPHQL_COST_CAPACITY / GRAPHQL_COST_REFILL_PER_SECOND is far less):
  // its row is not needed.
  const [, budgets]: [unknown, number] = await db().query(
    `DELETE FROM cost_budgets WHERE refilled_at < now() - interval '1 day'`,
  );
  const [, idempotencyKeys]: [unknown, number] = await db().query(
    `DELETE FROM idempotency_keys WHERE created_at < now() - interval '1 day'`,
  );
  // The radar ignores positions older than a day (RADAR_FRESH_HOURS): where a member was is not kept past that.
  const [, radarPositions]: [unknown, number] = await db().query(
    `DELETE FROM radar_positions WHERE located_at < now() - interval '24 hours'`,
  );
  // Webhook deliveries that succeeded or failed are kept 30 days for the member to look at (and replay).
  const [, webhookDeliveries]: [unknown, number] = await db().query(
    `DELETE FROM webhook_deliveries WHERE status <> 'pending' AND created_at < now() - interval '30 days'`,
  );
  // Two-factor sign-in: pending second steps and passkey challenges live minutes; a day later they are gone.
  const [, pendingSignIns]: [unknown, number] = await db().query(
    `DELETE FROM pending_sign_ins WHERE expires_at < now() - interval '1 day'`,
  );
  await db().query(`DELETE FROM webauthn_challenges WHERE expires_at < now()`);
  const files = await sweepMedia();
  if (
    pendingSignIns ||
    sessions ||
    resets ||
    windows ||
    budgets ||
    idempotencyKeys ||
    radarPositions ||
    webhookDeliveries ||
    files
  ) {
    log.info(
      { pendingSignIns, sessions, resets, windows, budgets, idempotencyKeys, radarPositions, webhookDeliveries, files },
      'housekeeping removed stale rows and files',
    );
  }
}

/** The sweep as the scheduler runs it (kernel/scheduler.ts): at start and then every hour. */
export const housekeepingJob: ScheduledJob = { name: 'housekeeping', everyMs: 3_600_000, run: sweep };
