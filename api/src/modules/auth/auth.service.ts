import { hash, verify, Algorithm } from '@node-rs/argon2';
import { requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput, conflict, DomainError, rateLimited, unauthenticated } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import { sendMail, type Mail } from '../../kernel/mail';
import * as rateLimit from '../../kernel/rate-limit';
import { settings } from '../../kernel/settings';
import { Role, User } from '../users/user.entity';
import { checkName, findUserByEmail, users } from '../users/user.service';
import { EmailVerification } from './email-verification.entity';
import { Identity } from './identity.entity';
import type { MailedLink } from './mailed-link.entity';
import { PasswordReset } from './password-reset.entity';
import { endAccountAccess } from './account-access';
import { COMMON_PASSWORD, isTooCommon } from './password-strength';
import { endOtherSessions } from './session.service';
import { hashToken, newToken } from './tokens';

const ARGON = { algorithm: Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const INVALID_CREDENTIALS = 'Invalid email or password.';
// Verifying against this keeps an unknown e-mail as slow as a wrong password.
let dummyHash: Promise<string> | null = null;

export const hashPassword = (password: string) => hash(password, ARGON);

export function normaliseEmail(raw: unknown): string {
  const email = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if (!email) throw badInput('email', 'is required');
  if (email.length > 254 || !EMAIL_RE.test(email)) throw badInput('email', 'must be a valid e-mail address');
  return email;
}

/**
 * The one password rule of sign-up, reset and change: the length (PASSWORD_MIN_LENGTH to 200), and not a common one.
 */
export function checkPassword(password: unknown, field = 'password', userInputs: string[] = []): string {
  if (typeof password !== 'string' || password.length === 0) throw badInput(field, 'is required');
  const min = settings().passwordMinLength;
  if (password.length < min) throw badInput(field, `must be at least ${min} characters`);
  if (password.length > 200) throw badInput(field, 'must be at most 200 characters');
  if (isTooCommon(password, userInputs))
    throw new DomainError('BAD_USER_INPUT', `${field} ${COMMON_PASSWORD}`, { field, reason: 'commonPassword' });
  return password;
}

const isAdminEmail = (email: string | null) => !!email && settings().adminEmails.includes(email.toLowerCase());
const window = () => settings().limits.rateWindowSeconds;

export async function signUp(
  input: { email: string; password: string; firstName: string; lastName: string },
  ip: string,
  log: Logger,
): Promise<User> {
  await rateLimit.hit(`signup:ip:${ip}`, settings().limits.signUpPerIp, window());
  const email = normaliseEmail(input.email);
  const names = [input.firstName, input.lastName].filter((n): n is string => typeof n === 'string');
  const password = checkPassword(input.password, 'password', [email, ...names]);
  const firstName = checkName(input.firstName, 'firstName');
  const lastName = checkName(input.lastName, 'lastName');
  if (await findUserByEmail(email)) throw conflict('EMAIL_TAKEN', 'An account with this email already exists.');
  const passwordHash = await hashPassword(password);
  try {
    const inserted = await users().insert({
      email,
      passwordHash,
      firstName,
      lastName,
      role: isAdminEmail(email) ? Role.admin : Role.user,
    });
    const user = await users().findOneByOrFail({ id: inserted.identifiers[0].id });
    await sendVerification(user, log);
    return user;
  } catch (err) {
    if ((err as { code?: string }).code === '23505')
      throw conflict('EMAIL_TAKEN', 'An account with this email already exists.');
    throw err;
  }
}

/**
 * Attempts on one account: RATE_SIGNIN_PER_ACCOUNT from each address, and RATE_SIGNIN_PER_ACCOUNT_GLOBAL from all
 * of them. Past the global limit an address gets only its first try, so strangers guessing from many addresses
 * slow down to one guess per address without locking out the owner typing the right password somewhere new.
 */
async function limitAccount(email: string, ip: string): Promise<void> {
  const limits = settings().limits;
  const fromHere = await rateLimit.count(`signin:account-ip:${email}:${ip}`, window());
  if (fromHere.hits > limits.signInPerAccount) throw rateLimited(fromHere.retryAfter);
  const fromAll = await rateLimit.count(`signin:account:${email}`, window());
  if (fromAll.hits > limits.signInPerAccountGlobal && fromHere.hits > 1) throw rateLimited(fromAll.retryAfter);
}

/** Checks e-mail and password. Wrong password and unknown e-mail get the same answer. */
export async function signIn(input: { email: string; password: string }, ip: string): Promise<User> {
  const limits = settings().limits;
  await rateLimit.hit(`signin:ip:${ip}`, limits.signInPerIp, window());
  const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : '';
  if (!email) throw badInput('email', 'is required');
  if (typeof input.password !== 'string' || !input.password) throw badInput('password', 'is required');
  await limitAccount(email, ip);
  const user = await findUserByEmail(email, true);
  const stored = user?.passwordHash ?? (await (dummyHash ??= hashPassword('not-a-real-password')));
  const ok = await verify(stored, input.password).catch(() => false);
  if (!user || !user.passwordHash || !ok) throw unauthenticated(INVALID_CREDENTIALS);
  await rateLimit.reset(`signin:account:${email}`, `signin:account-ip:${email}:${ip}`);
  return promoteIfListed(user);
}

/** Members whose e-mail is in ADMIN_EMAILS become admins when they sign in. */
export async function promoteIfListed(user: User): Promise<User> {
  if (user.role !== Role.admin && isAdminEmail(user.email)) {
    await users().update({ id: user.id }, { role: Role.admin });
    user.role = Role.admin;
  }
  delete (user as Partial<User>).passwordHash;
  return user;
}

/** Sends a single-use reset link when the e-mail belongs to a member. Answers the same either way. */
export async function requestPasswordReset(rawEmail: string, ip: string, log: Logger): Promise<void> {
  await rateLimit.hit(`reset:ip:${ip}`, settings().limits.resetPerIp, window());
  const email = normaliseEmail(rawEmail);
  const user = await findUserByEmail(email);
  if (!user) return;
  await mailLink(PasswordReset, { memberId: user.id }, settings().resetTokenMinutes, log, (link) => ({
    to: email,
    subject: 'Reset your Saffa password',
    text:
      `Someone asked to reset the password of your Saffa account.\n\nChoose a new password here (the link works ` +
      `once, for one hour):\n${link('reset')}\n\nIf it was not you, ignore this mail.`,
  }));
}

const VERIFY_LINK_HOURS = 48;

/**
 * Stores a single-use link (only its token's hash) valid for `minutes` and mails it. The link is
 * `${PUBLIC_URL}/?<param>=<token>`; the web app's landing screen and session gate read it.
 */
async function mailLink<T extends MailedLink>(
  entity: new () => T,
  row: Omit<Partial<T>, 'tokenHash' | 'expiresAt'>,
  minutes: number,
  log: Logger,
  mail: (link: (param: string) => string) => Mail,
): Promise<void> {
  const token = newToken();
  await db()
    .getRepository(entity)
    .insert({ ...row, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + minutes * 60_000) } as never);
  await sendMail(
    mail((param) => `${settings().publicUrl}/?${param}=${encodeURIComponent(token)}`),
    log,
  );
}

