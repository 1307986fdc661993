import { randomBytes } from 'node:crypto';
import { authorize, requireViewer } from '../../kernel/auth';
import type { Context, Viewer } from '../../kernel/context';
import { db, type Tx } from '../../kernel/database';
import { CHANNEL } from '../../kernel/pubsub';
import { badInput, conflict, notFound } from '../../kernel/errors';
import { refuseToken } from '../../kernel/access';
import { asEntities, queryRows, selectColumns } from '../../kernel/rows';
import { hashToken } from '../auth/tokens';
import { recordAdminAction } from '../admin/admin-audit.service';
import { Role, User } from '../users/user.entity';
import { AccessToken, AccessTokenScope } from './access-token.entity';
import { accessTokenPolicy } from './access-token.policy';

/** Every secret starts with this, so a leaked one is easy to recognise (and to scan for). */
export const TOKEN_PREFIX = 'saffa_pat_';
/** How many tokens a member may hold at once. */
export const MAX_TOKENS_PER_MEMBER = 20;
export const MAX_NAME_LENGTH = 60;
/** The expiries a member may choose, in days (null: never). */
export const EXPIRY_DAYS = [30, 90, 365] as const;
/** An admin token's life, in days: it expires a day after it is created, whatever the member asks. */
export const ADMIN_TOKEN_DAYS = 1;
/** `lastUsedAt` is written at most once in this many seconds per token. */
const LAST_USED_EVERY_SECONDS = 60;

/** Who may manage tokens: a signed-in member on a real session, never a token. */
type Caller = Pick<Context, 'viewer' | 'tokenId'>;

function manager(caller: Caller): Viewer {
  const viewer = requireViewer(caller.viewer);
  refuseToken(caller);
  return viewer;
}

/** The signed-in member's tokens, newest first (at most MAX_TOKENS_PER_MEMBER, so no paging). */
export async function myAccessTokens(caller: Caller): Promise<AccessToken[]> {
  const viewer = manager(caller);
  return db()
    .getRepository(AccessToken)
    .find({ where: { memberId: viewer.id }, order: { createdAt: 'DESC', id: 'DESC' } });
}

export interface NewAccessToken {
  token: AccessToken;
  /** The secret, shown this once. */
  secret: string;
}

/** Creates a token: a unique name of 1 to 60 characters, a scope and an expiry of 30, 90 or 365 days (or none). */
export async function createAccessToken(
  caller: Caller,
  input: { name: string; scope: AccessTokenScope; expiresInDays?: number | null },
): Promise<NewAccessToken> {
  const viewer = manager(caller);
  const name = input.name.trim();
  if (!name) throw badInput('name', 'is required');
  if (name.length > MAX_NAME_LENGTH) throw badInput('name', `must be at most ${MAX_NAME_LENGTH} characters`);
  if (!Object.values(AccessTokenScope).includes(input.scope))
    throw badInput('scope', 'must be read, readWrite or admin');
  const admin = input.scope === AccessTokenScope.admin;
  authorize(accessTokenPolicy.canCreate(viewer, admin), 'Only administrators may create an admin token.');
  const days = input.expiresInDays ?? null;
  if (admin && days !== null && days !== ADMIN_TOKEN_DAYS)
    throw badInput(
      'expiresInDays',
      `of an admin token must be ${ADMIN_TOKEN_DAYS} (or none): it expires a day after it is created`,
    );
  if (!admin && days !== null && !(EXPIRY_DAYS as readonly number[]).includes(days))
    throw badInput('expiresInDays', `must be one of ${EXPIRY_DAYS.join(', ')} (or none)`);
  const secret = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const prefix = secret.slice(0, TOKEN_PREFIX.length + 4);
  const expiresAt = admin
    ? new Date(Date.now() + ADMIN_TOKEN_DAYS * 86_400_000)
    : days === null
      ? null
      : new Date(Date.now() + days * 86_400_000);
  const token = await db().transaction(async (tx) => {
    // The member's row is the lock: parallel creates count one after another, so the limit holds.
    await tx.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [viewer.id]);
    const [{ n }]: Array<{ n: number }> = await tx.query(
      `SELECT count(*)::int AS n FROM access_tokens WHERE member_id = $1`,
      [viewer.id],
    );
    if (n >= MAX_TOKENS_PER_MEMBER)
      throw badInput('tokens', `limit reached: at most ${MAX_TOKENS_PER_MEMBER} tokens; revoke one first`);
    const rows: Array<{ id: string }> = await tx.query(
      `INSERT INTO access_tokens (member_id, name, scope, token_hash, prefix, expires_at) VALUES ($1, $2, $3, $4, ` +
        `$5, $6)
       ON CONFLICT (member_id, name) DO NOTHING RETURNING id`,
      [viewer.id, name, input.scope, hashToken(secret), prefix, expiresAt],
    );
    if (!rows.length) throw conflict('TOKEN_NAME_TAKEN', 'A token with this name already exists');
    if (admin) {
      await recordAdminAction(tx, {
        actorId: viewer.id,
        action: 'token.admin.create',
        targetType: 'token',
        targetId: rows[0].id,
        after: { name, prefix, expiresAt: expiresAt!.toISOString() },
      });
    }
    return tx.getRepository(AccessToken).findOneByOrFail({ id: rows[0].id });
  });
  return { token, secret };
}

