import { authorize } from '../../kernel/auth';
import { db, type Tx } from '../../kernel/database';
import { asEntities, queryRows, selectColumns } from '../../kernel/rows';
import { User } from '../users/user.entity';
import { Session } from './session.entity';
import { hashToken, newToken } from './tokens';

/** Why a suspended member cannot sign in (FORBIDDEN). */
export const ACCOUNT_SUSPENDED = 'This account has been suspended.';

let sessionDays = 30;
export function configureSessions(days: number) {
  sessionDays = days;
}

/**
 * The member behind a session token, or null when it is unknown or expired: one statement (every request pays
 * it, so no `relations`, which would add a second one).
 */
export async function sessionFromToken(token: string): Promise<User | null> {
  if (token.length > 100) return null;
  const rows = await queryRows(
    `SELECT ${selectColumns(User, 'u')} FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1 AND s.expires_at > now() AND u.suspended_at IS NULL`,
    [hashToken(token)],
  );
  return rows.length ? asEntities(User, rows)[0] : null;
}

/** When a session ends by itself (null when there is no such session): read once when a websocket opens with it. */
export async function sessionExpiry(token: string): Promise<Date | null> {
  if (token.length > 100) return null;
  const rows = await queryRows(`SELECT expires_at AS "expiresAt" FROM sessions WHERE token_hash = $1`, [hashToken(token)]);
  return rows.length ? new Date(rows[0].expiresAt as string) : null;
}

/**
 * Starts a session for `userId`. A token the browser already presented is ended first,
 * so the session id always changes at sign-in (no fixation).
 */
export async function startSession(
  userId: string,
  opts: { previousToken?: string | null; userAgent?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + sessionDays * 86_400_000);
  await db().transaction(async (tx) => {
    // A suspended member gets no session, whichever way they sign in (password, Google, Facebook).
    const [member]: Array<{ suspended: boolean }> = await tx.query(`SELECT suspended_at IS NOT NULL AS suspended FROM users WHERE id = $1`, [userId]);
    authorize(!member?.suspended, ACCOUNT_SUSPENDED);
    if (opts.previousToken) await tx.delete(Session, { tokenHash: hashToken(opts.previousToken) });
    await tx.insert(Session, {
      tokenHash: hashToken(token),
      userId,
      userAgent: opts.userAgent?.slice(0, 300) ?? null,
      expiresAt,
    });
  });
  return { token, expiresAt };
}

export async function endSession(token: string): Promise<void> {
  await db().getRepository(Session).delete({ tokenHash: hashToken(token) });
}

/** Ends every session of a member except the one presented (none when `keepToken` is null). */
export async function endOtherSessions(tx: Tx, userId: string, keepToken: string | null): Promise<void> {
  const qb = tx.createQueryBuilder().delete().from(Session).where('user_id = :userId', { userId });
  if (keepToken) qb.andWhere('token_hash <> :keep', { keep: hashToken(keepToken) });
  await qb.execute();
}
