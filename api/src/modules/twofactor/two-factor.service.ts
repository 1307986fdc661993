import { createHash, randomBytes } from 'node:crypto';
import { verify as verifyPassword } from '@node-rs/argon2';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import { IsNull, type EntityManager } from 'typeorm';
import { authorize, hasAdminRole, requireAdmin, requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput, conflict, DomainError } from '../../kernel/errors';
import * as rateLimit from '../../kernel/rate-limit';
import { settings } from '../../kernel/settings';
import { recordAdminAction } from '../admin/admin-audit.service';
import { hashToken, newToken } from '../auth/tokens';
import { User } from '../users/user.entity';
import { users } from '../users/user.service';
import { MemberTotp } from './member-totp.entity';
import { Passkey } from './passkey.entity';
import { PendingSignIn } from './pending-sign-in.entity';
import { RecoveryCode } from './recovery-code.entity';
import { SecuritySettings } from './security-settings.entity';

/** How long the second step of a sign-in may take, and how many wrong codes one pending sign-in allows. */
export const PENDING_MINUTES = 10;
export const PENDING_MAX_FAILURES = 5;
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Saffa';

/** What the first step answers when a second one is needed (GraphQL: `extensions.reason`; REST: 401 and this text). */
export const TWO_FACTOR_REQUIRED =
  'Two-factor sign-in is on for this account: enter a code from your authenticator app, a recovery code, or use a ' +
  'passkey.';
const WRONG_CODE = 'That code is not right. Try the current code from your app, or a recovery code.';
const PENDING_INVALID = 'This sign-in has expired. Sign in again.';

const window = () => settings().limits.rateWindowSeconds;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The second factors a member has: a confirmed authenticator app and/or passkeys. */
export async function factorsOf(
  memberId: string,
  manager: EntityManager = db().manager,
): Promise<{ totp: boolean; passkeys: number }> {
  const [row]: Array<{ totp: boolean; passkeys: number }> = await manager.query(
    `SELECT EXISTS (SELECT 1 FROM member_totp WHERE member_id = $1 AND confirmed_at IS NOT NULL) AS totp,
            (SELECT count(*)::int FROM passkeys WHERE member_id = $1) AS passkeys`,
    [memberId],
  );
  return row;
}

export const hasTwoFactor = async (memberId: string, manager?: EntityManager) => {
  const f = await factorsOf(memberId, manager);
  return f.totp || f.passkeys > 0;
};

// ---------------------------------------------------------------- the second step of a sign-in

/**
 * Called by every first step (password sign-in, Google, Facebook): null when the member has no second factor (the
 * caller starts the session), else a pending sign-in token, short-lived and single-use, that is no session.
 */
export async function pendingSignInFor(memberId: string): Promise<string | null> {
  if (!(await hasTwoFactor(memberId))) return null;
  const token = newToken();
  await db()
    .getRepository(PendingSignIn)
    .insert({ tokenHash: hashToken(token), memberId, expiresAt: new Date(Date.now() + PENDING_MINUTES * 60_000) });
  return token;
}

/** The error a first step throws when the member has a second factor: UNAUTHENTICATED, reason TWO_FACTOR_REQUIRED. */
export async function requireSecondStep(memberId: string): Promise<void> {
  const token = await pendingSignInFor(memberId);
  if (!token) return;
  const f = await factorsOf(memberId);
  throw new DomainError('UNAUTHENTICATED', TWO_FACTOR_REQUIRED, {
    reason: 'TWO_FACTOR_REQUIRED',
    pendingToken: token,
    methods: [...(f.totp ? ['totp'] : []), 'recoveryCode', ...(f.passkeys ? ['passkey'] : [])],
  });
}

/** The live pending sign-in of a token, or BAD_USER_INPUT (expired, used, spent by wrong codes, unknown). */
export async function livePending(token: unknown): Promise<PendingSignIn> {
  const invalid = () =>
    new DomainError('BAD_USER_INPUT', PENDING_INVALID, { field: 'pendingToken', reason: 'PENDING_EXPIRED' });
  if (typeof token !== 'string' || !token || token.length > 100) throw invalid();
  const row = await db()
    .getRepository(PendingSignIn)
    .createQueryBuilder('p')
    .where('p.tokenHash = :h AND p.usedAt IS NULL AND p.expiresAt > now() AND p.failures < :max', {
      h: hashToken(token),
      max: PENDING_MAX_FAILURES,
    })
    .getOne();
  if (!row) throw invalid();
  return row;
}

