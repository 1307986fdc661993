import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput, conflict, DomainError, notFound } from '../../kernel/errors';
import { checkUuid } from '../../kernel/ids';
import * as rateLimit from '../../kernel/rate-limit';
import { settings } from '../../kernel/settings';
import { User } from '../users/user.entity';
import { users } from '../users/user.service';
import { Passkey } from './passkey.entity';
import { WebauthnChallenge } from './webauthn-challenge.entity';
import { checkProof, dropCodesWithoutFactors, livePending, spendPending } from './two-factor.service';

const CHALLENGE_MINUTES = 5;
export const MAX_PASSKEYS = 10;
const MAX_RESPONSE_CHARS = 20_000;
const PASSKEY_FAILED = 'That passkey could not be used here. Try again, or sign in another way.';

/**
 * The relying party: its id is PUBLIC_URL's host name, and a browser's answer is accepted only from an origin
 * whose host is that name (PUBLIC_URL's origin and any CORS_ORIGINS on the same host, e.g. the Vite dev server on
 * localhost). Browsers refuse an IP address as a relying party id, so at http://127.0.0.1 passkeys are not offered
 * to work: members sign in there with password and code (docs/api.md, "Two-factor sign-in").
 */
export function relyingParty(): { id: string; name: string; origins: string[] } {
  const publicUrl = new URL(settings().publicUrl);
  const id = publicUrl.hostname;
  const origins = [...new Set([publicUrl.origin, ...settings().allowedOrigins])].filter((o) => {
    try {
      return new URL(o).hostname === id;
    } catch {
      return false;
    }
  });
  return { id, name: 'Saffa', origins };
}

const failed = () => new DomainError('BAD_USER_INPUT', PASSKEY_FAILED, { field: 'response', reason: 'PASSKEY_FAILED' });

function parseResponse<T>(raw: unknown): T {
  if (typeof raw !== 'string' || !raw || raw.length > MAX_RESPONSE_CHARS)
    throw badInput('response', 'must be the JSON answer of the browser');
  try {
    const parsed = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || typeof parsed.id !== 'string' || typeof parsed.response !== 'object')
      throw new Error('shape');
    return parsed as T;
  } catch {
    throw badInput('response', 'must be the JSON answer of the browser');
  }
}

async function issueChallenge(memberId: string | null, purpose: string, challenge: string): Promise<string> {
  // Housekeeping on the way: challenges nobody answered (the index on expires_at keeps this cheap).
  await db().query(`DELETE FROM webauthn_challenges WHERE expires_at < now()`);
  const inserted = await db()
    .getRepository(WebauthnChallenge)
    .insert({ memberId, purpose, challenge, expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000) });
  return inserted.identifiers[0].id as string;
}

/**
 * Takes a challenge out (single use: deleted whatever the answer), or throws when it is unknown, expired or for another
 * purpose.
 */
async function takeChallenge(id: unknown, purpose: string): Promise<WebauthnChallenge> {
  if (typeof id !== 'string') throw failed();
  checkUuid(id, 'challengeId');
  const [rows]: [Array<{ member_id: string | null; purpose: string; challenge: string }>, number] = await db().query(
    `DELETE FROM webauthn_challenges WHERE id = $1 AND expires_at > now() RETURNING member_id, purpose, challenge`,
    [id],
  );
  const row = rows[0];
  if (!row || row.purpose !== purpose) throw failed();
  return Object.assign(new WebauthnChallenge(), {
    id,
    memberId: row.member_id,
    purpose: row.purpose,
    challenge: row.challenge,
  });
}

export interface IssuedChallenge {
  id: string;
  options: string;
}

/** Options for registering a new passkey (a discoverable credential, so it can sign in without a password). */
export async function passkeyRegistrationOptions(viewer: Viewer | null): Promise<IssuedChallenge> {
  const v = requireViewer(viewer);
  const user = await users().findOneByOrFail({ id: v.id });
  const existing = await db().getRepository(Passkey).findBy({ memberId: v.id });
  if (existing.length >= MAX_PASSKEYS)
    throw conflict('TOO_MANY_PASSKEYS', `You can register up to ${MAX_PASSKEYS} passkeys. Remove one first.`);
  const rp = relyingParty();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email ?? user.id,
    userID: new TextEncoder().encode(user.id),
    userDisplayName: user.displayName,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  return { id: await issueChallenge(v.id, 'register', options.challenge), options: JSON.stringify(options) };
}

