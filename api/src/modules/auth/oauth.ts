import { createHash, randomBytes } from 'node:crypto';
import { db } from '../../kernel/database';
import { outboundFetch } from '../../kernel/outbound';
import { settings } from '../../kernel/settings';
import { User } from '../users/user.entity';
import { findUserByEmail, users } from '../users/user.service';
import type { EntityManager } from 'typeorm';
import type { Logger } from '../../kernel/logger';
import { promoteIfListed, sendVerification } from './auth.service';
import { EmailVerification } from './email-verification.entity';
import { PasswordReset } from './password-reset.entity';
import { endOtherSessions } from './session.service';
import { Identity } from './identity.entity';

export type Provider = 'google' | 'facebook';

export const googleEnabled = () => {
  const g = settings().google;
  return !!(g.issuer && g.clientId && g.clientSecret);
};
export const facebookEnabled = () => {
  const f = settings().facebook;
  return !!(f.appId && f.appSecret);
};
export const providerEnabled = (p: Provider) => (p === 'google' ? googleEnabled() : facebookEnabled());

/** What we remember between the redirect to the provider and its callback (in a short-lived cookie). */
export interface OAuthState {
  provider: Provider;
  state: string;
  nonce: string;
  verifier: string;
}

interface Profile {
  subject: string;
  email: string | null;
  /** True only when the provider says it verified the address (OpenID Connect `email_verified === true`). */
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  picture: string | null;
}

export const redirectUri = (p: Provider) =>
  `${settings().publicUrl}${p === 'google' ? '/api/callback' : '/api/auth/facebook/callback'}`;

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
}
const discoveries = new Map<string, Promise<Discovery>>();

/**
 * A JSON answer of the identity provider, through the outbound guard (kernel/outbound.ts). The operator configured
 * OIDC_ISSUER and FACEBOOK_GRAPH_URL, so their origins may be on the operator's network (`operatorConfigured`);
 * an endpoint the issuer's discovery document names is trusted so only when it is on the issuer's own origin, and a
 * redirect elsewhere is checked like every outbound request.
 */
async function getJson(
  url: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
  operatorConfigured = true,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a provider's JSON answer, checked by the caller
): Promise<any> {
  const res = await outboundFetch(url, { ...init, timeoutMs: 10_000, maxBytes: 1_000_000, operatorConfigured });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return JSON.parse(res.text());
}

function discover(): Promise<Discovery> {
  const issuer = settings().google.issuer!.replace(/\/$/, '');
  let d = discoveries.get(issuer);
  if (!d) {
    d = getJson(`${issuer}/.well-known/openid-configuration`);
    d.catch(() => discoveries.delete(issuer));
    discoveries.set(issuer, d);
  }
  return d;
}

/** Where to send the browser to sign in with the provider, and the state to keep for the callback. */
export async function authorizationUrl(provider: Provider): Promise<{ url: string; state: OAuthState }> {
  const state: OAuthState = {
    provider,
    state: randomBytes(16).toString('base64url'),
    nonce: randomBytes(16).toString('base64url'),
    verifier: randomBytes(32).toString('base64url'),
  };
  if (provider === 'google') {
    const d = await discover();
    const url = new URL(d.authorization_endpoint);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: settings().google.clientId!,
      redirect_uri: redirectUri('google'),
      scope: 'openid email profile',
      state: state.state,
      nonce: state.nonce,
      code_challenge: createHash('sha256').update(state.verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    return { url: url.toString(), state };
  }
  const url = new URL(settings().facebook.dialogUrl);
  url.search = new URLSearchParams({
    client_id: settings().facebook.appId!,
    redirect_uri: redirectUri('facebook'),
    state: state.state,
    scope: 'email,public_profile',
    response_type: 'code',
  }).toString();
  return { url: url.toString(), state };
}

function decodeJwtPayload(jwt: string): Record<string, unknown> {
  const part = jwt.split('.')[1];
  if (!part) throw new Error('malformed id_token');
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

async function googleProfile(code: string, saved: OAuthState): Promise<Profile> {
  const d = await discover();
  const g = settings().google;
  const onIssuer = (endpoint: string) =>
    URL.canParse(endpoint) && new URL(endpoint).origin === new URL(g.issuer!).origin;
  const tokens = await getJson(
    d.token_endpoint,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri('google'),
        client_id: g.clientId!,
        client_secret: g.clientSecret!,
        code_verifier: saved.verifier,
      }).toString(),
    },
    onIssuer(d.token_endpoint),
  );
  // The id_token came straight from the token endpoint over TLS, so its claims are checked, not its signature
  // (OpenID Connect Core 3.1.3.7).
  const claims = decodeJwtPayload(String(tokens.id_token ?? ''));
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (claims.iss !== d.issuer || !audience.includes(g.clientId) || claims.nonce !== saved.nonce) {
    throw new Error('id_token does not match this sign-in');
  }
  if (typeof claims.exp === 'number' && claims.exp * 1000 < Date.now()) throw new Error('id_token expired');
  const info = await getJson(
    d.userinfo_endpoint,
    { headers: { authorization: `Bearer ${tokens.access_token}` } },
    onIssuer(d.userinfo_endpoint),
  );
  if (info.sub !== claims.sub) throw new Error('userinfo does not match the id_token');
  return {
    subject: String(claims.sub),
    email: info.email ? String(info.email).toLowerCase() : null,
    emailVerified: info.email_verified === true,
    firstName: info.given_name ?? null,
    lastName: info.family_name ?? null,
    picture: info.picture ?? null,
  };
}

