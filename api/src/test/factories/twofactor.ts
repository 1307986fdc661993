import { generateSecret } from 'otplib';
import { hashToken, newToken } from '../../modules/auth/tokens';
import { MemberTotp } from '../../modules/twofactor/member-totp.entity';
import { Passkey } from '../../modules/twofactor/passkey.entity';
import { PendingSignIn } from '../../modules/twofactor/pending-sign-in.entity';
import { RecoveryCode } from '../../modules/twofactor/recovery-code.entity';
import { WebauthnChallenge } from '../../modules/twofactor/webauthn-challenge.entity';
import { insert, insertByKey, memberRef, next } from './core';

/** A confirmed authenticator app of a member (a new one unless given); `secret` makes its codes (otplib). */
export async function buildMemberTotp(overrides: Partial<MemberTotp> = {}): Promise<MemberTotp> {
  return insertByKey(
    MemberTotp,
    { memberId: await memberRef(overrides.memberId) },
    { secret: generateSecret(), confirmedAt: new Date(), lastStep: null, ...overrides },
  );
}

/** An unused recovery code of a member (a new one unless given), and the code as the member types it. */
export async function buildRecoveryCode(
  overrides: Partial<RecoveryCode> = {},
): Promise<{ recoveryCode: RecoveryCode; code: string }> {
  const code = `rcode${String(next()).padStart(5, '0')}`;
  const recoveryCode = await insert(RecoveryCode, {
    codeHash: hashToken(code),
    usedAt: null,
    ...overrides,
    memberId: await memberRef(overrides.memberId),
  });
  return { recoveryCode, code: `${code.slice(0, 5)}-${code.slice(5)}` };
}

/** A passkey of a member (a new one unless given) named Laptop, with a unique credential id and no transports. */
export async function buildPasskey(overrides: Partial<Passkey> = {}): Promise<Passkey> {
  return insert(Passkey, {
    name: 'Laptop',
    credentialId: `cred-${next()}-${Date.now()}`,
    publicKey: 'AA',
    counter: '0',
    transports: [],
    ...overrides,
    memberId: await memberRef(overrides.memberId),
  });
}

/** A sign-in waiting for its second factor (a new member unless given), and the token that continues it. */
export async function buildPendingSignIn(
  overrides: Partial<PendingSignIn> = {},
): Promise<{ pending: PendingSignIn; token: string }> {
  const token = newToken();
  const pending = await insert(PendingSignIn, {
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 600_000),
    ...overrides,
    memberId: await memberRef(overrides.memberId),
  });
  return { pending, token };
}

/** A passkey sign-in challenge (for no member in particular unless `memberId` names one), valid for five minutes. */
export async function buildWebauthnChallenge(overrides: Partial<WebauthnChallenge> = {}): Promise<WebauthnChallenge> {
  return insert(WebauthnChallenge, {
    memberId: null,
    purpose: 'authenticate',
    challenge: newToken(),
    expiresAt: new Date(Date.now() + 300_000),
    ...overrides,
  });
}