/** Marks a pending sign-in used; false when another request used it first (so it gives one session, never two). */
export async function spendPending(manager: EntityManager, id: string): Promise<boolean> {
  const [, affected]: [unknown, number] = await manager.query(
    `UPDATE pending_sign_ins SET used_at = now() WHERE id = $1 AND used_at IS NULL AND expires_at > now()`,
    [id],
  );
  return affected === 1;
}

/**
 * The second step with a code: a current authenticator code (not one already used) or an unused recovery code.
 * Wrong codes count against the member (the kernel's limiter, shared by every replica) and spend the pending sign-in
 * after PENDING_MAX_FAILURES. Answers the member to start a session for.
 */
export async function completeWithCode(token: string, code: string, ip: string): Promise<User> {
  const pending = await livePending(token);
  await rateLimit.hit(`2fa:user:${pending.memberId}`, settings().limits.signInPerAccount, window());
  await rateLimit.hit(`2fa:ip:${ip}`, settings().limits.signInPerIp, window());
  const ok = await db().transaction(
    async (tx) => (await useCode(tx, pending.memberId, code)) && (await spendPending(tx, pending.id)),
  );
  if (!ok) {
    await db().query(`UPDATE pending_sign_ins SET failures = failures + 1 WHERE id = $1`, [pending.id]);
    throw new DomainError('BAD_USER_INPUT', WRONG_CODE, { field: 'code', reason: 'WRONG_CODE' });
  }
  await rateLimit.reset(`2fa:user:${pending.memberId}`);
  return users().findOneByOrFail({ id: pending.memberId });
}

/** Checks and uses a code inside `tx`: true when it is a fresh authenticator code or an unused recovery code. */
async function useCode(tx: EntityManager, memberId: string, raw: unknown): Promise<boolean> {
  if (typeof raw !== 'string') return false;
  const code = raw.replace(/[\s-]/g, '').toLowerCase();
  if (/^\d{6}$/.test(code)) return useTotp(tx, memberId, code);
  if (/^[a-z0-9]{10}$/.test(code)) {
    const [, affected]: [unknown, number] = await tx.query(
      `UPDATE recovery_codes SET used_at = now() WHERE member_id = $1 AND code_hash = $2 AND used_at IS NULL`,
      [memberId, sha256(code)],
    );
    return affected === 1;
  }
  return false;
}

/** A current code (one step either side, for clocks that drift) whose time step is later than the last one used. */
async function useTotp(tx: EntityManager, memberId: string, code: string): Promise<boolean> {
  const row = await tx.findOneBy(MemberTotp, { memberId });
  if (!row?.confirmedAt) return false;
  const result = await verifyTotp({ secret: row.secret, token: code, epochTolerance: 30 }).catch(() => ({
    valid: false as const,
  }));
  if (!result.valid) return false;
  // The guarded UPDATE refuses a step at or before the last one used: a code cannot be replayed, even by a racing
  // request.
  const [, affected]: [unknown, number] = await tx.query(
    `UPDATE member_totp SET last_step = $2 WHERE member_id = $1 AND (last_step IS NULL OR last_step < $2)`,
    [memberId, (result as unknown as { timeStep: number }).timeStep],
  );
  return affected === 1;
}

// ---------------------------------------------------------------- enrolment and management (Settings)

/** Proves it is the member: their password, a current authenticator code or an unused recovery code. */
export async function checkProof(memberId: string, proof: unknown): Promise<void> {
  await rateLimit.hit(`2fa:proof:${memberId}`, settings().limits.signInPerAccount, window());
  const given = typeof proof === 'string' ? proof : '';
  if (!given) throw badInput('proof', 'is required: your password or a code');
  const user = await users()
    .createQueryBuilder('u')
    .addSelect('u.passwordHash')
    .where('u.id = :id', { id: memberId })
    .getOneOrFail();
  if (user.passwordHash && (await verifyPassword(user.passwordHash, given).catch(() => false))) return;
  if (await db().transaction((tx) => useCode(tx, memberId, given))) return;
  throw new DomainError('BAD_USER_INPUT', 'That password or code is not right.', {
    field: 'proof',
    reason: 'WRONG_PROOF',
  });
}