/** Mails a member a link that proves they receive mail at their address (sign-up, a provider's unverified e-mail). */
export async function sendVerification(user: User, log: Logger): Promise<void> {
  if (!user.email || user.emailVerifiedAt) return;
  const email = user.email;
  await mailLink(EmailVerification, { memberId: user.id, email }, VERIFY_LINK_HOURS * 60, log, (link) => ({
    to: email,
    subject: 'Confirm your e-mail address for Saffa',
    text:
      `Welcome to Saffa! Confirm that this is your e-mail address (the link works once, for ${VERIFY_LINK_HOURS} ` +
      `hours):\n${link('verify')}\n\nIf you did not sign up, ignore this mail: nobody can link your Google account ` +
      `to an address that is not confirmed.`,
  }));
}

/** A signed-in member whose address is not confirmed asks for a new link (limited like password resets). */
export async function resendVerification(viewer: Viewer | null, ip: string, log: Logger): Promise<void> {
  const v = requireViewer(viewer);
  await rateLimit.hit(`verify:user:${v.id}`, settings().limits.resetPerIp, window());
  const user = await users().findOneByOrFail({ id: v.id });
  if (user.emailVerifiedAt) throw conflict('ALREADY_CONFIRMED', 'Your email is already confirmed.');
  if (!user.email) throw badInput('email', 'is not set');
  await sendVerification(user, log);
}

