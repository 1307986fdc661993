import { verify } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { settings, useSettings } from '../../kernel/settings';
import { TEST_PASSWORD, buildIdentity, buildPasswordReset, buildSession, buildUser } from '../../test/factories';
import { codeOf, gql } from '../../test/helpers';
import { User } from '../users/user.entity';
import { Identity } from './identity.entity';
import { PasswordReset } from './password-reset.entity';
import { Session } from './session.entity';
import { hashToken } from './tokens';

const SIGN_UP = `mutation($input: SignUpInput!) { signUp(input: $input) { id email displayName initials role } }`;
const SIGN_IN = `mutation($input: SignInInput!) { signIn(input: $input) { id email } }`;
const RESET = `mutation($token: String!, $password: String!) { resetPassword(token: $token, password: $password) }`;
let ipCounter = 0;
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const countUsers = () => db().getRepository(User).count();

describe('auth', () => {
  it('requires authentication to change a password', async () => {
    const r = await gql(`mutation { changePassword(currentPassword: "a", newPassword: "abcdefghij") }`);
    expect(codeOf(r)).toBe('UNAUTHENTICATED');
  });

  it('signs up with e-mail and password, starts a session and computes names', async () => {
    const r = await gql(
      SIGN_UP,
      {
        input: {
          email: ' New.Member@Example.com ',
          password: 'a-long-password',
          firstName: 'Sipho',
          lastName: 'Dlamini',
        },
      },
      { ip: freshIp() },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data.signUp).toMatchObject({
      email: 'new.member@example.com',
      displayName: 'Sipho Dlamini',
      initials: 'SD',
      role: 'user',
    });
    expect(r.cookies).toHaveLength(1);
    const me = await gql('{ me { id } }', {}, { token: r.cookies[0].token });
    expect(me.data.me.id).toBe(r.data.signUp.id);
  });

  it.each([
    [{ email: 'not-an-email', password: 'a-long-password', firstName: 'A', lastName: 'B' }, 'email'],
    [{ email: 'x@example.com', password: 'short', firstName: 'A', lastName: 'B' }, 'password'],
    [{ email: 'x@example.com', password: 'a-long-password', firstName: '  ', lastName: 'B' }, 'firstName'],
    [{ email: 'x@example.com', password: 'a-long-password', firstName: 'A', lastName: 'B'.repeat(51) }, 'lastName'],
  ])('refuses bad sign-up input %# with a clear message and writes nothing', async (input, field) => {
    const before = await countUsers();
    const r = await gql(SIGN_UP, { input }, { ip: freshIp() });
    expect(codeOf(r)).toBe('BAD_USER_INPUT');
    expect(r.errors![0].message.startsWith(field)).toBe(true);
    expect(r.cookies).toHaveLength(0);
    expect(await countUsers()).toBe(before);
  });

  it('refuses a second account with the same e-mail, whatever its case', async () => {
    const u = await buildUser();
    const r = await gql(
      SIGN_UP,
      { input: { email: u.email!.toUpperCase(), password: 'a-long-password', firstName: 'A', lastName: 'B' } },
      { ip: freshIp() },
    );
    expect(codeOf(r)).toBe('CONFLICT');
  });

  it('makes ADMIN_EMAILS admins at sign-up and at sign-in', async () => {
    const existing = await buildUser();
    const prev = settings();
    useSettings({ ...prev, adminEmails: ['boss@example.com', existing.email!] });
    try {
      const r = await gql(
        SIGN_UP,
        { input: { email: 'Boss@example.com', password: 'a-long-password', firstName: 'A', lastName: 'B' } },
        { ip: freshIp() },
      );
      expect(r.data.signUp.role).toBe('admin');
      const s = await gql(
        `mutation($input: SignInInput!) { signIn(input: $input) { role } }`,
        { input: { email: existing.email, password: TEST_PASSWORD } },
        { ip: freshIp() },
      );
      expect(s.data.signIn.role).toBe('admin');
    } finally {
      useSettings(prev);
    }
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const u = await buildUser();
    const wrong = await gql(SIGN_IN, { input: { email: u.email, password: 'wrong password' } }, { ip: freshIp() });
    const unknown = await gql(
      SIGN_IN,
      { input: { email: 'nobody@example.com', password: 'wrong password' } },
      { ip: freshIp() },
    );
    expect(codeOf(wrong)).toBe('UNAUTHENTICATED');
    expect(wrong.errors).toEqual(unknown.errors);
    expect(wrong.cookies).toHaveLength(0);
  });

  it('rotates the session at sign-in: the presented token ends, a new one starts', async () => {
    const u = await buildUser();
    const old = await buildSession({ memberId: u.id });
    const r = await gql(
      SIGN_IN,
      { input: { email: u.email, password: TEST_PASSWORD } },
      { token: old.token, ip: freshIp() },
    );
    expect(r.data.signIn.id).toBe(u.id);
    const fresh = r.cookies[0].token!;
    expect(fresh).not.toBe(old.token);
    expect((await gql('{ me { id } }', {}, { token: old.token })).data.me).toBeNull();
    expect((await gql('{ me { id } }', {}, { token: fresh })).data.me.id).toBe(u.id);
  });

  it('signs out: the session ends and the cookie is cleared', async () => {
    const u = await buildUser();
    const { token } = await buildSession({ memberId: u.id });
    const r = await gql('mutation { signOut }', {}, { token });
    expect(r.data.signOut).toBe(true);
    expect(r.cookies).toEqual([{ op: 'clear' }]);
    expect((await gql('{ me { id } }', {}, { token })).data.me).toBeNull();
  });

  it('does not let strangers lock an account: ten wrong passwords from ten addresses, then the owner signs in from a new one', async () => {
    const u = await buildUser();
    for (let i = 0; i < settings().limits.signInPerAccount; i++) {
      expect(codeOf(await gql(SIGN_IN, { input: { email: u.email, password: 'nope-nope' } }, { ip: freshIp() }))).toBe(
        'UNAUTHENTICATED',
      );
    }
    const r = await gql(SIGN_IN, { input: { email: u.email, password: TEST_PASSWORD } }, { ip: freshIp() });
    expect(r.errors).toBeUndefined();
    expect(r.data.signIn.id).toBe(u.id);
  });

  it('rate limits sign-in per account from one address', async () => {
    const u = await buildUser();
    const ip = freshIp();
    for (let i = 0; i < settings().limits.signInPerAccount; i++) {
      expect(codeOf(await gql(SIGN_IN, { input: { email: u.email, password: 'nope-nope' } }, { ip }))).toBe(
        'UNAUTHENTICATED',
      );
    }
    const r = await gql(SIGN_IN, { input: { email: u.email, password: TEST_PASSWORD } }, { ip });
    expect(codeOf(r)).toBe('RATE_LIMITED');
    expect(r.errors![0].extensions!.retryAfter).toBeGreaterThan(0);
  });

  it('past the per-account limit over all addresses, each address gets one try and the owner still gets in', async () => {
    const prev = settings();
    useSettings({ ...prev, limits: { ...prev.limits, signInPerAccountGlobal: 4 } });
    try {
      const u = await buildUser();
      const wrong = (ip: string) => gql(SIGN_IN, { input: { email: u.email, password: 'nope-nope' } }, { ip });
      const ips = [freshIp(), freshIp(), freshIp(), freshIp()];
      for (const ip of ips) expect(codeOf(await wrong(ip))).toBe('UNAUTHENTICATED');
      // A fifth address still gets its one guess; its second, and any address that failed, is refused.
      const fifth = freshIp();
      expect(codeOf(await wrong(fifth))).toBe('UNAUTHENTICATED');
      expect(codeOf(await wrong(fifth))).toBe('RATE_LIMITED');
      const refused = await gql(SIGN_IN, { input: { email: u.email, password: TEST_PASSWORD } }, { ip: ips[0] });
      expect(codeOf(refused)).toBe('RATE_LIMITED');
      const owner = await gql(SIGN_IN, { input: { email: u.email, password: TEST_PASSWORD } }, { ip: freshIp() });
      expect(owner.data.signIn.id).toBe(u.id);
    } finally {
      useSettings(prev);
    }
  });

  it('rate limits sign-up per address', async () => {
    const ip = freshIp();
    const limit = settings().limits.signUpPerIp;
    for (let i = 0; i < limit; i++)
      await gql(SIGN_UP, { input: { email: 'bad', password: 'x', firstName: 'a', lastName: 'b' } }, { ip });
    const r = await gql(
      SIGN_UP,
      { input: { email: `ok${Date.now()}@example.com`, password: 'a-long-password', firstName: 'a', lastName: 'b' } },
      { ip },
    );
    expect(codeOf(r)).toBe('RATE_LIMITED');
  });

  describe('password reset', () => {
    async function requestLink(email: string): Promise<string> {
      const logged: string[] = [];
      const { settings: s } = await import('../../kernel/settings');
      expect(s().smtpUrl).toBeUndefined();
      const { requestPasswordReset } = await import('./auth.service');
      const log = { info: (o: { body?: string }) => logged.push(o.body ?? '') } as never;
      await requestPasswordReset(email, freshIp(), log);
      const match = logged.join('\n').match(/\?reset=([\w-]+)/);
      expect(match, 'the reset link is written to the log without SMTP').not.toBeNull();
      return decodeURIComponent(match![1]);
    }

    it('answers the same for an unknown e-mail and sends nothing', async () => {
      const before = await db().getRepository(PasswordReset).count();
      const r = await gql(`mutation { requestPasswordReset(email: "nobody@example.com") }`, {}, { ip: freshIp() });
      expect(r.data.requestPasswordReset).toBe(true);
      expect(await db().getRepository(PasswordReset).count()).toBe(before);
    });

    it('sets the new password once, ends every session, and refuses reuse', async () => {
      const u = await buildUser();
      const { token: session } = await buildSession({ memberId: u.id });
      const token = await requestLink(u.email!);
      const stored = await db()
        .getRepository(PasswordReset)
        .findOneByOrFail({ tokenHash: hashToken(token) });
      expect(stored.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);
      expect((await gql(RESET, { token, password: 'brand-new-password' })).data.resetPassword).toBe(true);
      expect((await gql('{ me { id } }', {}, { token: session })).data.me).toBeNull();
      expect(codeOf(await gql(RESET, { token, password: 'another-password' }))).toBe('BAD_USER_INPUT');
      const signIn = await gql(
        SIGN_IN,
        { input: { email: u.email, password: 'brand-new-password' } },
        { ip: freshIp() },
      );
      expect(signIn.data.signIn.id).toBe(u.id);
    });

    it('a reset on an unconfirmed account confirms it and ends sign-ins that never proved the address', async () => {
      const u = await buildUser({ emailVerifiedAt: null });
      await buildIdentity({ memberId: u.id, provider: 'facebook' });
      const { token } = await buildPasswordReset({ memberId: u.id });
      expect((await gql(RESET, { token, password: 'brand-new-password' })).data.resetPassword).toBe(true);
      expect(await db().getRepository(Identity).countBy({ memberId: u.id })).toBe(0);
      expect((await db().getRepository(User).findOneByOrFail({ id: u.id })).emailVerifiedAt).not.toBeNull();
    });

    it('refuses an expired link and a short password, changing nothing', async () => {
      const u = await buildUser();
      const token = await requestLink(u.email!);
      expect(codeOf(await gql(RESET, { token, password: 'short' }))).toBe('BAD_USER_INPUT');
      await db()
        .getRepository(PasswordReset)
        .update({ tokenHash: hashToken(token) }, { expiresAt: new Date(Date.now() - 1000) });
      expect(codeOf(await gql(RESET, { token, password: 'brand-new-password' }))).toBe('BAD_USER_INPUT');
      const signIn = await gql(SIGN_IN, { input: { email: u.email, password: TEST_PASSWORD } }, { ip: freshIp() });
      expect(signIn.data.signIn.id).toBe(u.id);
      const { token: lapsed } = await buildPasswordReset({ memberId: u.id, expiresAt: new Date(Date.now() - 1000) });
      expect(codeOf(await gql(RESET, { token: lapsed, password: 'brand-new-password' }))).toBe('BAD_USER_INPUT');
    });
  });

  describe('e-mail verification', () => {
    const VERIFY = `mutation($token: String!) { verifyEmail(token: $token) }`;
    async function signUpAndReadLink(): Promise<{ id: string; token: string; link: string }> {
      const { signUp } = await import('./auth.service');
      const logged: string[] = [];
      const log = { info: (o: { body?: string }) => logged.push(o.body ?? '') } as never;
      const email = `verify.${Date.now()}.${++ipCounter}@example.com`;
      const u = await signUp(
        { email, password: 'a-long-password', firstName: 'Vusi', lastName: 'Mthembu' },
        freshIp(),
        log,
      );
      const match = logged.join('\n').match(/\?verify=([\w-]+)/);
      expect(match, 'the confirmation link is mailed (logged without SMTP)').not.toBeNull();
      return { id: u.id, token: decodeURIComponent(match![1]), link: match![0] };
    }

    it('a new account is marked unconfirmed until the mailed link is used, once', async () => {
      const { id, token } = await signUpAndReadLink();
      const me = () => gql('{ me { emailVerified } }', {}, { as: { id } as User });
      expect((await me()).data.me.emailVerified).toBe(false);
      expect((await gql(VERIFY, { token })).data.verifyEmail).toBe(true);
      expect((await me()).data.me.emailVerified).toBe(true);
      expect(codeOf(await gql(VERIFY, { token }))).toBe('BAD_USER_INPUT');
      expect(codeOf(await gql(VERIFY, { token: 'made-up' }))).toBe('BAD_USER_INPUT');
    });

    it('others do not see whether a member confirmed their e-mail', async () => {
      const u = await buildUser();
      const other = await buildUser();
      const r = await gql('query($id: ID!) { user(id: $id) { emailVerified } }', { id: u.id }, { as: other });
      expect(r.data.user.emailVerified).toBeNull();
    });

    it('a link sent to an address the member no longer has confirms nothing', async () => {
      const { id, token } = await signUpAndReadLink();
      await db()
        .getRepository(User)
        .update({ id }, { email: `changed.${Date.now()}@example.com` });
      expect(codeOf(await gql(VERIFY, { token }))).toBe('BAD_USER_INPUT');
      expect((await db().getRepository(User).findOneByOrFail({ id })).emailVerifiedAt).toBeNull();
    });

    it('resendVerificationEmail requires authentication and refuses a confirmed member', async () => {
      const RESEND = 'mutation { resendVerificationEmail }';
      expect(codeOf(await gql(RESEND))).toBe('UNAUTHENTICATED');
      expect(codeOf(await gql(RESEND, {}, { as: await buildUser() }))).toBe('CONFLICT');
      const unconfirmed = await buildUser({ emailVerifiedAt: null });
      expect((await gql(RESEND, {}, { as: unconfirmed, ip: freshIp() })).data.resendVerificationEmail).toBe(true);
    });
  });

  it('changePassword checks the current password and ends the other sessions only', async () => {
    const u = await buildUser();
    const a = await buildSession({ memberId: u.id });
    const b = await buildSession({ memberId: u.id });
    const wrong = await gql(
      `mutation { changePassword(currentPassword: "nope", newPassword: "brand-new-password") }`,
      {},
      { token: a.token },
    );
    expect(codeOf(wrong)).toBe('BAD_USER_INPUT');
    const r = await gql(
      `mutation($c: String!) { changePassword(currentPassword: $c, newPassword: "brand-new-password") }`,
      { c: TEST_PASSWORD },
      { token: a.token },
    );
    expect(r.data.changePassword).toBe(true);
    expect((await gql('{ me { id } }', {}, { token: a.token })).data.me.id).toBe(u.id);
    expect((await gql('{ me { id } }', {}, { token: b.token })).data.me).toBeNull();
    expect(await db().getRepository(Session).countBy({ memberId: u.id })).toBe(1);
  });

  it('limits guesses of the current password in changePassword like sign-in, the right one included once limited', async () => {
    const u = await buildUser();
    const { token } = await buildSession({ memberId: u.id });
    const CHANGE = `mutation($c: String!) { changePassword(currentPassword: $c, newPassword: "brand-new-password") }`;
    const limit = settings().limits.signInPerAccount;
    for (let i = 0; i < limit; i++)
      expect(codeOf(await gql(CHANGE, { c: `guess ${i}` }, { token }))).toBe('BAD_USER_INPUT');
    const refused = await gql(CHANGE, { c: 'one guess more' }, { token });
    expect(codeOf(refused)).toBe('RATE_LIMITED');
    expect(refused.errors![0].extensions?.retryAfter).toBeGreaterThan(0);
    expect(codeOf(await gql(CHANGE, { c: TEST_PASSWORD }, { token }))).toBe('RATE_LIMITED');
    const stored = await db()
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('u.id = :id', { id: u.id })
      .getOneOrFail();
    expect(await verify(stored.passwordHash!, TEST_PASSWORD)).toBe(true); // unchanged
  });

  it('refuses the most common passwords at sign-up, reset and change alike, with one clear message', async () => {
    const common = ['password123', 'Password1', 'qwertyuiop', 'iloveyou1', '12345678', 'letmein!'];
    const message = 'is too common or too easy to guess: choose a longer one, for instance a few unrelated words';
    const before = await countUsers();
    for (const password of common) {
      const r = await gql(
        SIGN_UP,
        {
          input: {
            email: `common.${password.length}.${ipCounter}@example.com`,
            password,
            firstName: 'Lerato',
            lastName: 'Molefe',
          },
        },
        { ip: freshIp() },
      );
      expect(codeOf(r), password).toBe('BAD_USER_INPUT');
      expect(r.errors![0].message).toBe(`password ${message}`);
      expect(r.errors![0].extensions).toMatchObject({ field: 'password', reason: 'commonPassword' });
    }
    // The member's own name and address count as guessable words.
    const named = await gql(
      SIGN_UP,
      {
        input: {
          email: 'zanele.khumalo@example.com',
          password: 'zanelekhumalo',
          firstName: 'Zanele',
          lastName: 'Khumalo',
        },
      },
      { ip: freshIp() },
    );
    expect(named.errors![0].extensions).toMatchObject({ reason: 'commonPassword' });
    expect(await countUsers()).toBe(before);

    const u = await buildUser();
    const { token: resetToken } = await buildPasswordReset({ memberId: u.id });
    const reset = await gql(RESET, { token: resetToken, password: 'Password1' });
    expect(reset.errors![0].message).toBe(`password ${message}`);
    const { token } = await buildSession({ memberId: u.id });
    const change = await gql(
      `mutation($c: String!) { changePassword(currentPassword: $c, newPassword: "sunshine1") }`,
      { c: TEST_PASSWORD },
      { token },
    );
    expect(change.errors![0].message).toBe(`newPassword ${message}`);
    // The link still works for a good password, and the length rule is kept.
    expect(codeOf(await gql(RESET, { token: resetToken, password: 'short' }))).toBe('BAD_USER_INPUT');
    expect((await gql(RESET, { token: resetToken, password: 'braai tongs at dusk' })).data.resetPassword).toBe(true);
  });
});