/**
 * Starts (or restarts) enrolling an authenticator app: a new secret, shown this once, unconfirmed until a first code.
 */
export async function startTotp(viewer: Viewer | null): Promise<{ secret: string; uri: string }> {
  const v = requireViewer(viewer);
  const existing = await db().getRepository(MemberTotp).findOneBy({ memberId: v.id });
  if (existing?.confirmedAt)
    throw conflict('AUTHENTICATOR_EXISTS', 'An authenticator app is already set up. Turn it off first to use another.');
  const user = await users().findOneByOrFail({ id: v.id });
  const secret = generateSecret();
  await db().query(
    `INSERT INTO member_totp (member_id, secret) VALUES ($1, $2)
     ON CONFLICT (member_id) DO UPDATE SET secret = EXCLUDED.secret, last_step = NULL, created_at = now() WHERE ` +
      `member_totp.confirmed_at IS NULL`,
    [v.id, secret],
  );
  return { secret, uri: generateURI({ issuer: ISSUER, label: user.email ?? user.id, secret }) };
}

/** Confirms the app with its first code; answers the recovery codes when the member had none (shown once). */
export async function confirmTotp(viewer: Viewer | null, code: string): Promise<string[]> {
  const v = requireViewer(viewer);
  await rateLimit.hit(`2fa:user:${v.id}`, settings().limits.signInPerAccount, window());
  const row = await db().getRepository(MemberTotp).findOneBy({ memberId: v.id });
  if (!row) throw badInput('code', 'has nothing to confirm: start setting up an authenticator app first');
  if (row.confirmedAt) throw conflict('AUTHENTICATOR_EXISTS', 'Your authenticator app is already set up.');
  const digits = typeof code === 'string' ? code.replace(/\s/g, '') : '';
  const result = /^\d{6}$/.test(digits)
    ? await verifyTotp({ secret: row.secret, token: digits, epochTolerance: 30 }).catch(() => null)
    : null;
  if (!result?.valid) throw new DomainError('BAD_USER_INPUT', WRONG_CODE, { field: 'code', reason: 'WRONG_CODE' });
  return db().transaction(async (tx) => {
    const [, affected]: [unknown, number] = await tx.query(
      `UPDATE member_totp SET confirmed_at = now(), last_step = $2 WHERE member_id = $1 AND confirmed_at IS NULL`,
      [v.id, (result as unknown as { timeStep: number }).timeStep],
    );
    if (!affected) throw conflict('AUTHENTICATOR_EXISTS', 'Your authenticator app is already set up.');
    const unused = await tx.count(RecoveryCode, { where: { memberId: v.id, usedAt: IsNull() } });
    return unused ? [] : newRecoveryCodes(tx, v.id);
  });
}

/** Replaces the member's recovery codes with ten new ones (only their hashes are kept); answers them, shown once. */
async function newRecoveryCodes(tx: EntityManager, memberId: string): Promise<string[]> {
  await tx.delete(RecoveryCode, { memberId });
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const raw = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await tx.insert(
    RecoveryCode,
    codes.map((c) => ({ memberId, codeHash: sha256(c.replace('-', '')) })),
  );
  return codes;
}

/** New recovery codes (the old ones stop working), after proof; only for a member with two-factor sign-in. */
export async function regenerateRecoveryCodes(viewer: Viewer | null, proof: string): Promise<string[]> {
  const v = requireViewer(viewer);
  if (!(await hasTwoFactor(v.id))) throw badInput('proof', 'is not needed: turn on two-factor sign-in first');
  await checkProof(v.id, proof);
  return db().transaction((tx) => newRecoveryCodes(tx, v.id));
}

