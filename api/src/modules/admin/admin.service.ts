import { authorize, requireAdmin } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db, type Tx } from '../../kernel/database';
import { badInput, conflict, notFound } from '../../kernel/errors';
import { checkUuid } from '../../kernel/ids';
import { containsPattern, text } from '../../kernel/input';
import { deleteMedia } from '../../kernel/media';
import { keysetPage, type Page } from '../../kernel/pagination';
import { deleteMemberAccount } from '../account/account.service';
import { endOtherSessions } from '../auth/session.service';
import { Role, User } from '../users/user.entity';
import { recordAdminAction } from './admin-audit.service';
import { adminPolicy, LAST_ADMIN, SELF_DELETE, SELF_DEMOTE, SELF_SUSPEND, type Target } from './admin.policy';
import { closeTokenSockets } from '../tokens/access-token.service';

const users = () => db().getRepository(User);

/** What an admin may change on a member (PATCH /api/admin/users/{id}): each field optional. */
export interface UserEdit {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  role?: Role | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_TAKEN = 'That email address is already in use.';

/**
 * Members for the admin's user management, newest first, one keyset page; `search` matches the name or the e-mail
 * anywhere (ILIKE over the trigram indexes IDX_users_name_trgm and IDX_users_email_trgm).
 */
export function adminUsers(
  viewer: Viewer | null,
  args: { search?: string | null; first?: number | null; after?: string | null },
): Promise<Page<User>> {
  requireAdmin(viewer);
  const qb = users().createQueryBuilder('u');
  const search = text(args.search, 'search', { max: 100 });
  if (search) {
    qb.andWhere(
      `((coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) ILIKE :q OR u.email::text ILIKE :q)`,
      { q: containsPattern(search) },
    );
  }
  return keysetPage(qb, 'u', args);
}

/** The checked changes: names trimmed (at most 50, a first name not empty), a valid e-mail in lower case, a role. */
function checkEdit(input: UserEdit): Record<string, string> {
  const changes: Record<string, string> = {};
  for (const field of ['firstName', 'lastName'] as const) {
    const value = input[field];
    if (value !== undefined && value !== null) changes[field] = text(value, field, { max: 50, required: true });
  }
  if (input.email !== undefined && input.email !== null) {
    const email = input.email.trim().toLowerCase();
    if (email.length > 254 || !EMAIL.test(email)) throw badInput('email', 'must be a valid email address');
    changes.email = email;
  }
  if (input.role !== undefined && input.role !== null) {
    if (input.role !== Role.user && input.role !== Role.admin) throw badInput('role', 'must be user or admin');
    changes.role = input.role;
  }
  return changes;
}

/**
 * Serializes every admin operation that can change who is an admin (role, suspension, deletion) for the rest of
 * the transaction: the last-admin rule counts admins while no other such operation runs.
 */
async function lockAdminRoles(tx: Tx): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('saffa.admin-roles'))`);
}

type Row = Target & { firstName: string | null; lastName: string | null; email: string | null; suspended: boolean };

async function lockedTarget(tx: Tx, id: string): Promise<Row | null> {
  const [row]: Row[] = await tx.query(
    `SELECT id, role, first_name AS "firstName", last_name AS "lastName", email::text AS email, suspended_at IS NOT ` +
      `NULL AS suspended
       FROM users WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return row ?? null;
}

/** Admins other than `id` who are not suspended. */
async function otherActiveAdmins(tx: Tx, id: string): Promise<number> {
  const [r]: Array<{ n: number }> = await tx.query(
    `SELECT count(*)::int AS n FROM users WHERE role = 'admin' AND suspended_at IS NULL AND id <> $1`,
    [id],
  );
  return r.n;
}

const snapshot = (t: Row) => ({ firstName: t.firstName, lastName: t.lastName, email: t.email, role: t.role });

/**
 * An admin edits a member's first name, last name, e-mail and role. Refused: removing their own admin role, and
 * demoting the last admin; an e-mail another member has is a CONFLICT. The audit entry holds the changed fields
 * before and after.
 */
export async function adminUpdateUser(viewer: Viewer | null, id: string, input: UserEdit): Promise<User> {
  const admin = requireAdmin(viewer);
  checkUuid(id, 'id');
  const changes = checkEdit(input);
  await db().transaction(async (tx) => {
    await lockAdminRoles(tx);
    const target = await lockedTarget(tx, id);
    if (!target) throw notFound('User');
    const was = snapshot(target) as Record<string, string | null>;
    const changed = Object.keys(changes).filter((k) => changes[k] !== was[k]);
    if (!changed.length) return;
    if (changed.includes('role') && target.role === Role.admin) {
      authorize(adminPolicy.canDemote(admin, target), SELF_DEMOTE);
      authorize(adminPolicy.keepsAnAdmin(target, await otherActiveAdmins(tx, id)), LAST_ADMIN);
    }
    if (changed.includes('email')) {
      const taken: unknown[] = await tx.query(`SELECT 1 FROM users WHERE email = $1 AND id <> $2`, [changes.email, id]);
      if (taken.length) throw conflict('EMAIL_TAKEN', EMAIL_TAKEN);
    }
    const set = Object.fromEntries(changed.map((k) => [k, changes[k]]));
    await tx
      .update(User, { id }, { ...set, ...(set.email ? { emailVerifiedAt: null } : {}) })
      .catch((err: Error & { code?: string }) => {
        // the same e-mail saved by someone a moment earlier
        throw err.code === '23505' ? conflict('EMAIL_TAKEN', EMAIL_TAKEN) : err;
      });
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: 'user.update',
      targetType: 'user',
      targetId: id,
      before: Object.fromEntries(changed.map((k) => [k, was[k]])),
      after: set,
    });
  });
  return users().findOneByOrFail({ id });
}

