import { authorize, requireAdmin, requireViewer } from '../../kernel/auth';
import type { Loaders, Viewer } from '../../kernel/context';
import { db, type Tx } from '../../kernel/database';
import { badInput, conflict, notFound } from '../../kernel/errors';
import { checkUuid } from '../../kernel/ids';
import { once, type RecordResult } from '../../kernel/idempotency';
import { deleteMedia } from '../../kernel/media';
import { keysetPage, type Page } from '../../kernel/pagination';
import type { AdminAction } from '../admin/admin-actions';
import { recordAdminAction } from '../admin/admin-audit.service';
import { setSuspendedIn } from '../admin/admin.service';
import { Report, ReportKind, ReportReason, ReportStatus } from './report.entity';
import { reportableOf, type ReportedItem } from './reportables';

const reports = () => db().getRepository(Report);

export const OWN_CONTENT = 'You cannot report your own content.';
export const OWN_POST = 'You cannot report your own post.';
export const ALREADY_REPORTED = 'You have already reported this.';
export const ALREADY_REPORTED_POST = 'You have already reported this post.';

const REASONS = Object.values(ReportReason);
const KINDS = Object.values(ReportKind);
const STATUSES = Object.values(ReportStatus);

function checkKind(kind: unknown): ReportKind {
  if (!KINDS.includes(kind as ReportKind)) throw badInput('kind', `must be one of ${KINDS.join(', ')}`);
  return kind as ReportKind;
}

/**
 * Reports an item for the admins: once per member and item (a second report is CONFLICT, 50 at once make one row),
 * never one's own (FORBIDDEN), only what the member can see (NOT_FOUND otherwise; each kind's `reportable` says
 * what that is). A retry with the same idempotency key answers the first report instead of CONFLICT.
 */
export async function reportContent(
  viewer: Viewer | null,
  kind: ReportKind,
  subjectId: string,
  reason: ReportReason,
  idempotencyKey?: string | null,
  operation = 'reportContent',
): Promise<Report> {
  const v = requireViewer(viewer);
  checkKind(kind);
  checkUuid(subjectId, kind === ReportKind.post ? 'postId' : 'subjectId');
  if (!REASONS.includes(reason)) throw badInput('reason', `must be one of ${REASONS.join(', ')}`);
  const item = await reportableOf(kind).reportable(v, subjectId);
  authorize(item.authorId !== v.id, kind === ReportKind.post ? OWN_POST : OWN_CONTENT);
  const write = async (record: RecordResult) => {
    const id = await db().transaction(async (m) => {
      const result: Array<{ id: string }> = await m.query(
        `INSERT INTO reports (kind, subject_id, reporter_id, reason) VALUES ($1, $2, $3, $4)
         ON CONFLICT (kind, subject_id, reporter_id) DO NOTHING RETURNING id`,
        [kind, subjectId, v.id, reason],
      );
      if (!result.length)
        throw conflict('ALREADY_REPORTED', kind === ReportKind.post ? ALREADY_REPORTED_POST : ALREADY_REPORTED);
      await record(m, result[0].id);
      return result[0].id;
    });
    return reports().findOneByOrFail({ id });
  };
  return once({ memberId: v.id, operation, key: idempotencyKey }, write, (id) => reports().findOneByOrFail({ id }));
}

/**
 * The moderation queue (admins): one entry per reported item and status, oldest first (the item waiting longest
 * comes first), optionally of one kind. An entry is the item's earliest report with that status; its reportCount,
 * reasons and reporters cover all of them. Keyset over the index (status, [kind,] created_at, id); the "earliest of
 * its item" condition reads the index (kind, subject_id, status, created_at).
 */
export function moderationQueue(
  viewer: Viewer | null,
  args: { status?: ReportStatus | null; kind?: ReportKind | null; first?: number | null; after?: string | null },
): Promise<Page<Report>> {
  requireAdmin(viewer);
  const status = args.status ?? ReportStatus.open;
  if (!STATUSES.includes(status)) throw badInput('status', `must be one of ${STATUSES.join(', ')}`);
  const qb = reports()
    .createQueryBuilder('r')
    .where('r.status = :status', { status })
    .andWhere(
      `NOT EXISTS (SELECT 1 FROM reports e WHERE e.kind = r.kind AND e.subject_id = r.subject_id AND e.status = r.status
                   AND (e.created_at, e.id) < (r.created_at, r.id))`,
    );
  if (args.kind != null) qb.andWhere('r.kind = :kind', { kind: checkKind(args.kind) });
  return keysetPage(qb, 'r', args, 'ASC');
}

