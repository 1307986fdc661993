import { authorize, requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db, type Tx } from '../../kernel/database';
import { badInput, conflict, DomainError, unauthenticated } from '../../kernel/errors';
import { deletePrivate, readPrivate, storePrivate } from '../../kernel/media';
import { count, reset } from '../../kernel/rate-limit';
import { queryRows } from '../../kernel/rows';
import { hashToken } from '../auth/tokens';
import { VaultDocument } from './vault-document.entity';
import { VaultKey } from './vault-key.entity';
import { checkVerifier, makeVerifier, newDataKey, newSalt, open, passwordKey, seal, sessionKey } from './vault.crypto';

/** The vault's constants (spec 002 section 9): password length, the reminder's default, how long an unlock lasts. */
export const VAULT = {
  minPasswordLength: 6,
  maxPasswordLength: 200,
  defaultReminderDays: 30,
  maxReminderDays: 365,
  unlockMinutes: 15,
  /** Wrong passwords a member may try per window before every try is refused until the window ends. */
  maxAttempts: 5,
  attemptWindowSeconds: 15 * 60,
  maxNameLength: 120,
} as const;

export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters long.';
export const WRONG_PASSWORD = 'Incorrect vault password.';
export const VAULT_LOCKED = 'Your vault is locked. Unlock it with your vault password.';
export const NO_VAULT_PASSWORD = 'Set a vault password first.';
export const MISSING_INFORMATION = 'Please choose a document type and enter a document name.';
export const WRONG_FILE = 'Please select an image or a PDF.';
export const ONLY_OWNER = 'Only the owner of this document can use it.';

