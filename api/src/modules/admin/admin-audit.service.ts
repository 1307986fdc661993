import type { EntityManager } from 'typeorm';
import { requireAdmin } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput } from '../../kernel/errors';
import { checkUuid } from '../../kernel/ids';
import { keysetPage, type Page } from '../../kernel/pagination';
import { AdminAuditEntry } from './admin-audit.entity';

/** What an admin did, as `recordAdminAction` stores it. */
export interface AdminActionRecord {
  /** The acting admin (their name is stored beside the id, so the entry keeps it when the account goes). */
  actorId: string;
  /** `<target>.<verb>`, such as user.update, user.suspend, user.delete, notification.broadcast, bragging.event.score. */
  action: string;
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
 *   await db().transaction(async (tx) => {
 *     ...the action's writes...
 *     await recordAdminAction(tx, { actorId: admin.id, action: 'bragging.event.score', targetType: 'event', targetId: id, after: { team1Score, team2Score } });
 *   });
 *
 * The log is append-only (a trigger refuses UPDATE and DELETE), so entries can only be added.
 */
export async function recordAdminAction(manager: EntityManager, r: AdminActionRecord): Promise<void> {
  const rows: unknown[] = await manager.query(
    `INSERT INTO admin_audit_log (actor_id, actor_name, action, target_type, target_id, before, after)
     SELECT u.id, left(coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email::text, 'Admin'), 120), $2, $3, $4, $5, $6
       FROM users u WHERE u.id = $1
     RETURNING id`,
    [r.actorId, r.action, r.targetType, r.targetId ?? null, r.before ?? null, r.after ?? null],
  );
  // An action by no one is not recorded silently: it rolls back with its transaction.
  if (!rows.length) throw new Error(`recordAdminAction: no member ${r.actorId}`);
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
    if (action.length > 60) throw badInput('action', 'must be at most 60 characters');
    qb.andWhere('a.action = :action', { action });
  }
  if (args.actorId) qb.andWhere('a.actor_id = :actorId', { actorId: checkUuid(args.actorId, 'actorId') });
  return keysetPage(qb, 'a', args);
}
