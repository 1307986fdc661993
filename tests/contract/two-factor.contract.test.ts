/**
 * Two-factor sign-in (issue 24 item 16) at the doors an external client uses: POST /api/auth/login of a member
 * with an authenticator app answers 401 and sets no session (what an old client gets, docs/api.md); Google and
 * Facebook sign-in of such a member redirect to the second step (/?twofactor=...) without a session, and the pending
 * token then needs a code; a password reset does not skip the second step.
 */
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { client, memberInput, signedUpClient, startApp, uniqueEmail, type App, type Client } from '../support/app';
import { startOAuthStub, type OAuthStub } from '../support/stubs';

const SESSION_COOKIE = 'saffa.sid';
let app: App;
let oauth: OAuthStub;

beforeAll(async () => {
  oauth = await startOAuthStub();
  app = await startApp({
    RATE_SIGNUP_PER_IP: '1000',
    RATE_SIGNIN_PER_IP: '1000',
    GOOGLE_CLIENT_ID: oauth.google.clientId,
    GOOGLE_CLIENT_SECRET: oauth.google.clientSecret,
    OIDC_ISSUER: oauth.issuer,
    FACEBOOK_APP_ID: oauth.facebook.appId,
    FACEBOOK_APP_SECRET: oauth.facebook.appSecret,
    FACEBOOK_DIALOG_URL: oauth.facebookDialogUrl,
    FACEBOOK_GRAPH_URL: oauth.facebookGraphUrl,
  });
});

afterAll(async () => {
  await Promise.all([app?.stop(), oauth?.stop()]);
});

const hasSession = (c: Client) => c.cookies.has(SESSION_COOKIE);
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

/** Turns on an authenticator app for the signed-in client; answers its secret. */
async function enrol(c: Client): Promise<string> {
  const started = await c.graphql('mutation { startTotpEnrolment { secret } }');
  const secret = started.json.data.startTotpEnrolment.secret as string;
  const confirmed = await c.graphql('mutation($c: String!) { confirmTotpEnrolment(code: $c) }', {
    c: await generate({ secret }),
  });
  expect(confirmed.json.data.confirmTotpEnrolment).toHaveLength(10);
  return secret;
}

async function providerSignIn(c: Client, startPath: string) {
  const start = await c.get(startPath);
  expect(start.status).toBe(302);
  const atProvider = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  return c.get(atProvider.headers.get('location')!);
}

describe('two-factor sign-in at the REST and provider doors', () => {
  test('POST /api/auth/login of a member with 2FA answers 401 with the documented text and sets no session', async () => {
    const { client: first, input } = await signedUpClient(app.url);
    await enrol(first);
    const old = client(app.url);
    const res = await old.post('/api/auth/login', { email: input.email, password: input.password });
    expect(res.status).toBe(401);
    expect(res.text).toContain('Two-factor sign-in is on for this account');
    expect(hasSession(old)).toBe(false);
    expect((await old.get('/api/auth/user')).status).toBe(401);
  });

  test.each([
    ['Google', '/api/login'],
    ['Facebook', '/api/auth/facebook'],
  ])(
    '%s sign-in of a member with 2FA goes to the second step, with no session until a code',
    async (provider, startPath) => {
      const email = uniqueEmail(provider.toLowerCase());
      if (provider === 'Google')
        oauth.setGoogleProfile({
          sub: `g-${Date.now()}`,
          email,
          email_verified: true,
          given_name: 'Zola',
          family_name: 'Two',
        });
      else oauth.setFacebookProfile({ id: `fb-${Date.now()}`, email, first_name: 'Zola', last_name: 'Two' });
      const first = client(app.url);
      const created = await providerSignIn(first, startPath);
      expect(created.headers.get('location')).toBe('/');
      const secret = await enrol(first);

      const later = client(app.url);
      const back = await providerSignIn(later, startPath);
      expect(back.status).toBe(302);
      const location = new URL(back.headers.get('location')!, app.url);
      expect(location.pathname).toBe('/');
      const pendingToken = location.searchParams.get('twofactor');
      expect(pendingToken).toBeTruthy();
      expect(hasSession(later)).toBe(false);
      expect((await later.get('/api/auth/user')).status).toBe(401);

      const wrong = await later.graphql(
        'mutation($t: String!) { completeSignIn(pendingToken: $t, code: "000000") { id } }',
        { t: pendingToken },
      );
      expect(wrong.json.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(hasSession(later)).toBe(false);
      const done = await later.graphql(
        'mutation($t: String!, $c: String!) { completeSignIn(pendingToken: $t, code: $c) { email } }',
        { t: pendingToken, c: await nextCode(secret) },
      );
      expect(done.json.data.completeSignIn.email).toBe(email);
      expect(hasSession(later)).toBe(true);
      expect((await later.get('/api/auth/user')).json.email).toBe(email);
    },
  );

  test('a new member without 2FA signs in with a password as before', async () => {
    const input = memberInput();
    expect((await client(app.url).post('/api/auth/register', input)).status).toBe(201);
    const c = client(app.url);
    expect((await c.post('/api/auth/login', { email: input.email, password: input.password })).status).toBe(200);
    expect(hasSession(c)).toBe(true);
  });
});