/** Turns the authenticator app off after proof; without passkeys left, the recovery codes go too. */
export async function disableTotp(viewer: Viewer | null, proof: string): Promise<void> {
  const v = requireViewer(viewer);
  const row = await db().getRepository(MemberTotp).findOneBy({ memberId: v.id });
  if (!row?.confirmedAt) throw badInput('proof', 'is not needed: no authenticator app is set up');
  await checkProof(v.id, proof);
  await db().transaction(async (tx) => {
    await tx.delete(MemberTotp, { memberId: v.id });
    await dropCodesWithoutFactors(tx, v.id);
  });
}

export async function dropCodesWithoutFactors(tx: EntityManager, memberId: string): Promise<void> {
  if (!(await hasTwoFactor(memberId, tx))) await tx.delete(RecoveryCode, { memberId });
}

export interface TwoFactorState {
  totpEnabled: boolean;
  recoveryCodesLeft: number;
  passkeys: Passkey[];
}

export async function twoFactorState(viewer: Viewer | null): Promise<TwoFactorState> {
  const v = requireViewer(viewer);
  const f = await factorsOf(v.id);
  const [{ left }]: Array<{ left: number }> = await db().query(
    `SELECT count(*)::int AS left FROM recovery_codes WHERE member_id = $1 AND used_at IS NULL`,
    [v.id],
  );
  const passkeys = await db()
    .getRepository(Passkey)
    .find({ where: { memberId: v.id }, order: { createdAt: 'ASC', id: 'ASC' } });
  return { totpEnabled: f.totp, recoveryCodesLeft: left, passkeys };
}

// ---------------------------------------------------------------- "require two-factor sign-in for admins"

export async function securitySettings(): Promise<SecuritySettings> {
  return (
    (await db().getRepository(SecuritySettings).findOneBy({ id: 1 })) ??
    Object.assign(new SecuritySettings(), { id: 1, requireTwoFactorForAdmins: false, updatedAt: new Date() })
  );
}

/** The site-wide security settings, as the admin panel reads them: admins only. */
export function securitySettingsFor(viewer: Viewer | null): Promise<SecuritySettings> {
  requireAdmin(viewer);
  return securitySettings();
}

/**
 * Whether this admin must enrol before any admin operation: the setting is on and they have no second factor. The
 * composition root asks once per request for admins only and marks the viewer; `requireAdmin` then refuses.
 */
export async function adminMustEnrol(viewer: Viewer): Promise<boolean> {
  if (!hasAdminRole(viewer)) return false;
  const [row]: Array<{ must: boolean }> = await db().query(
    `SELECT coalesce((SELECT require_two_factor_for_admins FROM security_settings WHERE id = 1), false)
        AND NOT EXISTS (SELECT 1 FROM member_totp WHERE member_id = $1 AND confirmed_at IS NOT NULL)
        AND NOT EXISTS (SELECT 1 FROM passkeys WHERE member_id = $1) AS must`,
    [viewer.id],
  );
  return !!row?.must;
}

/** An admin turns the requirement on or off (audit-logged). Turning it on needs their own second factor first. */
export async function setRequireTwoFactorForAdmins(viewer: Viewer | null, on: boolean): Promise<SecuritySettings> {
  const admin = requireAdmin(viewer);
  if (on) authorize(await hasTwoFactor(admin.id), 'Turn on two-factor sign-in for your own account first.');
  await db().transaction(async (tx) => {
    const [before]: Array<{ value: boolean }> = await tx.query(
      `SELECT require_two_factor_for_admins AS value FROM security_settings WHERE id = 1 FOR UPDATE`,
    );
    await tx.query(
      `INSERT INTO security_settings (id, require_two_factor_for_admins, updated_at) VALUES (1, $1, now())
       ON CONFLICT (id) DO UPDATE SET require_two_factor_for_admins = $1, updated_at = now()`,
      [on],
    );
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: 'settings.requireTwoFactorForAdmins',
      targetType: 'settings',
      targetId: 'security',
      before: { requireTwoFactorForAdmins: before?.value ?? false },
      after: { requireTwoFactorForAdmins: on },
    });
  });
  return securitySettings();
}
