import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import {
  buildPasskey,
  buildPasswordReset,
  buildPost,
  buildSession,
  buildUser,
  TEST_PASSWORD,
} from '../../test/factories';
import { codeOf, gql } from '../../test/helpers';
import { Role, type User } from '../users/user.entity';
import { hashToken } from '../auth/tokens';
import { MemberTotp } from './member-totp.entity';
import { Passkey } from './passkey.entity';
import { PendingSignIn } from './pending-sign-in.entity';
import { RecoveryCode } from './recovery-code.entity';

const SIGN_IN = `mutation($input: SignInInput!) { signIn(input: $input) { id } }`;
const COMPLETE = `mutation($t: String!, $c: String!) { completeSignIn(pendingToken: $t, code: $c) { id } }`;
const START = `mutation { startTotpEnrolment { secret uri } }`;
const CONFIRM = `mutation($c: String!) { confirmTotpEnrolment(code: $c) }`;
const STATUS = `{ twoFactor { totpEnabled recoveryCodesLeft passkeys { id } } }`;
let ipCounter = 0;
const freshIp = () => `10.24.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** A member with a confirmed authenticator app; answers the secret and the recovery codes shown at enrolment. */
async function enrolled(overrides: Partial<User> = {}): Promise<{ user: User; secret: string; codes: string[] }> {
  const user = await buildUser(overrides);
  const started = await gql(START, {}, { as: user });
  const secret = started.data.startTotpEnrolment.secret as string;
  const confirmed = await gql(CONFIRM, { c: await generate({ secret }) }, { as: user });
  expect(confirmed.errors).toBeUndefined();
  return { user, secret, codes: confirmed.data.confirmTotpEnrolment };
}

/** Lets the next code of the current time step count (as if 30 seconds had passed since the last one used). */
const forgetLastStep = (memberId: string) =>
  db().query(`UPDATE member_totp SET last_step = NULL WHERE member_id = $1`, [memberId]);

async function passwordStep(user: User, ip = freshIp()): Promise<string> {
  const r = await gql(SIGN_IN, { input: { email: user.email, password: TEST_PASSWORD } }, { ip });
  expect(codeOf(r)).toBe('UNAUTHENTICATED');
  expect(r.errors![0].extensions!.reason).toBe('TWO_FACTOR_REQUIRED');
  expect(r.cookies).toHaveLength(0);
  return r.errors![0].extensions!.pendingToken as string;
}

describe('two-factor sign-in', () => {
  it('requires authentication for the settings', async () => {
    expect(codeOf(await gql(STATUS))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(START))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(CONFIRM, { c: '123456' }))).toBe('UNAUTHENTICATED');
  });

  it('enrols an authenticator app only with a first correct code and never shows the secret again', async () => {
    const user = await buildUser();
    const started = await gql(START, {}, { as: user });
    expect(started.data.startTotpEnrolment.uri).toMatch(/^otpauth:\/\/totp\/Saffa:/);
    const wrong = await gql(CONFIRM, { c: '000000' }, { as: user });
    expect(codeOf(wrong)).toBe('BAD_USER_INPUT');
    expect((await gql(STATUS, {}, { as: user })).data.twoFactor.totpEnabled).toBe(false);
    // An unconfirmed app asks nothing at sign-in.
    const plain = await gql(SIGN_IN, { input: { email: user.email, password: TEST_PASSWORD } }, { ip: freshIp() });
    expect(plain.errors).toBeUndefined();

    const right = await gql(
      CONFIRM,
      { c: await generate({ secret: started.data.startTotpEnrolment.secret }) },
      { as: user },
    );
    const codes = right.data.confirmTotpEnrolment as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await gql(STATUS, {}, { as: user })).data.twoFactor).toEqual({
      totpEnabled: true,
      recoveryCodesLeft: 10,
      passkeys: [],
    });
    // Recovery codes are kept only hashed; starting again is refused (the secret cannot be read back).
    const stored = await db().getRepository(RecoveryCode).findBy({ memberId: user.id });
    expect(stored.map((s) => s.codeHash)).not.toContain(codes[0]);
    expect(codeOf(await gql(START, {}, { as: user }))).toBe('CONFLICT');
  });

  it('gives no session after the password of a member with 2FA, only a hashed single-use pending token', async () => {
    const { user, secret } = await enrolled();
    const token = await passwordStep(user);
    const pending = await db().getRepository(PendingSignIn).findOneByOrFail({ memberId: user.id });
    expect(pending.tokenHash).toBe(hashToken(token));
    expect(pending.tokenHash).not.toBe(token);
    // The pending token is not a session.
    expect((await gql('{ me { id } }', {}, { token })).data.me).toBeNull();

    await forgetLastStep(user.id);
    const done = await gql(COMPLETE, { t: token, c: await generate({ secret }) }, { ip: freshIp() });
    expect(done.errors).toBeUndefined();
    expect(done.cookies).toHaveLength(1);
    const me = await gql('{ me { id } }', {}, { token: done.cookies[0].token });
    expect(me.data.me.id).toBe(user.id);
    // Used once: the same pending token starts no second session.
    await forgetLastStep(user.id);
    const again = await gql(COMPLETE, { t: token, c: await generate({ secret }) }, { ip: freshIp() });
    expect(codeOf(again)).toBe('BAD_USER_INPUT');
    expect(again.cookies).toHaveLength(0);
  });

  it('refuses a code replayed within its window', async () => {
    const { user, secret } = await enrolled();
    await forgetLastStep(user.id);
    const code = await generate({ secret });
    const first = await gql(COMPLETE, { t: await passwordStep(user), c: code }, { ip: freshIp() });
    expect(first.errors).toBeUndefined();
    // Someone who saw the code (over the shoulder, a phishing proxy) tries it on a new sign-in at once.
    const replay = await gql(COMPLETE, { t: await passwordStep(user), c: code }, { ip: freshIp() });
    expect(codeOf(replay)).toBe('BAD_USER_INPUT');
    expect(replay.cookies).toHaveLength(0);
  });

  it('spends a pending sign-in after five wrong codes and rate-limits wrong codes per member', async () => {
    const { user, secret } = await enrolled();
    const token = await passwordStep(user);
    for (let i = 0; i < 5; i++)
      expect(codeOf(await gql(COMPLETE, { t: token, c: String(100000 + i) }, { ip: freshIp() }))).toBe(
        'BAD_USER_INPUT',
      );
    await forgetLastStep(user.id);
    const late = await gql(COMPLETE, { t: token, c: await generate({ secret }) }, { ip: freshIp() });
    expect(late.errors![0].extensions!.reason).toBe('PENDING_EXPIRED');
    expect(late.cookies).toHaveLength(0);
    // Fresh pending tokens do not reset the count: the member's wrong codes hit the shared limiter.
    let limited = false;
    for (let i = 0; i < 12 && !limited; i++) {
      const r = await gql(COMPLETE, { t: await passwordStep(user), c: '999999' }, { ip: freshIp() });
      limited = codeOf(r) === 'RATE_LIMITED';
    }
    expect(limited).toBe(true);
  });

  it('accepts a recovery code once', async () => {
    const { user, codes } = await enrolled();
    const ok = await gql(COMPLETE, { t: await passwordStep(user), c: codes[3].toUpperCase() }, { ip: freshIp() });
    expect(ok.errors).toBeUndefined();
    expect(ok.cookies).toHaveLength(1);
    const again = await gql(COMPLETE, { t: await passwordStep(user), c: codes[3] }, { ip: freshIp() });
    expect(codeOf(again)).toBe('BAD_USER_INPUT');
    expect((await gql(STATUS, {}, { as: user })).data.twoFactor.recoveryCodesLeft).toBe(9);
  });

  it('still asks for the second factor after a password reset', async () => {
    const { user } = await enrolled();
    const { token } = await buildPasswordReset({ memberId: user.id });
    const reset = await gql(`mutation($t: String!, $p: String!) { resetPassword(token: $t, password: $p) }`, {
      t: token,
      p: 'a brand new password',
    });
    expect(reset.errors).toBeUndefined();
    expect(reset.cookies).toHaveLength(0);
    const r = await gql(SIGN_IN, { input: { email: user.email, password: 'a brand new password' } }, { ip: freshIp() });
    expect(r.errors![0].extensions!.reason).toBe('TWO_FACTOR_REQUIRED');
    expect(r.cookies).toHaveLength(0);
  });

  it('answers an old REST client of a 2FA member with 401 and no session', async () => {
    const { user } = await enrolled();
    const r = await gql(SIGN_IN, { input: { email: user.email, password: TEST_PASSWORD } }, { ip: freshIp() });
    expect(r.errors![0].message).toMatch(/Two-factor sign-in is on/);
  });

  it('turns the app off only with the password or a code, and regenerates recovery codes with proof', async () => {
    const { user, codes } = await enrolled();
    const wrong = await gql(`mutation { disableTotp(proof: "guess") }`, {}, { as: user });
    expect(codeOf(wrong)).toBe('BAD_USER_INPUT');
    expect((await gql(STATUS, {}, { as: user })).data.twoFactor.totpEnabled).toBe(true);

    const fresh = await gql(
      `mutation($p: String!) { regenerateRecoveryCodes(proof: $p) }`,
      { p: TEST_PASSWORD },
      { as: user },
    );
    expect(fresh.data.regenerateRecoveryCodes).toHaveLength(10);
    // The old codes stop working.
    const old = await gql(COMPLETE, { t: await passwordStep(user), c: codes[0] }, { ip: freshIp() });
    expect(codeOf(old)).toBe('BAD_USER_INPUT');

    const off = await gql(
      `mutation($p: String!) { disableTotp(proof: $p) }`,
      { p: fresh.data.regenerateRecoveryCodes[0] },
      { as: user },
    );
    expect(off.errors).toBeUndefined();
    expect(await db().getRepository(MemberTotp).countBy({ memberId: user.id })).toBe(0);
    expect(await db().getRepository(RecoveryCode).countBy({ memberId: user.id })).toBe(0);
    const plain = await gql(SIGN_IN, { input: { email: user.email, password: TEST_PASSWORD } }, { ip: freshIp() });
    expect(plain.errors).toBeUndefined();
  });

  it('refuses the 2FA settings to a personal access token', async () => {
    const user = await buildUser();
    const { token } = await buildSession({ memberId: user.id });
    const created = await gql(
      `mutation { createAccessToken(input: { name: "t", scope: readWrite }) { secret } }`,
      {},
      { token },
    );
    const bearer = created.data?.createAccessToken?.secret;
    if (!bearer) return expect(created.errors).toBeUndefined();
    expect(codeOf(await gql(START, {}, { bearer }))).toBe('FORBIDDEN');
  });

  it('sends an admin without 2FA to enrol before any admin operation once the admins setting is on', async () => {
    const bare = await buildUser({ role: Role.admin });
    const refused = await gql(
      `mutation { setRequireTwoFactorForAdmins(on: true) { requireTwoFactorForAdmins } }`,
      {},
      { token: (await buildSession({ memberId: bare.id })).token },
    );
    expect(codeOf(refused)).toBe('FORBIDDEN');

    const { user: admin } = await enrolled({ role: Role.admin });
    const adminToken = (await buildSession({ memberId: admin.id })).token;
    const on = await gql(
      `mutation { setRequireTwoFactorForAdmins(on: true) { requireTwoFactorForAdmins } }`,
      {},
      { token: adminToken },
    );
    expect(on.data.setRequireTwoFactorForAdmins.requireTwoFactorForAdmins).toBe(true);
    try {
      const [entry] = await db().query(
        `SELECT action, before, after FROM admin_audit_log WHERE actor_id = $1 ORDER BY created_at DESC LIMIT 1`,
        [admin.id],
      );
      expect(entry).toMatchObject({
        action: 'settings.requireTwoFactorForAdmins',
        before: { requireTwoFactorForAdmins: false },
        after: { requireTwoFactorForAdmins: true },
      });

      const bareToken = (await buildSession({ memberId: bare.id })).token;
      const users = await gql(`{ adminUsers(first: 1) { nodes { id } } }`, {}, { token: bareToken });
      expect(
        codeOf(users),
        JSON.stringify(users.errors ?? users.data) +
          JSON.stringify(await db().query(`SELECT * FROM security_settings`)),
      ).toBe('FORBIDDEN');
      expect(users.errors![0].extensions!.reason).toBe('TWO_FACTOR_REQUIRED');
      expect(
        codeOf(
          await gql(
            `mutation($id: ID!) { adminSetUserSuspended(id: $id, suspended: true) { id } }`,
            { id: admin.id },
            { token: bareToken },
          ),
        ),
      ).toBe('FORBIDDEN');
      // Nor any power an admin has beyond a member's (kernel/auth `isAdmin`): another member's post stays, their
      // e-mail stays hidden, and no admin token is made.
      const post = await buildPost({ authorId: (await buildUser()).id });
      expect(
        codeOf(await gql(`mutation($id: ID!) { deletePost(id: $id) }`, { id: post.id }, { token: bareToken })),
      ).toBe('FORBIDDEN');
      expect(await db().query(`SELECT 1 FROM posts WHERE id = $1`, [post.id])).toHaveLength(1);
      const other = await gql(
        `query($id: ID!) { user(id: $id) { email } }`,
        { id: post.authorId },
        { token: bareToken },
      );
      expect(other.data?.user?.email ?? null).toBeNull();
      expect(
        codeOf(
          await gql(
            `mutation { createAccessToken(input: { name: "ops", scope: admin }) { secret } }`,
            {},
            { token: bareToken },
          ),
        ),
      ).toBe('FORBIDDEN');
      // They may still enrol (member operations), and then they are admins again.
      const started = await gql(START, {}, { token: bareToken });
      await gql(
        CONFIRM,
        { c: await generate({ secret: started.data.startTotpEnrolment.secret }) },
        { token: bareToken },
      );
      expect((await gql(`{ adminUsers(first: 1) { nodes { id } } }`, {}, { token: bareToken })).errors).toBeUndefined();
      // The enrolled admin was never held up.
      expect(
        (await gql(`{ adminUsers(first: 1) { nodes { id } } }`, {}, { token: adminToken })).errors,
      ).toBeUndefined();
    } finally {
      await db().query(`UPDATE security_settings SET require_two_factor_for_admins = false`);
    }
  });

  it('uses a WebAuthn challenge once and only for its purpose', async () => {
    const options = await gql(`mutation { passkeySignInOptions { id options } }`, {}, { ip: freshIp() });
    expect(JSON.parse(options.data.passkeySignInOptions.options).rpId).toBe('localhost');
    const id = options.data.passkeySignInOptions.id;
    const bogus = JSON.stringify({
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      response: { clientDataJSON: 'AA', authenticatorData: 'AA', signature: 'AA' },
      clientExtensionResults: {},
    });
    const first = await gql(
      `mutation($id: ID!, $r: String!) { signInWithPasskey(challengeId: $id, response: $r) { id } }`,
      { id, r: bogus },
      { ip: freshIp() },
    );
    expect(codeOf(first)).toBe('BAD_USER_INPUT');
    expect(await db().query(`SELECT 1 FROM webauthn_challenges WHERE id = $1`, [id])).toHaveLength(0);
    const notJson = await gql(
      `mutation($id: ID!, $r: String!) { signInWithPasskey(challengeId: $id, response: $r) { id } }`,
      { id, r: 'nope' },
      { ip: freshIp() },
    );
    expect(codeOf(notJson)).toBe('BAD_USER_INPUT');
  });

  it("counts a passkey as a second factor and removes one only with proof, never another member's", async () => {
    const user = await buildUser();
    const { id } = await buildPasskey({ memberId: user.id, credentialId: `cred-${user.id}`, transports: ['internal'] });
    const r = await gql(SIGN_IN, { input: { email: user.email, password: TEST_PASSWORD } }, { ip: freshIp() });
    expect(r.errors![0].extensions).toMatchObject({
      reason: 'TWO_FACTOR_REQUIRED',
      methods: ['recoveryCode', 'passkey'],
    });
    expect(r.cookies).toHaveLength(0);

    const stranger = await buildUser();
    const theirs = await gql(
      `mutation($id: ID!, $p: String!) { removePasskey(id: $id, proof: $p) }`,
      { id, p: TEST_PASSWORD },
      { as: stranger },
    );
    expect(codeOf(theirs)).toBe('NOT_FOUND');
    const wrong = await gql(`mutation($id: ID!) { removePasskey(id: $id, proof: "guess") }`, { id }, { as: user });
    expect(codeOf(wrong)).toBe('BAD_USER_INPUT');
    expect(await db().getRepository(Passkey).countBy({ id })).toBe(1);
    const ok = await gql(
      `mutation($id: ID!, $p: String!) { removePasskey(id: $id, proof: $p) }`,
      { id, p: TEST_PASSWORD },
      { as: user },
    );
    expect(ok.errors).toBeUndefined();
    expect(await db().getRepository(Passkey).countBy({ id })).toBe(0);
  });

  it('answers a passkey challenge of a pending sign-in only with that pending token', async () => {
    const user = await buildUser();
    await buildPasskey({ memberId: user.id, name: 'Phone', credentialId: `cred2-${user.id}` });
    const token = await passwordStep(user);
    const options = await gql(
      `mutation($t: String) { passkeySignInOptions(pendingToken: $t) { id options } }`,
      { t: token },
      { ip: freshIp() },
    );
    expect(JSON.parse(options.data.passkeySignInOptions.options).allowCredentials).toEqual([
      expect.objectContaining({ id: `cred2-${user.id}` }),
    ]);
    // The challenge of a second step cannot serve a password-less sign-in (no pending token).
    const response = JSON.stringify({
      id: `cred2-${user.id}`,
      rawId: `cred2-${user.id}`,
      type: 'public-key',
      response: { clientDataJSON: 'AA', authenticatorData: 'AA', signature: 'AA' },
      clientExtensionResults: {},
    });
    const r = await gql(
      `mutation($id: ID!, $r: String!) { signInWithPasskey(challengeId: $id, response: $r) { id } }`,
      { id: options.data.passkeySignInOptions.id, r: response },
      { ip: freshIp() },
    );
    expect(codeOf(r)).toBe('BAD_USER_INPUT');
    expect(r.cookies).toHaveLength(0);
  });
});
