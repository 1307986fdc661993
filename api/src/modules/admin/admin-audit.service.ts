import type { EntityManager } from 'typeorm';
import { requireAdmin } from '../../kernel/auth';
import type { Loaders, Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput } from '../../kernel/errors';
import { checkUuid } from '../../kernel/ids';
import { keysetPage, type Page } from '../../kernel/pagination';
import { ReportKind } from '../reports/report.entity';
import { AdminAuditEntry } from './admin-audit-entry.entity';
import { ADMIN_ACTIONS, isAdminAction, type AdminAction } from './admin-actions';

const REPORT_KINDS: Record<string, true> = Object.fromEntries(Object.values(ReportKind).map((k) => [k, true]));

/** What an admin did, as `recordAdminAction` stores it. */
export interface AdminActionRecord {
  /** The acting admin (their name is stored beside the id, so the entry keeps it when the account goes). */
  actorId: string;
  /**
   * `<target>.<verb>`, one of ADMIN_ACTIONS (admin-actions.ts): user.update, user.suspend, notification.broadcast...
   */
  action: AdminAction;
  /** The kind of thing acted on: user, notification, championship, event, report... */
  targetType: string;
  targetId?: string | null;
  /** The values the action changed, as they were (only what matters: the changed fields, a deleted member's names). */
  before?: Record<string, unknown> | null;
  /** The values it set. */
  after?: Record<string, unknown> | null;
}

/**
 * Writes one entry of the admin audit log. Every admin action calls it with the EntityManager of the transaction
 * that performs the action, so the action and its entry commit (or roll back) together. Other modules call it
 * too (Bragging Rights' create and score, the moderation queue):
 *
 *   await db().transaction(async (tx) => { ...the action's writes... await recordAdminAction(tx, { actorId: admin.id,
 *   action: 'bragging.event.score', targetType: 'event', targetId: id, after: { team1Score, team2Score } }); });
 *
 * The log is append-only (a trigger refuses UPDATE and DELETE), so entries can only be added.
 */
export async function recordAdminAction(manager: EntityManager, r: AdminActionRecord): Promise<void> {
  const rows: unknown[] = await manager.query(
    `INSERT INTO admin_audit_log (actor_id, actor_name, action, target_type, target_id, before, after)
     SELECT u.id, left(coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email::text, ` +
      `'Admin'), 120), $2, $3, $4, $5, $6
       FROM users u WHERE u.id = $1
     RETURNING id`,
    [r.actorId, r.action, r.targetType, r.targetId ?? null, r.before ?? null, r.after ?? null],
  );
  // An action by no one is not recorded silently: it rolls back with its transaction.
  if (!rows.length) throw new Error(`recordAdminAction: no member ${r.actorId}`);
}

/** Every action the audit log can hold, with its label (the log's filter): admins only. */
export function adminAuditActions(viewer: Viewer | null): Array<{ value: AdminAction; label: string }> {
  requireAdmin(viewer);
  return Object.entries(ADMIN_ACTIONS).map(([value, label]) => ({ value: value as AdminAction, label }));
}

/** The audit log, newest first, one keyset page; filtered by action and by acting admin (each filter has its index). */
export function adminAuditLog(
  viewer: Viewer | null,
  args: { action?: string | null; actorId?: string | null; first?: number | null; after?: string | null },
): Promise<Page<AdminAuditEntry>> {
  requireAdmin(viewer);
  const qb = db().getRepository(AdminAuditEntry).createQueryBuilder('a');
  const action = args.action?.trim();
  if (action) {
    if (!isAdminAction(action)) throw badInput('action', `must be one of ${Object.keys(ADMIN_ACTIONS).join(', ')}`);
    qb.andWhere('a.action = :action', { action });
  }
  if (args.actorId) qb.andWhere('a.actor_id = :actorId', { actorId: checkUuid(args.actorId, 'actorId') });
  return keysetPage(qb, 'a', args);
}

/** The first line of a text, at most `max` characters (an ellipsis when cut). */
function headline(text: unknown, max = 80): string | null {
  if (typeof text !== 'string') return null;
  const line = text.trim().split('\n')[0].trim();
  if (!line) return null;
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** A name or title a snapshot holds: a member's names, a title, a name, two teams, a text's first line. */
function nameIn(values: Record<string, unknown> | null): string | null {
  if (!values) return null;
  const person = [values.firstName, values.lastName].filter((v) => typeof v === 'string' && v).join(' ');
  if (person) return person;
  if (typeof values.team1Name === 'string' && typeof values.team2Name === 'string')
    return `${values.team1Name} vs ${values.team2Name}`;
  return headline(values.title) ?? headline(values.name) ?? headline(values.text);
}

/**
 * The name of an entry's target, through the request's loaders (a page of entries costs one batch per kind of
 * target, whatever its size): a member's display name, a reported item's first line (`reports.item`, one batch per
 * kind); the member a support conversation is with; otherwise, or once the target is gone, the name the entry's
 * snapshot recorded (a deleted member's names, a removed item's text, a song's or match's title).
 */
export async function auditTargetName(entry: AdminAuditEntry, loaders: Loaders): Promise<string | null> {
  const recorded = nameIn(entry.before) ?? nameIn(entry.after);
  const id = entry.targetId;
  if (entry.targetType === 'user' && id) return (await loaders.users.byId.load(id))?.displayName ?? recorded;
  if (entry.targetType === 'support_thread' && typeof entry.after?.memberId === 'string') {
    return (await loaders.users.byId.load(entry.after.memberId))?.displayName ?? recorded;
  }
  if (entry.targetType in REPORT_KINDS && id)
    return headline((await loaders.reports.item.load(`${entry.targetType}|${id}`))?.text) ?? recorded;
  return recorded;
}