/**
 * What else a suspension does, in its transaction (declared in manifests, `onMemberSuspended`, registered by
 * api/src/wiring.ts, so this module imports none of them): the moderation queue removes the member's reported content.
 * Each answers what it did for the audit entry and the media files to delete once the transaction has committed.
 */
export type SuspensionHook = (
  tx: Tx,
  admin: Viewer,
  memberId: string,
) => Promise<{ files: string[]; audit?: Record<string, unknown> }>;
declare module '../../kernel/module' {
  interface ModuleRoles {
    /** What this module does when a member is suspended (registered by the root; the admin module imports none). */
    onMemberSuspended?: ReadonlyArray<SuspensionHook>;
  }
}

const suspensionHooks: SuspensionHook[] = [];

/** Runs `hook` with every suspension (not with its lifting), in the suspension's transaction. */
export function onMemberSuspended(hook: SuspensionHook): void {
  if (!suspensionHooks.includes(hook)) suspensionHooks.push(hook);
}

/**
 * Suspends a member (they cannot sign in, and every session of theirs ends at once: deleting the rows announces
 * each ended session, which closes its websockets) or lifts the suspension. While suspended, their content is hidden
 * from every other member (the blocks module's `notBlockedSql`), and suspending removes what of theirs was reported
 * and is still open (`onMemberSuspended`). Refused: suspending oneself and the last admin. Asking for the state a
 * member is already in changes nothing and records nothing.
 */
export async function adminSetUserSuspended(viewer: Viewer | null, id: string, suspended: boolean): Promise<User> {
  const admin = requireAdmin(viewer);
  checkUuid(id, 'id');
  const files = await db().transaction((tx) => setSuspendedIn(tx, admin, id, suspended));
  await deleteMedia(files); // once the removed rows are gone (committed)
  return users().findOneByOrFail({ id });
}

/**
 * The suspension (or its lifting) inside the caller's transaction `tx`, with its audit entry: the moderation queue's
 * "suspend author" runs it in the transaction that resolves the reports. NOT_FOUND for no such member; FORBIDDEN
 * for oneself and the last admin; asking for the state the member is already in changes and records nothing.
 * Answers the media files of removed content, for the caller to delete after its commit.
 */
export async function setSuspendedIn(tx: Tx, admin: Viewer, id: string, suspended: boolean): Promise<string[]> {
  await lockAdminRoles(tx);
  const target = await lockedTarget(tx, id);
  if (!target) throw notFound('User');
  if (target.suspended === suspended) return [];
  if (suspended) {
    authorize(adminPolicy.canSuspend(admin, target), SELF_SUSPEND);
    authorize(adminPolicy.keepsAnAdmin(target, await otherActiveAdmins(tx, id)), LAST_ADMIN);
  }
  await tx.query(`UPDATE users SET suspended_at = ${suspended ? 'now()' : 'NULL'} WHERE id = $1`, [id]);
  const files: string[] = [];
  let after: Record<string, unknown> | null = null;
  if (suspended) {
    await endOtherSessions(tx, id, null);
    await closeTokenSockets(tx, id);
    for (const hook of suspensionHooks) {
      const done = await hook(tx, admin, id);
      files.push(...done.files);
      if (done.audit) after = { ...(after ?? {}), ...done.audit };
    }
  }
  await recordAdminAction(tx, {
    actorId: admin.id,
    action: suspended ? 'user.suspend' : 'user.unsuspend',
    targetType: 'user',
    targetId: id,
    after,
  });
  return files;
}

/**
 * Deletes a member and everything that is theirs (the account module's deletion: rows, files, sessions). Refused:
 * an admin's own account and the last admin. A member already gone is NOT_FOUND (a retry deletes nothing more).
 */
export async function adminDeleteUser(viewer: Viewer | null, id: string): Promise<boolean> {
  const admin = requireAdmin(viewer);
  checkUuid(id, 'id');
  authorize(adminPolicy.canDelete(admin, { id, role: Role.user }), SELF_DELETE);
  const deleted = await deleteMemberAccount(id, {
    first: async (tx) => {
      await lockAdminRoles(tx);
      const target = await lockedTarget(tx, id);
      if (!target) return; // the deletion answers false
      authorize(adminPolicy.keepsAnAdmin(target, await otherActiveAdmins(tx, id)), LAST_ADMIN);
      await recordAdminAction(tx, {
        actorId: admin.id,
        action: 'user.delete',
        targetType: 'user',
        targetId: id,
        before: snapshot(target),
      });
    },
  });
  if (!deleted) throw notFound('User');
  return true;
}