async function facebookProfile(code: string): Promise<Profile> {
  const f = settings().facebook;
  const tokenUrl = new URL(`${f.graphUrl}/oauth/access_token`);
  tokenUrl.search = new URLSearchParams({
    client_id: f.appId!,
    client_secret: f.appSecret!,
    redirect_uri: redirectUri('facebook'),
    code,
  }).toString();
  const tokens = await getJson(tokenUrl.toString());
  const meUrl = new URL(`${f.graphUrl}/me`);
  meUrl.search = new URLSearchParams({
    fields: 'id,email,first_name,last_name,picture.type(large)',
    access_token: String(tokens.access_token),
  }).toString();
  const me = await getJson(meUrl.toString());
  return {
    subject: String(me.id),
    email: me.email ? String(me.email).toLowerCase() : null,
    // The Graph API says nothing of whether Facebook verified the address: it never proves one here.
    emailVerified: false,
    firstName: me.first_name ?? null,
    lastName: me.last_name ?? null,
    picture: me.picture?.data?.url ?? null,
  };
}

/**
 * Finishes a provider sign-in: the linked member; else, when the provider proves the e-mail
 * (`email_verified === true`), the member with that address, linked now; else a new member.
 * An address nobody proved yet belongs to whoever proves it: a member who holds it unconfirmed (a sign-up with
 * someone else's address, say) loses their password, other sign-ins and sessions to the provider's account.
 * An address the provider does not prove links to nobody; a new member keeps it unconfirmed and is mailed a link,
 * or goes without one when another member has it.
 */
export async function completeSignIn(
  provider: Provider,
  params: { code?: unknown; state?: unknown },
  saved: OAuthState | null,
  log: Logger,
): Promise<User> {
  if (!saved || saved.provider !== provider || typeof params.state !== 'string' || params.state !== saved.state) {
    throw new Error('OAuth state mismatch');
  }
  if (typeof params.code !== 'string' || !params.code) throw new Error('OAuth code missing');
  const profile = provider === 'google' ? await googleProfile(params.code, saved) : await facebookProfile(params.code);
  const linked = await db()
    .getRepository(Identity)
    .findOne({ where: { provider, subject: profile.subject }, relations: { member: true } });
  if (linked) return promoteIfListed(linked.member);
  const holder = profile.email ? await findUserByEmail(profile.email) : null;
  if (holder && profile.emailVerified) {
    await db().transaction(async (tx) => {
      if (!holder.emailVerifiedAt) await takeOver(tx, holder.id);
      await tx.insert(Identity, { provider, subject: profile.subject, memberId: holder.id });
    });
    return promoteIfListed(await users().findOneByOrFail({ id: holder.id }));
  }
  const email = profile.email && !holder ? profile.email : null;
  const user = await db().transaction(async (tx) => {
    const inserted = await tx.insert(User, {
      email,
      emailVerifiedAt: email && profile.emailVerified ? new Date() : null,
      firstName: profile.firstName?.slice(0, 50) ?? null,
      lastName: profile.lastName?.slice(0, 50) ?? null,
      profileImageUrl: profile.picture,
    });
    const id = inserted.identifiers[0].id as string;
    await tx.insert(Identity, { provider, subject: profile.subject, memberId: id });
    return tx.findOneByOrFail(User, { id });
  });
  await sendVerification(user, log);
  return promoteIfListed(user);
}

/** The provider proved the address: every other way into the account ends, and the address counts as confirmed. */
async function takeOver(tx: EntityManager, userId: string): Promise<void> {
  await tx.update(User, { id: userId }, { passwordHash: null, emailVerifiedAt: new Date() });
  await tx.delete(Identity, { memberId: userId });
  await tx.delete(PasswordReset, { memberId: userId });
  await tx.delete(EmailVerification, { memberId: userId });
  await endOtherSessions(tx, userId, null);
}