/**
 * Per page of entries: how many reports each entry's item has with the entry's status, their reasons and reporters (one
 * statement).
 */
export interface EntrySummary {
  key: string;
  count: number;
  reasons: ReportReason[];
  reporterIds: string[];
}
export const entryKey = (r: Pick<Report, 'kind' | 'subjectId' | 'status'>) => `${r.kind}|${r.subjectId}|${r.status}`;

/** A reported item keyed `kind|id` (the `item` loader's key). */
export const itemKey = (kind: ReportKind, id: string) => `${kind}|${id}`;

/** A queue entry's summary (its item's reports with the entry's status): admins only. */
export function entrySummaryOf(
  viewer: Viewer | null,
  loaders: Loaders,
  r: Pick<Report, 'kind' | 'subjectId' | 'status'>,
): Promise<EntrySummary | null> {
  requireAdmin(viewer);
  return loaders.reports.summary.load(entryKey(r));
}

/** A queue entry's reported item, or null when it is gone: admins only. */
export function reportedItemOf(
  viewer: Viewer | null,
  loaders: Loaders,
  r: Pick<Report, 'kind' | 'subjectId'>,
): Promise<ReportedItem | null> {
  requireAdmin(viewer);
  return loaders.reports.item.load(itemKey(r.kind, r.subjectId));
}

export async function entrySummaries(keys: readonly string[]): Promise<EntrySummary[]> {
  const parts = keys.map((k) => k.split('|'));
  const rows: Array<{
    kind: string;
    subject_id: string;
    status: string;
    count: number;
    reasons: ReportReason[];
    reporter_ids: string[];
  }> = await db().query(
    `SELECT r.kind, r.subject_id, r.status, count(*)::int AS count,
            array_agg(DISTINCT r.reason) AS reasons, array_agg(r.reporter_id ORDER BY r.created_at, r.id) AS ` +
      `reporter_ids
       FROM reports r
       JOIN unnest($1::varchar[], $2::uuid[], $3::varchar[]) AS k(kind, subject_id, status)
         ON r.kind = k.kind AND r.subject_id = k.subject_id AND r.status = k.status
      GROUP BY r.kind, r.subject_id, r.status`,
    [parts.map((p) => p[0]), parts.map((p) => p[1]), parts.map((p) => p[2])],
  );
  return rows.map((r) => ({
    key: `${r.kind}|${r.subject_id}|${r.status}`,
    count: r.count,
    reasons: r.reasons,
    reporterIds: r.reporter_ids,
  }));
}

/**
 * Locks an entry's report and, when it is still open, runs `act` and resolves every open report of its item as
 * `status` by `admin`, all in one transaction with the action's audit entry. An entry already resolved is answered
 * as it is (retries and double clicks change nothing more). Media files the action deleted go after the commit.
 */
async function resolveEntry(
  viewer: Viewer | null,
  id: string,
  status: ReportStatus,
  act: (
    tx: Tx,
    entry: Report,
    admin: Viewer,
  ) => Promise<{
    files?: string[];
    audit: { action: AdminAction; before?: Record<string, unknown> | null; after?: Record<string, unknown> | null };
  }>,
): Promise<Report> {
  const admin = requireAdmin(viewer);
  checkUuid(id, 'id');
  const files = await db().transaction(async (tx) => {
    const entry = await tx
      .getRepository(Report)
      .createQueryBuilder('r')
      .setLock('pessimistic_write')
      .where('r.id = :id', { id })
      .getOne();
    if (!entry) throw notFound('Report');
    if (entry.status !== ReportStatus.open) return [];
    const done = await act(tx, entry, admin);
    const [resolved]: [unknown[], number] = await tx.query(
      `UPDATE reports SET status = $3, resolved_at = now(), resolved_by = $4
        WHERE kind = $1 AND subject_id = $2 AND status = 'open' RETURNING id`,
      [entry.kind, entry.subjectId, status, admin.id],
    );
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: done.audit.action,
      targetType: entry.kind,
      targetId: entry.subjectId,
      before: done.audit.before ?? null,
      after: { ...done.audit.after, reports: resolved.length, status },
    });
    return done.files ?? [];
  });
  await deleteMedia(files); // once the rows are gone (committed): their files go with them
  return reports().findOneByOrFail({ id });
}