/** Too many wrong passwords: RATE_LIMITED with how long to wait, in words and in `retryAfter` seconds. */
const tooManyAttempts = (retryAfter: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  return new DomainError(
    'RATE_LIMITED',
    `Too many wrong vault passwords. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { retryAfter },
  );
};

/** Who calls: the member and the raw token of the session they call from (an unlock belongs to one session). */
export interface VaultCaller {
  viewer: Viewer | null;
  sessionToken: string | null;
}

/** Where the vault stands for the caller's session. */
export interface VaultState {
  hasPassword: boolean;
  unlocked: boolean;
  unlockedUntil: Date | null;
}

export const documents = () => db().getRepository(VaultDocument);
const keys = () => db().getRepository(VaultKey);

/** The authenticated data of a document's file: its id and owner, so a file copied to another row does not open. */
export const fileAad = (doc: Pick<VaultDocument, 'id' | 'ownerId'>) => `vault-document:${doc.id}:${doc.ownerId}`;
const unlockAad = (memberId: string) => `vault-unlock:${memberId}`;
const keyAad = (memberId: string) => `vault-key:${memberId}`;

/** The caller's member and session id; UNAUTHENTICATED without a live session (a vault unlock is bound to one). */
async function sessionOf(caller: VaultCaller): Promise<{ viewer: Viewer; token: string; sessionId: string }> {
  const viewer = requireViewer(caller.viewer);
  if (!caller.sessionToken) throw unauthenticated();
  const [row] = await queryRows<{ id: string }>(
    'SELECT id FROM sessions WHERE token_hash = $1 AND member_id = $2 AND expires_at > now()',
    [hashToken(caller.sessionToken), viewer.id],
  );
  if (!row) throw unauthenticated();
  return { viewer, token: caller.sessionToken, sessionId: row.id };
}

function checkPassword(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length < VAULT.minPasswordLength)
    throw new DomainError('BAD_USER_INPUT', PASSWORD_TOO_SHORT, { field });
  if (value.length > VAULT.maxPasswordLength)
    throw badInput(field, `must be at most ${VAULT.maxPasswordLength} characters`);
  return value;
}

/** Keeps the data key unlocked for this session for VAULT.unlockMinutes, sealed under the session's token. */
async function keepUnlocked(
  session: { viewer: Viewer; token: string; sessionId: string },
  dataKey: Buffer,
  m: Tx = db().manager,
): Promise<void> {
  const wrapped = seal(sessionKey(session.token, session.sessionId), dataKey, unlockAad(session.viewer.id));
  await m.query(
    `INSERT INTO vault_unlocks (session_id, member_id, wrapped_key, expires_at) VALUES ($1, $2, $3, now() + ` +
      `make_interval(mins => $4))
     ON CONFLICT (session_id) DO UPDATE SET member_id = EXCLUDED.member_id, wrapped_key = EXCLUDED.wrapped_key, ` +
      `expires_at = EXCLUDED.expires_at`,
    [session.sessionId, session.viewer.id, wrapped, VAULT.unlockMinutes],
  );
}

/** The data key of the caller's unlocked vault; FORBIDDEN (VAULT_LOCKED) when it is locked, expired or not theirs. */
export async function unlockedKey(
  caller: VaultCaller,
  m: Tx = db().manager,
): Promise<{ viewer: Viewer; dataKey: Buffer }> {
  const viewer = requireViewer(caller.viewer);
  const token = caller.sessionToken;
  authorize(!!token, VAULT_LOCKED);
  const [row]: Array<{ session_id: string; wrapped_key: Buffer }> = await m.query(
    `SELECT u.session_id, u.wrapped_key FROM vault_unlocks u JOIN sessions s ON s.id = u.session_id
      WHERE s.token_hash = $1 AND u.member_id = $2 AND u.expires_at > now() AND s.expires_at > now()`,
    [hashToken(token), viewer.id],
  );
  const dataKey = row ? open(sessionKey(token, row.session_id), row.wrapped_key, unlockAad(viewer.id)) : null;
  authorize(!!dataKey, VAULT_LOCKED);
  return { viewer, dataKey };
}

/**
 * Checks a vault password against the member's verifier and answers the data key it unwraps. Every try counts
 * against VAULT.maxAttempts per window, counted before the check so that parallel tries cannot pass the limit;
 * a right password clears the count. Beyond the limit even the right password is refused until the window ends.
 */
async function openWithPassword(memberId: string, password: string): Promise<{ key: VaultKey; dataKey: Buffer }> {
  const key = await keys().findOneBy({ memberId });
  if (!key) throw new DomainError('BAD_USER_INPUT', NO_VAULT_PASSWORD, { field: 'password' });
  const attemptsKey = `vault-unlock:${memberId}`;
  const w = await count(attemptsKey, VAULT.attemptWindowSeconds);
  if (w.hits > VAULT.maxAttempts) throw tooManyAttempts(w.retryAfter);
  const dataKey = (await checkVerifier(key.verifier, password))
    ? open(await passwordKey(password, key.kekSalt), key.wrappedKey, keyAad(memberId))
    : null;
  if (!dataKey) throw new DomainError('BAD_USER_INPUT', WRONG_PASSWORD, { field: 'password' });
  await reset(attemptsKey);
  return { key, dataKey };
}

/**
 * The vault's password sealing `dataKey`: a new verifier, a new salt and the data key wrapped under the new password's
 * key.
 */
async function lockedWith(
  memberId: string,
  password: string,
  dataKey: Buffer,
): Promise<Pick<VaultKey, 'verifier' | 'kekSalt' | 'wrappedKey'>> {
  const kekSalt = newSalt();
  return {
    verifier: await makeVerifier(password),
    kekSalt,
    wrappedKey: seal(await passwordKey(password, kekSalt), dataKey, keyAad(memberId)),
  };
}

// -------------------------------------------------------------------------------------------------- password

/** Where the caller's vault stands: has a password, unlocked in this session and until when. */
export async function vaultState(caller: VaultCaller): Promise<VaultState> {
  const viewer = requireViewer(caller.viewer);
  const [row] = await queryRows<{ has_password: boolean; until: Date | null }>(
    `SELECT EXISTS (SELECT 1 FROM vault_keys WHERE member_id = $1) AS has_password,
            (SELECT u.expires_at FROM vault_unlocks u JOIN sessions s ON s.id = u.session_id
              WHERE s.token_hash = $2 AND u.member_id = $1 AND u.expires_at > now()) AS until`,
    [viewer.id, caller.sessionToken ? hashToken(caller.sessionToken) : ''],
  );
  return { hasPassword: row.has_password, unlocked: !!row.until, unlockedUntil: row.until };
}

const ALREADY_SET = 'Your vault already has a password. Change it with the current one.';

/** A password offered to open the vault: a string of at most VAULT.maxPasswordLength (no hash for longer ones). */
function offeredPassword(value: unknown, field: string): string {
  if (typeof value !== 'string' || !value) throw new DomainError('BAD_USER_INPUT', WRONG_PASSWORD, { field });
  if (value.length > VAULT.maxPasswordLength)
    throw badInput(field, `must be at most ${VAULT.maxPasswordLength} characters`);
  return value;
}

/** Sets the vault password, once (then it is changed with the current one); the vault opens for this session. */
export async function setVaultPassword(caller: VaultCaller, rawPassword: unknown): Promise<VaultState> {
  const session = await sessionOf(caller);
  const password = checkPassword(rawPassword, 'password');
  // Asked before the two argon2id hashes, which are costly: a vault that has a password costs one cheap read.
  // (Two first settings at once still meet the insert's conflict below.)
  if ((await queryRows('SELECT 1 FROM vault_keys WHERE member_id = $1', [session.viewer.id])).length)
    throw conflict('PASSWORD_ALREADY_SET', ALREADY_SET);
  const dataKey = newDataKey();
  const inserted = await keys()
    .createQueryBuilder()
    .insert()
    .values({ memberId: session.viewer.id, ...(await lockedWith(session.viewer.id, password, dataKey)) })
    .orIgnore()
    .returning('member_id')
    .execute();
  if (!inserted.raw.length) throw conflict('PASSWORD_ALREADY_SET', ALREADY_SET);
  await keepUnlocked(session, dataKey);
  return vaultState(caller);
}

/** Unlocks the vault for this session for VAULT.unlockMinutes; wrong passwords are limited (openWithPassword). */
export async function unlockVault(caller: VaultCaller, password: unknown): Promise<VaultState> {
  const session = await sessionOf(caller);
  const { dataKey } = await openWithPassword(session.viewer.id, offeredPassword(password, 'password'));
  await keepUnlocked(session, dataKey);
  return vaultState(caller);
}

/** Locks the vault in this session at once (its key is forgotten). */
export async function lockVault(caller: VaultCaller): Promise<VaultState> {
  const session = await sessionOf(caller);
  await db().query('DELETE FROM vault_unlocks WHERE session_id = $1', [session.sessionId]);
  return vaultState(caller);
}

const CHANGING = 'Your vault password is being changed. Please try again in a moment.';
export const JUST_CHANGED = 'The vault password was just changed. Please try again.';

/** SQLSTATE 55P03: a NOWAIT lock found the row locked (a password change is running on this vault). */
const isLockBusy = (err: unknown) =>
  (err as { code?: string; driverError?: { code?: string } }).code === '55P03' ||
  (err as { driverError?: { code?: string } }).driverError?.code === '55P03';

/**
 * Locks the member's vault key row for the transaction `m`, without waiting: CONFLICT while a password change holds it.
 */
export async function lockVaultKey(
  m: Tx,
  memberId: string,
  mode: 'UPDATE' | 'SHARE',
): Promise<{ verifier: string } | undefined> {
  try {
    const [row] = await m.query(`SELECT verifier FROM vault_keys WHERE member_id = $1 FOR ${mode} NOWAIT`, [memberId]);
    return row;
  } catch (err) {
    if (isLockBusy(err)) throw conflict('PASSWORD_CHANGING', CHANGING);
    throw err;
  }
}

/** Writes a document's file sealed under `dataKey` to the private store; answers its key there. */
export const writeSealed = (dataKey: Buffer, bytes: Buffer, doc: Pick<VaultDocument, 'id' | 'ownerId'>) =>
  storePrivate(seal(dataKey, bytes, fileAad(doc)), { folder: 'vault', ext: 'bin' });

/**
 * Changes the vault password with the current one, and re-encrypts the vault: a fresh data key replaces the old
 * one, and every document of the member is opened with the old key and sealed again with the new one (a new nonce,
 * a new file). Crash-safe and consistent:
 * - the member's vault key row is locked (FOR UPDATE NOWAIT) for the whole change: a second change, or a document
 *   being added, meets CONFLICT instead of mixing keys; the documents' rows are locked too, so a deletion waits;
 * - the new files are written first, under new keys in the private store, while the rows still name the old ones;
 * - the rows' file keys, the wrapped key, the verifier and this session's unlock switch in one transaction; other
 *   sessions' unlocks end in it (they hold the old key);
 * - the old files are deleted only after the commit. A failure before it (a write, a read, the database) deletes the
 *   new files written so far and leaves everything as it was: the old password still opens every document.
 */
export async function changeVaultPassword(caller: VaultCaller, current: unknown, next: unknown): Promise<VaultState> {
  const session = await sessionOf(caller);
  const memberId = session.viewer.id;
  const password = checkPassword(next, 'newPassword');
  const offered = offeredPassword(current, 'currentPassword');
  const { key, dataKey } = await openWithPassword(memberId, offered);
  const newKey = newDataKey();
  const sealed = await lockedWith(memberId, password, newKey);
  const written: string[] = [];
  let replaced: string[] = [];
  try {
    await db().transaction(async (m) => {
      const row = await lockVaultKey(m, memberId, 'UPDATE');
      // Of two changes one after the other, the second finds the verifier changed.
      if (!row || row.verifier !== key.verifier) throw conflict('PASSWORD_JUST_CHANGED', JUST_CHANGED);
      const docs: Array<{ id: string; file_key: string }> = await m.query(
        'SELECT id, file_key FROM vault_documents WHERE owner_id = $1 ORDER BY id FOR UPDATE',
        [memberId],
      );
      for (const d of docs) {
        const doc = { id: d.id, ownerId: memberId };
        const stored = await readPrivate(d.file_key);
        const plain = stored ? open(dataKey, stored, fileAad(doc)) : null;
        if (!plain)
          throw new Error(`vault document ${d.id} cannot be opened with the vault's key; the password was not changed`);
        const fileKey = await writeSealed(newKey, plain, doc);
        written.push(fileKey);
        await m.query('UPDATE vault_documents SET file_key = $2 WHERE id = $1', [d.id, fileKey]);
      }
      await m.createQueryBuilder().update(VaultKey).set(sealed).where('member_id = :id', { id: memberId }).execute();
      await m.query('DELETE FROM vault_unlocks WHERE member_id = $1 AND session_id <> $2', [
        memberId,
        session.sessionId,
      ]);
      await keepUnlocked(session, newKey, m);
      replaced = docs.map((d) => d.file_key);
    });
  } catch (err) {
    await deletePrivate(written);
    throw err;
  }
  await deletePrivate(replaced);
  return vaultState(caller);
}