/** Revokes (deletes) one of the member's own tokens; at once, on every API process (each request asks the database). */
export async function revokeAccessToken(caller: Caller, id: string): Promise<string> {
  const viewer = manager(caller);
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw badInput('id', 'must be a token id');
  await db().transaction(async (tx) => {
    // TypeORM answers a DELETE with [rows, affected].
    const [rows]: [Array<{ scope: string; prefix: string }>, number] = await tx.query(
      `DELETE FROM access_tokens WHERE id = $1 AND member_id = $2 RETURNING scope, prefix`,
      [id, viewer.id],
    );
    if (!rows.length) throw notFound('Token');
    if (rows[0].scope === AccessTokenScope.admin) {
      await recordAdminAction(tx, {
        actorId: viewer.id,
        action: 'token.admin.revoke',
        targetType: 'token',
        targetId: id,
        before: { prefix: rows[0].prefix },
      });
    }
  });
  return id;
}

/**
 * Revokes every token of `userId` in the transaction `tx` (a password reset or change); their websockets close (the
 * delete trigger).
 */
export async function revokeAllAccessTokens(tx: Tx, userId: string): Promise<void> {
  await tx.delete(AccessToken, { memberId: userId });
}

/** The member behind a token secret, with the token. */
export interface TokenHolder {
  user: User;
  tokenId: string;
  scope: AccessTokenScope;
  /** When the token stops working (null: never); a websocket opened with it is closed then. */
  expiresAt: Date | null;
}

/**
 * The member behind a secret, or null when it is unknown, revoked, expired, or its member is suspended: one statement
 * (every request with a token pays it), which also notes the use at most once a minute.
 */
export async function holderOfToken(secret: string): Promise<TokenHolder | null> {
  if (!secret.startsWith(TOKEN_PREFIX) || secret.length > 100) return null;
  const rows = await queryRows(
    `WITH t AS (
       SELECT id, member_id, scope, last_used_at, expires_at FROM access_tokens
       WHERE token_hash = $1 AND (expires_at IS NULL OR expires_at > now())
     ), touched AS (
       UPDATE access_tokens a SET last_used_at = now() FROM t
       WHERE a.id = t.id AND (t.last_used_at IS NULL OR t.last_used_at < now() - make_interval(secs => $2))
       RETURNING a.id
     )
     SELECT ${selectColumns(User, 'u')}, t.id AS "tokenId", t.scope AS "tokenScope", t.expires_at AS "tokenExpiresAt"
     FROM t JOIN users u ON u.id = t.member_id WHERE u.suspended_at IS NULL`,
    [hashToken(secret), LAST_USED_EVERY_SECONDS],
  );
  if (!rows.length) return null;
  const expiresAt = rows[0].tokenExpiresAt ? new Date(rows[0].tokenExpiresAt as string) : null;
  const scope = rows[0].tokenScope as AccessTokenScope;
  const user = asEntities(User, rows)[0];
  // The one place a token becomes a viewer: without the admin scope, an admin's token acts as a member, so every
  // admin check (requireAdmin, a policy's isAdmin) refuses it, over HTTP, REST and websocket.
  if (scope !== AccessTokenScope.admin && user.role === Role.admin) user.role = Role.user;
  return { user, tokenId: String(rows[0].tokenId), scope, expiresAt };
}

/**
 * Closes the websockets open with any of `userId`'s tokens, on every API process (the event an ended session
 * sends), when the transaction `tx` commits: a suspended member's tokens stop working (holderOfToken refuses them)
 * and their open subscriptions end too. The tokens themselves stay, for when the suspension is lifted.
 */
export async function closeTokenSockets(tx: Tx, userId: string): Promise<void> {
  await tx.query(
    `SELECT pg_notify($2, json_build_object('topic', 'session.ended', 'payload', json_build_object('tokenHash', ` +
      `token_hash))::text)
     FROM access_tokens WHERE member_id = $1`,
    [userId, CHANNEL],
  );
}
