import { authorize, requireViewer } from '../../kernel/auth';
import { refuseToken } from '../../kernel/access';
import type { Context, Viewer } from '../../kernel/context';
import { notFound } from '../../kernel/errors';
import { checkUuid } from '../../kernel/ids';
import { db, type Tx } from '../../kernel/database';
import { asEntities, queryRows, selectColumns } from '../../kernel/rows';
import { User } from '../users/user.entity';
import { Session } from './session.entity';
import { hashToken, newToken } from './tokens';

/** Why a suspended member cannot sign in (FORBIDDEN). */
export const ACCOUNT_SUSPENDED = 'This account has been suspended.';

/** A session's `lastSeenAt` is written at most once in this many seconds (not once per request). */
export const LAST_SEEN_EVERY_SECONDS = 300;

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
  // The same statement notes when the session was last seen, at most once every LAST_SEEN_EVERY_SECONDS (the
  // UPDATE matches no row otherwise: most requests write nothing).
  const rows = await queryRows(
    `WITH s AS (
       SELECT id, member_id, last_seen_at FROM sessions WHERE token_hash = $1 AND expires_at > now()
     ), touched AS (
       UPDATE sessions x SET last_seen_at = now() FROM s
       WHERE x.id = s.id AND s.last_seen_at < now() - make_interval(secs => $2)
       RETURNING x.id
     )
     SELECT ${selectColumns(User, 'u')} FROM s JOIN users u ON u.id = s.member_id WHERE u.suspended_at IS NULL`,
    [hashToken(token), LAST_SEEN_EVERY_SECONDS],
  );
  return rows.length ? asEntities(User, rows)[0] : null;
}

/** When a session ends by itself (null when there is no such session): read once when a websocket opens with it. */
export async function sessionExpiry(token: string): Promise<Date | null> {
  if (token.length > 100) return null;
  const rows = await queryRows(`SELECT expires_at AS "expiresAt" FROM sessions WHERE token_hash = $1`, [
    hashToken(token),
  ]);
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
    const [member]: Array<{ suspended: boolean }> = await tx.query(
      `SELECT suspended_at IS NOT NULL AS suspended FROM users WHERE id = $1`,
      [userId],
    );
    authorize(!member?.suspended, ACCOUNT_SUSPENDED);
    if (opts.previousToken) await tx.delete(Session, { tokenHash: hashToken(opts.previousToken) });
    await tx.insert(Session, {
      tokenHash: hashToken(token),
      memberId: userId,
      userAgent: opts.userAgent?.slice(0, 300) ?? null,
      expiresAt,
      lastSeenAt: new Date(),
    });
  });
  return { token, expiresAt };
}

export async function endSession(token: string): Promise<void> {
  await db()
    .getRepository(Session)
    .delete({ tokenHash: hashToken(token) });
}

/** Ends every session of a member except the one presented (none when `keepToken` is null). */
export async function endOtherSessions(tx: Tx, userId: string, keepToken: string | null): Promise<void> {
  const qb = tx.createQueryBuilder().delete().from(Session).where('member_id = :userId', { userId });
  if (keepToken) qb.andWhere('token_hash <> :keep', { keep: hashToken(keepToken) });
  await qb.execute();
}

/** Who may see and end sessions: a signed-in member on a real session, never a personal access token. */
type Caller = Pick<Context, 'viewer' | 'tokenId' | 'sessionToken'>;

function manager(caller: Caller): Viewer {
  const viewer = requireViewer(caller.viewer);
  refuseToken(caller);
  return viewer;
}

/** Whether `session` is the one the caller came with. */
export const isCurrentSession = (caller: Pick<Context, 'sessionToken'>, session: Pick<Session, 'tokenHash'>) =>
  !!caller.sessionToken && hashToken(caller.sessionToken) === session.tokenHash;

/**
 * The member's signed-in browsers that have not expired, the one asking first, then by when they were last seen
 * (a member has a handful: no paging; at most 100).
 */
export async function mySessions(caller: Caller): Promise<Session[]> {
  const viewer = manager(caller);
  const current = caller.sessionToken ? hashToken(caller.sessionToken) : '';
  return db()
    .getRepository(Session)
    .createQueryBuilder('s')
    .where('s.member_id = :id AND s.expires_at > now()', { id: viewer.id })
    .orderBy('s.token_hash = :current', 'DESC')
    .addOrderBy('s.last_seen_at', 'DESC')
    .addOrderBy('s.id', 'DESC')
    .setParameter('current', current)
    .limit(100)
    .getMany();
}

/**
 * Ends one of the member's sessions (its websockets close: the delete trigger's event); NOT_FOUND for anyone else's.
 * Ending the one asking signs it out here too. Answers the id.
 */
export async function endMySession(caller: Caller & { cookies: Context['cookies'] }, id: string): Promise<string> {
  const viewer = manager(caller);
  // TypeORM answers a DELETE with [rows, affected].
  const [rows]: [Array<{ token_hash: string }>, number] = await db().query(
    `DELETE FROM sessions WHERE id = $1 AND member_id = $2 RETURNING token_hash`,
    [checkUuid(id, 'id'), viewer.id],
  );
  if (!rows.length) throw notFound('Session');
  if (isCurrentSession(caller, { tokenHash: rows[0].token_hash })) caller.cookies?.clear();
  return id;
}

/** Ends every other session of the member ("Sign out other sessions"); answers how many ended. */
export async function endMyOtherSessions(caller: Caller): Promise<number> {
  const viewer = manager(caller);
  const [, affected]: [unknown, number] = await db().query(
    `DELETE FROM sessions WHERE member_id = $1 AND token_hash <> $2`,
    [viewer.id, caller.sessionToken ? hashToken(caller.sessionToken) : ''],
  );
  return affected;
}
