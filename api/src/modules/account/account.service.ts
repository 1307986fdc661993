import { verify } from '@node-rs/argon2';
import { authorize, requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db, type Tx } from '../../kernel/database';
import { badInput, DomainError } from '../../kernel/errors';
import { deleteMedia, deletePrivate } from '../../kernel/media';
import * as rateLimit from '../../kernel/rate-limit';
import { settings } from '../../kernel/settings';
import { hashToken } from '../auth/tokens';
import { ACCOUNT_TABLES, filesIn, quote } from './account.rules';

/** Password attempts at deleting an account, per member, per window below. */
const DELETE_ATTEMPTS = 5;
const DELETE_WINDOW_SECONDS = 15 * 60;

interface CascadeKey {
  child: string;
  col: string;
  parent: string;
  pcol: string;
}

/** The single-column foreign keys whose rows PostgreSQL deletes with their parent (ON DELETE CASCADE). */
async function cascadeKeys(tx: Tx): Promise<CascadeKey[]> {
  return tx.query(
    `SELECT c.conrelid::regclass::text AS child, a.attname AS col, c.confrelid::regclass::text AS parent, pa.attname ` +
      `AS pcol
       FROM pg_constraint c
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
       JOIN pg_attribute pa ON pa.attrelid = c.confrelid AND pa.attnum = c.confkey[1]
      WHERE c.contype = 'f' AND c.confdeltype = 'c' AND cardinality(c.conkey) = 1`,
  );
}

/**
 * The stored files of every row that deleting the member removes: their own rows and, following the cascading
 * foreign keys, rows hanging off them (another member's CV sent to the member's business page goes with the page).
 */
async function filesGoingWith(tx: Tx, userId: string): Promise<{ media: string[]; private: string[] }> {
  const keys = await cascadeKeys(tx);
  const media = new Set<string>();
  const privateKeys = new Set<string>();
  /** Rows about to go, by table: the values of the columns other tables reference. */
  let level: Array<{ table: string; where: string; values: unknown[] }> = [
    { table: 'users', where: 'id', values: [userId] },
  ];
  for (let depth = 0; level.length && depth < 12; depth++) {
    const next: typeof level = [];
    for (const { table, where, values } of level) {
      const rule = ACCOUNT_TABLES[table];
      const referenced = [...new Set(keys.filter((k) => k.parent === table && k.child !== table).map((k) => k.pcol))];
      const fileCols = [...(rule?.media ?? []), ...(rule?.private ?? [])];
      const cols = [...new Set([...referenced, ...fileCols])];
      if (!cols.length) continue;
      const rows: Array<Record<string, unknown>> = await tx.query(
        `SELECT ${cols.map(quote).join(', ')} FROM ${quote(table)} WHERE ${quote(where)} = ANY($1)`,
        [values],
      );
      if (!rows.length) continue;
      for (const row of rows) {
        for (const c of rule?.media ?? []) filesIn(row[c], media);
        for (const c of rule?.private ?? []) filesIn(row[c], privateKeys);
      }
      for (const k of keys.filter((k) => k.parent === table && k.child !== table)) {
        const vals = [...new Set(rows.map((r) => r[k.pcol]).filter((v) => v != null))];
        if (vals.length) next.push({ table: k.child, where: k.col, values: vals });
      }
    }
    level = next;
  }
  return { media: [...media].filter((u) => u.startsWith('/media/')), private: [...privateKeys] };
}

/**
 * Deletes a member and everything that is theirs, in one transaction: their rows in every feature (the foreign keys
 * cascade), a business page they own with its reviews, vacancies and applications, and the notifications they caused
 * (a broadcast stays); groups they created and Noot playlists stay for the other members, without a creator. Their
 * stored files (media and private: CVs, vault files) are removed after the commit, and their sessions end with the
 * rows (the database announces each ended session, which closes its websockets). Answers false when there was no
 * such member (a retry). For the member's own deletion and for an administrator's (`first` runs at the start of the
 * transaction: the admin module's checks and audit entry).
 */
export async function deleteMemberAccount(
  userId: string,
  opts: { first?: (tx: Tx) => Promise<void> } = {},
): Promise<boolean> {
  const files = await db().transaction(async (tx) => {
    // An administrator's deletion checks its rules and writes its audit entry first, in this transaction.
    if (opts.first) await opts.first(tx);
    const found: unknown[] = await tx.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [userId]);
    if (!found.length) return null;
    const going = await filesGoingWith(tx, userId);
    await tx.query(`DELETE FROM notifications WHERE actor_id = $1 AND recipient_id IS NOT NULL`, [userId]);
    await tx.query(`DELETE FROM idempotency_keys WHERE member_id = $1`, [userId]);
    await tx.query(`DELETE FROM users WHERE id = $1`, [userId]);
    return going;
  });
  if (!files) return false;
  await deleteMedia(files.media);
  await deletePrivate(files.private);
  return true;
}