/** Uses a verification link: the member's address is confirmed if it is still the one the link was sent to. */
export async function verifyEmail(token: string): Promise<void> {
  const invalid = () =>
    new DomainError('BAD_USER_INPUT', 'This confirmation link is invalid or has expired.', { field: 'token' });
  if (typeof token !== 'string' || !token || token.length > 100) throw invalid();
  await db().transaction(async (tx) => {
    const [rows]: [Array<{ member_id: string; email: string }>, number] = await tx.query(
      `UPDATE email_verifications SET used_at = now()
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING member_id, email`,
      [hashToken(token)],
    );
    const link = rows[0];
    if (!link) throw invalid();
    const [, affected]: [unknown, number] = await tx.query(
      `UPDATE users SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1 AND email = $2`,
      [link.member_id, link.email],
    );
    if (!affected) throw invalid();
  });
}

/** Uses a reset link: sets the new password and ends every session of the member. */
export async function resetPassword(token: string, password: string): Promise<void> {
  const newPassword = checkPassword(password);
  const passwordHash = await hashPassword(newPassword);
  const invalid = () =>
    new DomainError('BAD_USER_INPUT', 'This reset link is invalid or has expired.', { field: 'token' });
  if (typeof token !== 'string' || !token || token.length > 100) throw invalid();
  await db().transaction(async (tx) => {
    // The guarded UPDATE makes the link single-use even when two requests race.
    // TypeORM answers an UPDATE with [rows, affected].
    const [rows]: [Array<{ member_id: string }>, number] = await tx.query(
      `UPDATE password_resets SET used_at = now()
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING member_id`,
      [hashToken(token)],
    );
    const userId = rows[0]?.member_id;
    if (!userId) throw invalid();
    // The link reached the member's mailbox, which proves the address too. On an account whose address nobody had
    // proven, provider sign-ins linked without proving it end with the other sessions.
    const { emailVerifiedAt } = await tx.findOneByOrFail(User, { id: userId });
    if (!emailVerifiedAt) await tx.delete(Identity, { memberId: userId });
    await tx.update(User, { id: userId }, { passwordHash, emailVerifiedAt: emailVerifiedAt ?? new Date() });
    await endOtherSessions(tx, userId, null);
    await endAccountAccess(tx, userId, 'passwordReset');
  });
}

/**
 * A signed-in member changes their password; their other sessions end, this one stays. Their tokens are revoked and
 * their webhooks switched off too, unless they choose to keep them (`keepTokensAndWebhooks`).
 */
export async function changePassword(
  viewer: Viewer,
  currentPassword: string,
  newPassword: string,
  keepToken: string | null,
  keepTokensAndWebhooks = false,
): Promise<void> {
  const user = await users()
    .createQueryBuilder('u')
    .addSelect('u.passwordHash')
    .where('u.id = :id', { id: viewer.id })
    .getOneOrFail();
  const next = checkPassword(newPassword, 'newPassword', [user.email ?? '', user.firstName ?? '', user.lastName ?? '']);
  // Guesses of the current password are limited like sign-in's (RATE_SIGNIN_PER_ACCOUNT a window); the right one clears
  // them.
  const attempts = await rateLimit.count(`change-password:${viewer.id}`, window());
  if (attempts.hits > settings().limits.signInPerAccount) throw rateLimited(attempts.retryAfter);
  if (user.passwordHash && !(await verify(user.passwordHash, currentPassword ?? '').catch(() => false))) {
    throw badInput('currentPassword', 'is not correct');
  }
  await rateLimit.reset(`change-password:${viewer.id}`);
  const passwordHash = await hashPassword(next);
  await db().transaction(async (tx) => {
    await tx.update(User, { id: viewer.id }, { passwordHash });
    await endOtherSessions(tx, viewer.id, keepToken);
    if (!keepTokensAndWebhooks) await endAccountAccess(tx, viewer.id, 'passwordChange');
  });
}
