import { db } from '../../kernel/database';
import { EmailVerification } from '../../modules/auth/email-verification.entity';
import { Identity } from '../../modules/auth/identity.entity';
import { PasswordReset } from '../../modules/auth/password-reset.entity';
import { Session } from '../../modules/auth/session.entity';
import { hashToken, newToken } from '../../modules/auth/tokens';
import { User } from '../../modules/users/user.entity';
import { insert, next, memberRef } from './core';

/** A session row and the raw token a browser would present in its cookie. */

export async function buildSession(overrides: Partial<Session> = {}): Promise<{ session: Session; token: string }> {
  const token = newToken();
  const session = await insert(Session, {
    tokenHash: hashToken(token),
    userAgent: 'vitest',
    expiresAt: new Date(Date.now() + 86_400_000),
    ...overrides,
    memberId: await memberRef(overrides.memberId),
  });
  return { session, token };
}

/** A password-reset row and its raw token (as sent in the e-mail link). */
export async function buildPasswordReset(
  overrides: Partial<PasswordReset> = {},
): Promise<{ reset: PasswordReset; token: string }> {
  const token = newToken();
  const reset = await insert(PasswordReset, {
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 3_600_000),
    ...overrides,
    memberId: await memberRef(overrides.memberId),
  });
  return { reset, token };
}

/** A sign-in identity from a provider (Google, Facebook) linked to a member. */
export async function buildIdentity(overrides: Partial<Identity> = {}): Promise<Identity> {
  return insert(Identity, {
    provider: 'google',
    subject: `subject-${next()}`,
    ...overrides,
    memberId: await memberRef(overrides.memberId),
  });
}

/**
 * A link confirming a member's current e-mail address (a new member unless given) and its raw token (as sent in
 * the e-mail).
 */
export async function buildEmailVerification(
  overrides: Partial<EmailVerification> = {},
): Promise<{ verification: EmailVerification; token: string }> {
  const token = newToken();
  const memberId = await memberRef(overrides.memberId);
  const verification = await insert(EmailVerification, {
    tokenHash: hashToken(token),
    email: (await db().getRepository(User).findOneByOrFail({ id: memberId })).email ?? `member${next()}@example.com`,
    expiresAt: new Date(Date.now() + 86_400_000),
    ...overrides,
    memberId,
  });
  return { verification, token };
}