/** Dismisses an entry: every open report of its item is resolved as dismissed; the content stays. */
export function dismissReport(viewer: Viewer | null, id: string): Promise<Report> {
  return resolveEntry(viewer, id, ReportStatus.dismissed, async () => ({ audit: { action: 'report.dismiss' } }));
}

/**
 * Removes the reported item through its module's delete path (its rows and, after the commit, its media files) and
 * resolves its open reports as removed. An item its author already deleted is resolved the same way.
 */
export function removeReportedContent(viewer: Viewer | null, id: string): Promise<Report> {
  return resolveEntry(viewer, id, ReportStatus.removed, async (tx, entry) => {
    const kind = reportableOf(entry.kind);
    const [item] = await kind.load([entry.subjectId]);
    const files = await kind.remove(tx, entry.subjectId);
    return {
      files,
      // a hidden author (a dating alias's member) stays out of the audit entry too
      audit: {
        action: 'report.remove',
        before: item
          ? {
              authorId: item.authorHidden ? null : item.authorId,
              text: item.text.slice(0, 500),
              mediaUrls: item.mediaUrls,
            }
          : null,
      },
    };
  });
}

/**
 * Suspends the reported item's author with the admin module's suspension (they cannot sign in; their sessions
 * end; the rest of their content is hidden until the suspension is lifted; not oneself, not the last admin:
 * FORBIDDEN). The suspension removes this item and every other item of theirs with open reports
 * (`removeReportedOf`), resolving those reports as actioned. NOT_FOUND when the item, and so its author, is gone.
 */
export function suspendReportedAuthor(viewer: Viewer | null, id: string): Promise<Report> {
  return resolveEntry(viewer, id, ReportStatus.actioned, async (tx, entry, admin) => {
    const [item] = await reportableOf(entry.kind).load([entry.subjectId]);
    if (!item?.authorId) throw notFound('Author');
    const files = await setSuspendedIn(tx, admin, item.authorId, true);
    return {
      files,
      audit: {
        action: 'report.suspendAuthor',
        before: { authorId: item.authorId, text: item.text.slice(0, 500), mediaUrls: item.mediaUrls },
        after: { authorId: item.authorId },
      },
    };
  });
}

/**
 * When a member is suspended (a hook of the admin module's suspension, declared in reports.module.ts), in its
 * transaction: every item of theirs with open reports is removed through its kind's own delete path and those
 * reports are resolved as actioned (by `admin`). Reports of anything else stay open. Statements: one to read the
 * open reports' items, one batch per kind to find their authors, each removal's own, one to resolve.
 */
export async function removeReportedOf(
  tx: Tx,
  admin: Viewer,
  memberId: string,
): Promise<{ files: string[]; audit?: Record<string, unknown> }> {
  const open: Array<{ kind: ReportKind; ids: string[] }> = await tx.query(
    `SELECT kind, array_agg(DISTINCT subject_id) AS ids FROM reports WHERE status = 'open' GROUP BY kind`,
  );
  const removed: Array<{ kind: ReportKind; id: string }> = [];
  const files: string[] = [];
  for (const { kind, ids } of open) {
    const items = (await reportableOf(kind).load(ids)).filter((i) => i.authorId === memberId);
    for (const item of items) {
      files.push(...(await reportableOf(kind).remove(tx, item.id)));
      removed.push({ kind, id: item.id });
    }
  }
  if (!removed.length) return { files };
  await tx.query(
    `UPDATE reports r SET status = 'actioned', resolved_at = now(), resolved_by = $3
       FROM unnest($1::varchar[], $2::uuid[]) AS k(kind, subject_id)
      WHERE r.kind = k.kind AND r.subject_id = k.subject_id AND r.status = 'open'`,
    [removed.map((r) => r.kind), removed.map((r) => r.id), admin.id],
  );
  return { files, audit: { removedReported: removed } };
}