/** Registers the browser's new passkey under a name the member chose. */
export async function registerPasskey(
  viewer: Viewer | null,
  challengeId: string,
  rawName: string,
  rawResponse: string,
): Promise<Passkey> {
  const v = requireViewer(viewer);
  const name = typeof rawName === 'string' ? rawName.trim() : '';
  if (!name) throw badInput('name', 'is required');
  if (name.length > 60) throw badInput('name', 'must be at most 60 characters');
  const response = parseResponse<RegistrationResponseJSON>(rawResponse);
  const challenge = await takeChallenge(challengeId, 'register');
  if (challenge.memberId !== v.id) throw failed();
  const rp = relyingParty();
  const result = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge.challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => null);
  if (!result?.verified) throw failed();
  const { credential } = result.registrationInfo;
  try {
    const inserted = await db()
      .getRepository(Passkey)
      .insert({
        memberId: v.id,
        name,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: String(credential.counter),
        transports: credential.transports ?? [],
      });
    return db().getRepository(Passkey).findOneByOrFail({ id: inserted.identifiers[0].id });
  } catch (err) {
    if ((err as { code?: string }).code === '23505')
      throw conflict('PASSKEY_EXISTS', 'This passkey is already registered.');
    throw err;
  }
}

/**
 * Removes one of the member's passkeys after proof (password or code); the last factor gone takes the recovery codes.
 */
export async function removePasskey(viewer: Viewer | null, id: string, proof: string): Promise<void> {
  const v = requireViewer(viewer);
  checkUuid(id, 'id');
  const passkey = await db().getRepository(Passkey).findOneBy({ id, memberId: v.id });
  if (!passkey) throw notFound('Passkey');
  await checkProof(v.id, proof);
  await db().transaction(async (tx) => {
    await tx.delete(Passkey, { id, memberId: v.id });
    await dropCodesWithoutFactors(tx, v.id);
  });
}

/**
 * Options for signing in with a passkey: without `pendingToken`, password-less (any discoverable passkey of this
 * site); with it, the second step of a sign-in (only that member's passkeys).
 */
export async function passkeySignInOptions(
  pendingToken: string | null | undefined,
  ip: string,
): Promise<IssuedChallenge> {
  await rateLimit.hit(`passkey:ip:${ip}`, settings().limits.signInPerIp, settings().limits.rateWindowSeconds);
  const rp = relyingParty();
  if (pendingToken) {
    const pending = await livePending(pendingToken);
    const keys = await db().getRepository(Passkey).findBy({ memberId: pending.memberId });
    if (!keys.length) throw badInput('pendingToken', 'has no passkey to use: enter a code instead');
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      allowCredentials: keys.map((k) => ({ id: k.credentialId, transports: k.transports as never })),
      userVerification: 'preferred',
    });
    return {
      id: await issueChallenge(pending.memberId, 'second-factor', options.challenge),
      options: JSON.stringify(options),
    };
  }
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
  return { id: await issueChallenge(null, 'authenticate', options.challenge), options: JSON.stringify(options) };
}

/**
 * Checks a passkey's answer to a challenge and answers the member to start a session for. Password-less: the
 * passkey must have verified the person (user verification). Second step: the passkey must be the pending member's,
 * and the pending sign-in is spent.
 */
export async function signInWithPasskey(
  challengeId: string,
  rawResponse: string,
  pendingToken: string | null | undefined,
  ip: string,
): Promise<User> {
  await rateLimit.hit(`passkey:ip:${ip}`, settings().limits.signInPerIp, settings().limits.rateWindowSeconds);
  const response = parseResponse<AuthenticationResponseJSON>(rawResponse);
  const pending = pendingToken ? await livePending(pendingToken) : null;
  const challenge = await takeChallenge(challengeId, pending ? 'second-factor' : 'authenticate');
  if (pending && challenge.memberId !== pending.memberId) throw failed();
  const passkey = await db().getRepository(Passkey).findOneBy({ credentialId: response.id });
  if (!passkey || (pending && passkey.memberId !== pending.memberId)) throw failed();
  const rp = relyingParty();
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge.challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    credential: {
      id: passkey.credentialId,
      publicKey: Buffer.from(passkey.publicKey, 'base64url'),
      counter: Number(passkey.counter),
      transports: passkey.transports,
    },
    requireUserVerification: !pending,
  }).catch(() => null);
  if (!result?.verified) throw failed();
  await db().transaction(async (tx) => {
    await tx.update(
      Passkey,
      { id: passkey.id },
      { counter: String(result.authenticationInfo.newCounter), lastUsedAt: new Date() },
    );
    if (pending && !(await spendPending(tx, pending.id))) throw failed();
  });
  return users().findOneByOrFail({ id: passkey.memberId });
}