/**
 * The signed-in member deletes their own account after typing their sign-in password again. A wrong password
 * changes nothing (and attempts are limited); a member who signs in only with Google or Facebook sets a password
 * first (Forgot password).
 */
export async function deleteAccount(viewer: Viewer | null, password: unknown): Promise<boolean> {
  const v = requireViewer(viewer);
  if (typeof password !== 'string' || !password) throw badInput('password', 'is required');
  if (password.length > 200) throw badInput('password', 'is not correct');
  await rateLimit.hit(`delete-account:${v.id}`, DELETE_ATTEMPTS, DELETE_WINDOW_SECONDS);
  const rows: Array<{ password_hash: string | null }> = await db().query(
    `SELECT password_hash FROM users WHERE id = $1`,
    [v.id],
  );
  if (!rows.length) return true; // deleted a moment ago by the same click
  const stored = rows[0].password_hash;
  authorize(!!stored, 'Set a password first (Forgot password on the sign-in page), then delete your account with it.');
  if (!(await verify(stored, password).catch(() => false))) throw badInput('password', 'is not correct');
  await deleteMemberAccount(v.id);
  await rateLimit.reset(`delete-account:${v.id}`);
  return true;
}

/** How recent a sign-in must be for a member without a password (Google or Facebook only) to download their data. */
export const EXPORT_REAUTH_MINUTES = 10;

/**
 * Why the archive was refused: no password given by a member who has one (a GET from an old client, an empty field).
 */
export const EXPORT_NEEDS_PASSWORD =
  'Downloading your data needs your sign-in password: send it as POST /api/me/export with {"password": "..."}.';

/** The start of the answer once too many wrong passwords were tried (429). */
export const TOO_MANY_PASSWORDS = 'Too many wrong passwords.';

/** Why the archive was refused to a member who signs in only with Google or Facebook, last a while ago. */
export const EXPORT_NEEDS_RECENT_SIGN_IN =
  `You sign in with Google or Facebook: sign out, sign in again, then ` +
  `download your data within ${EXPORT_REAUTH_MINUTES} minutes.`;

/**
 * Proves the person downloading the archive is the member, not someone holding their session: a member with a
 * sign-in password types it again (argon2 verify; wrong ones are limited like sign-in, per member, in the kernel's
 * limiter: RATE_SIGNIN_PER_ACCOUNT per RATE_WINDOW_SECONDS, counted before the check, cleared by a right one); a
 * member without one (Google or Facebook only) must have signed in on this session in the last
 * EXPORT_REAUTH_MINUTES. A wrong password is BAD_USER_INPUT (field password), a missing proof FORBIDDEN.
 */
export async function confirmForExport(
  caller: { viewer: Viewer | null; sessionToken: string | null },
  password: unknown,
): Promise<void> {
  const v = requireViewer(caller.viewer);
  if (password !== undefined && password !== null && typeof password !== 'string')
    throw badInput('password', 'must be a string');
  const given = typeof password === 'string' && password.length ? password : null;
  const [row]: Array<{ password_hash: string | null; signed_in_at: Date | null }> = await db().query(
    `SELECT u.password_hash, s.created_at AS signed_in_at FROM users u
       LEFT JOIN sessions s ON s.member_id = u.id AND s.token_hash = $2 AND s.expires_at > now()
      WHERE u.id = $1`,
    [v.id, caller.sessionToken ? hashToken(caller.sessionToken) : null],
  );
  authorize(!!row, EXPORT_NEEDS_PASSWORD);
  if (!row.password_hash) {
    const recent =
      row.signed_in_at && Date.now() - new Date(row.signed_in_at).getTime() <= EXPORT_REAUTH_MINUTES * 60_000;
    authorize(!!recent, EXPORT_NEEDS_RECENT_SIGN_IN);
    return;
  }
  authorize(!!given, EXPORT_NEEDS_PASSWORD);
  const limits = settings().limits;
  const attempts = `export-password:${v.id}`;
  const w = await rateLimit.count(attempts, limits.rateWindowSeconds);
  if (w.hits > limits.signInPerAccount) {
    const minutes = Math.max(1, Math.ceil(w.retryAfter / 60));
    throw new DomainError(
      'RATE_LIMITED',
      `${TOO_MANY_PASSWORDS} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { retryAfter: w.retryAfter, retryAfterSeconds: w.retryAfter },
    );
  }
  if (given.length > 200 || !(await verify(row.password_hash, given).catch(() => false))) {
    throw new DomainError('BAD_USER_INPUT', 'That password is not correct.', {
      field: 'password',
      reason: 'wrong_password',
    });
  }
  await rateLimit.reset(attempts);
}
