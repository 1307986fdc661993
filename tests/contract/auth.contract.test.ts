/**
 * The documented auth paths (spec 000 sections 3 and 7, spec 002 "calls"), called the way an external
 * client calls them: plain HTTP with a cookie jar against the built server.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { client, memberInput, signedUpClient, startApp, uniqueEmail, type App, type Client } from '../support/app';
import { startOAuthStub, startSmtpStub, type OAuthStub, type SmtpStub } from '../support/stubs';

const SESSION_COOKIE = 'saffa.sid';
const USER_FIELDS = [
  'id',
  'firstName',
  'lastName',
  'email',
  'profileImageUrl',
  'role',
  'tutorialCompleted',
  'tutorialStep',
  'radarEnabled',
];

/**
 * The default installation (no providers, no SMTP); sign-up and sign-in limits raised so the file can make many
 * members.
 */
let app: App;
/** Google (OIDC), Facebook and SMTP pointed at local stubs. */
let providers: App;
/** Tight sign-in and sign-up limits. */
let limited: App;
/** Served behind https (PUBLIC_URL): cookies must be Secure. */
let https: App;
let oauth: OAuthStub;
let smtp: SmtpStub;

beforeAll(async () => {
  [oauth, smtp] = await Promise.all([startOAuthStub(), startSmtpStub()]);
  const roomy = { RATE_SIGNUP_PER_IP: '1000', RATE_SIGNIN_PER_IP: '1000', RATE_RESET_PER_IP: '1000' };
  [app, providers, limited, https] = await Promise.all([
    startApp(roomy),
    startApp({
      ...roomy,
      SMTP_URL: smtp.url,
      GOOGLE_CLIENT_ID: oauth.google.clientId,
      GOOGLE_CLIENT_SECRET: oauth.google.clientSecret,
      OIDC_ISSUER: oauth.issuer,
      FACEBOOK_APP_ID: oauth.facebook.appId,
      FACEBOOK_APP_SECRET: oauth.facebook.appSecret,
      FACEBOOK_DIALOG_URL: oauth.facebookDialogUrl,
      FACEBOOK_GRAPH_URL: oauth.facebookGraphUrl,
    }),
    startApp({ RATE_SIGNIN_PER_IP: '3', RATE_SIGNUP_PER_IP: '2' }),
    startApp({ PUBLIC_URL: 'https://saffa.example' }),
  ]);
});

afterAll(async () => {
  await Promise.all([app?.stop(), providers?.stop(), limited?.stop(), https?.stop(), oauth?.stop(), smtp?.stop()]);
});

/** The Set-Cookie line of the session cookie, if the response set it. */
function sessionSetCookie(headers: Headers): string | undefined {
  return headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
}

/** A client that presents only the given session token. */
function clientWithSession(url: string, token: string): Client {
  const c = client(url);
  c.cookies.set(SESSION_COOKIE, token);
  return c;
}

describe('requires authentication', () => {
  test('GET /api/auth/user and GET /api/user answer 401 to a signed-out visitor', async () => {
    const c = client(app.url);
    for (const path of ['/api/auth/user', '/api/user']) {
      const res = await c.get(path);
      expect(res.status, path).toBe(401);
      expect(res.text, path).toBe('Unauthorized');
    }
  });

  test('a made-up session cookie is not a session', async () => {
    const res = await clientWithSession(app.url, 'not-a-real-session-token').get('/api/auth/user');
    expect(res.status).toBe(401);
  });
});

describe('POST /api/auth/register', () => {
  test('creates the member, answers 201 with the user and signs them in with an httpOnly SameSite=Lax cookie', async () => {
    const input = memberInput({ email: uniqueEmail('ReGiStEr'), firstName: 'Thandi', lastName: 'Nkosi' });
    const c = client(app.url);
    const res = await c.post('/api/auth/register', input);
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    for (const field of USER_FIELDS) expect(res.json, field).toHaveProperty(field);
    expect(res.json).toMatchObject({
      email: input.email.toLowerCase(),
      firstName: 'Thandi',
      lastName: 'Nkosi',
      role: 'user',
      tutorialCompleted: false,
      tutorialStep: 0,
      displayName: 'Thandi Nkosi',
      initials: 'TN',
    });
    expect(typeof res.json.id).toBe('string');
    expect(JSON.stringify(res.json)).not.toMatch(/password/i);

    const cookie = sessionSetCookie(res.headers);
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);

    const me = await c.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.json.id).toBe(res.json.id);
  });

  test('behind https (PUBLIC_URL https://...) the session cookie is also Secure', async () => {
    const res = await client(https.url).post('/api/auth/register', memberInput());
    expect(res.status).toBe(201);
    expect(sessionSetCookie(res.headers)).toMatch(/;\s*Secure/i);
    // Over plain http it is not, or local installs could not sign in.
    const plain = await client(app.url).post('/api/auth/register', memberInput());
    expect(sessionSetCookie(plain.headers)).not.toMatch(/;\s*Secure/i);
  });

  test.each(['email', 'password', 'firstName', 'lastName'] as const)(
    'without %s answers 400 naming the field',
    async (field) => {
      const input: Record<string, unknown> = { ...memberInput() };
      delete input[field];
      const res = await client(app.url).post('/api/auth/register', input);
      expect(res.status).toBe(400);
      expect(res.text).toContain(field);
      expect(sessionSetCookie(res.headers)).toBeUndefined();
    },
  );

  test('a field of the wrong type answers 400 naming the field', async () => {
    const res = await client(app.url).post('/api/auth/register', { ...memberInput(), email: 12345 });
    expect(res.status).toBe(400);
    expect(res.text).toContain('email');
    const res2 = await client(app.url).post('/api/auth/register', { ...memberInput(), firstName: ['Thandi'] });
    expect(res2.status).toBe(400);
    expect(res2.text).toContain('firstName');
  });

  test('an e-mail that is not an address answers 400', async () => {
    for (const email of ['not-an-email', 'a@b', 'two words@example.test', '   ']) {
      const res = await client(app.url).post('/api/auth/register', memberInput({ email }));
      expect(res.status, email).toBe(400);
      expect(res.text, email).toMatch(/email/i);
    }
  });

  test('a password shorter than 8 characters answers 400 naming password', async () => {
    const res = await client(app.url).post('/api/auth/register', memberInput({ password: 'short' }));
    expect(res.status).toBe(400);
    expect(res.text).toContain('password');
  });

  test('blank names answer 400 naming the field', async () => {
    const res = await client(app.url).post('/api/auth/register', memberInput({ lastName: '   ' }));
    expect(res.status).toBe(400);
    expect(res.text).toContain('lastName');
  });

  test('an e-mail that already has an account answers 409, whatever its case', async () => {
    const { input } = await signedUpClient(app.url);
    const again = await client(app.url).post('/api/auth/register', memberInput({ email: input.email }));
    expect(again.status).toBe(409);
    expect(again.text).toMatch(/already exists/i);
    const upper = await client(app.url).post('/api/auth/register', memberInput({ email: input.email.toUpperCase() }));
    expect(upper.status).toBe(409);
  });

  test('a body that is not JSON answers 400 without a stack trace', async () => {
    const res = await client(app.url).post('/api/auth/register', undefined, {
      rawBody: '{"email": "broken',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.text).not.toMatch(/\bat \S+ \(|node_modules|SyntaxError/);
  });
});

describe('display name and initials (spec 000 section 3)', () => {
  test('first plus last name; initials are their first letters, upper case; names are trimmed', async () => {
    const { user } = await signedUpClient(app.url, { firstName: '  pieter ', lastName: 'van der Merwe' });
    expect(user.firstName).toBe('pieter');
    expect(user.displayName).toBe('pieter van der Merwe');
    expect(user.initials).toBe('PV');
  });
});

describe('POST /api/auth/login', () => {
  test('answers 200 with the user and a session cookie; the e-mail is case-insensitive', async () => {
    const { input, user } = await signedUpClient(app.url);
    const c = client(app.url);
    const res = await c.post('/api/auth/login', { email: `  ${input.email.toUpperCase()} `, password: input.password });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: user.id, email: input.email, displayName: 'Thandi Nkosi', initials: 'TN' });
    const cookie = sessionSetCookie(res.headers);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect((await c.get('/api/auth/user')).json.id).toBe(user.id);
  });

  test('a wrong password and an unknown e-mail get the same 401 answer', async () => {
    const { input } = await signedUpClient(app.url);
    const wrong = await client(app.url).post('/api/auth/login', { email: input.email, password: 'wrong password!' });
    const unknown = await client(app.url).post('/api/auth/login', {
      email: uniqueEmail('nobody'),
      password: 'wrong password!',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.text).toBe(unknown.text);
    expect(wrong.text).toBe('Invalid email or password.');
    expect(sessionSetCookie(wrong.headers)).toBeUndefined();
    expect(sessionSetCookie(unknown.headers)).toBeUndefined();
  });

  test('a missing field answers 400 naming it', async () => {
    const res = await client(app.url).post('/api/auth/login', { email: uniqueEmail() });
    expect(res.status).toBe(400);
    expect(res.text).toContain('password');
  });

  test('the session id changes at sign-in and the cookie presented before no longer works', async () => {
    const { client: c, input, user } = await signedUpClient(app.url);
    const before = c.cookies.get(SESSION_COOKIE)!;
    expect(before).toBeTruthy();

    const res = await c.post('/api/auth/login', { email: input.email, password: input.password });
    expect(res.status).toBe(200);
    const after = c.cookies.get(SESSION_COOKIE)!;
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);

    expect((await clientWithSession(app.url, before).get('/api/auth/user')).status).toBe(401);
    const me = await clientWithSession(app.url, after).get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.json.id).toBe(user.id);
  });

  test('signing in on a second device keeps the first one signed in', async () => {
    const { client: first, input, user } = await signedUpClient(app.url);
    const second = client(app.url);
    expect((await second.post('/api/auth/login', { email: input.email, password: input.password })).status).toBe(200);
    expect((await first.get('/api/auth/user')).json.id).toBe(user.id);
    expect((await second.get('/api/auth/user')).json.id).toBe(user.id);
  });
});

describe('GET /api/auth/user and GET /api/user', () => {
  test('answer the signed-in member with the documented fields', async () => {
    const { client: c, user } = await signedUpClient(app.url, { firstName: 'Lerato', lastName: 'Mokoena' });
    for (const path of ['/api/auth/user', '/api/user']) {
      const res = await c.get(path);
      expect(res.status, path).toBe(200);
      for (const field of USER_FIELDS) expect(res.json, `${path} ${field}`).toHaveProperty(field);
      expect(res.json).toMatchObject({
        id: user.id,
        email: user.email,
        displayName: 'Lerato Mokoena',
        initials: 'LM',
        role: 'user',
      });
    }
  });
});

describe('GET /api/logout', () => {
  test('ends the session, clears the cookie and redirects to /', async () => {
    const { client: c } = await signedUpClient(app.url);
    const token = c.cookies.get(SESSION_COOKIE)!;
    const res = await c.get('/api/logout');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect(c.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await c.get('/api/auth/user')).status).toBe(401);
    // The session is gone on the server, not only from the browser.
    expect((await clientWithSession(app.url, token).get('/api/auth/user')).status).toBe(401);
  });

  test('signed out, it still redirects to /', async () => {
    const res = await client(app.url).get('/api/logout');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
  });

  test('a navigation from another site does not sign out: it shows a page with a Log out button that posts', async () => {
    const { client: c } = await signedUpClient(app.url);
    const res = await c.get('/api/logout', {
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.text).toMatch(
      /<form method="post" action="\/api\/logout"><button type="submit">Log out<\/button><\/form>/,
    );
    expect(res.headers.getSetCookie()).toEqual([]);
    expect((await c.get('/api/auth/user')).status).toBe(200);
    // The app's own navigation (same-origin) and a typed address (none) still sign out.
    for (const site of ['same-origin', 'none']) {
      const { client: own } = await signedUpClient(app.url);
      const out = await own.get('/api/logout', { headers: { 'sec-fetch-site': site } });
      expect(out.status, site).toBe(302);
      expect((await own.get('/api/auth/user')).status, site).toBe(401);
    }
  });

  test('POST /api/logout signs out from our origin and refuses another site', async () => {
    const { client: c } = await signedUpClient(app.url);
    const forged = await c.post('/api/logout', undefined, {
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      rawBody: '',
    });
    expect(forged.status).toBe(403);
    expect((await c.get('/api/auth/user')).status).toBe(200);
    const res = await c.post('/api/logout', undefined, {
      headers: {
        origin: new URL(app.url).origin,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      rawBody: '',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect(c.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await c.get('/api/auth/user')).status).toBe(401);
  });
});

describe('sign-in providers not configured', () => {
  test('GET /api/login redirects to the e-mail sign-in screen', async () => {
    const res = await client(app.url).get('/api/login');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/?signin=email');
  });

  test('GET /api/auth/facebook/status answers {enabled:false}', async () => {
    const res = await client(app.url).get('/api/auth/facebook/status');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ enabled: false });
  });

  test('GET /api/auth/facebook answers 404', async () => {
    const res = await client(app.url).get('/api/auth/facebook');
    expect(res.status).toBe(404);
  });
});

describe('password reset without SMTP', () => {
  test('the reset link goes to the server log and sets a new password', async () => {
    const { client: member, input } = await signedUpClient(app.url);
    const res = await client(app.url).post('/api/auth/forgot-password', { email: input.email });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });

    const line = await app.waitForLog(
      (l) => l.mailTo === input.email && typeof l.body === 'string' && l.body.includes('/?reset='),
    );
    const link = String(line.body).match(/(\S+\/\?reset=\S+)/)![1];
    expect(link.startsWith(`${app.url}/?reset=`)).toBe(true);
    const token = new URL(link).searchParams.get('reset')!;

    const reset = await client(app.url).post('/api/auth/reset-password', { token, password: 'a brand new password' });
    expect(reset.status).toBe(200);
    expect(reset.json).toEqual({ ok: true });
    expect((await member.get('/api/auth/user')).status).toBe(401);
    expect(
      (await client(app.url).post('/api/auth/login', { email: input.email, password: 'a brand new password' })).status,
    ).toBe(200);
  });
});

describe('password reset with SMTP', () => {
  async function requestResetLink(email: string): Promise<{ link: string; token: string }> {
    const count = smtp.mails.length;
    const res = await client(providers.url).post('/api/auth/forgot-password', { email });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
    const mail = await smtp.waitForMail(count + 1);
    expect(mail.to).toEqual([email]);
    expect(mail.headers.subject).toMatch(/reset/i);
    const link = mail.text.match(/(https?:\/\/\S+\/\?reset=\S+)/)?.[1];
    expect(link, `a reset link in:\n${mail.text}`).toBeDefined();
    expect(link!.startsWith(`${providers.url}/?reset=`)).toBe(true);
    return { link: link!, token: new URL(link!).searchParams.get('reset')! };
  }

  test('mails a single-use link; using it sets the new password and ends the old sessions', async () => {
    const { client: member, input, user } = await signedUpClient(providers.url);
    const { token } = await requestResetLink(input.email);
    // The reset link is never printed when the mail went out by SMTP.
    expect(providers.logs()).not.toContain(token);

    const reset = await client(providers.url).post('/api/auth/reset-password', {
      token,
      password: 'my new password 1',
    });
    expect(reset.status).toBe(200);
    expect(reset.json).toEqual({ ok: true });

    expect((await member.get('/api/auth/user')).status).toBe(401);
    expect(
      (await client(providers.url).post('/api/auth/login', { email: input.email, password: input.password })).status,
    ).toBe(401);
    const login = await client(providers.url).post('/api/auth/login', {
      email: input.email,
      password: 'my new password 1',
    });
    expect(login.status).toBe(200);
    expect(login.json.id).toBe(user.id);

    const reuse = await client(providers.url).post('/api/auth/reset-password', {
      token,
      password: 'another password 2',
    });
    expect(reuse.status).toBe(400);
    expect(reuse.text).toMatch(/invalid or has expired/i);
    expect(
      (await client(providers.url).post('/api/auth/login', { email: input.email, password: 'my new password 1' }))
        .status,
    ).toBe(200);
  });

  test('a too-short new password answers 400 and leaves the link usable', async () => {
    const { input } = await signedUpClient(providers.url);
    const { token } = await requestResetLink(input.email);
    const short = await client(providers.url).post('/api/auth/reset-password', { token, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.text).toContain('password');
    expect(
      (await client(providers.url).post('/api/auth/reset-password', { token, password: 'long enough now' })).status,
    ).toBe(200);
  });

  test('an unknown e-mail gets the same answer and no mail', async () => {
    const count = smtp.mails.length;
    const res = await client(providers.url).post('/api/auth/forgot-password', { email: uniqueEmail('nobody') });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.length).toBe(count);
  });

  test('a made-up token answers 400; missing fields answer 400 naming them', async () => {
    const bad = await client(providers.url).post('/api/auth/reset-password', {
      token: 'made-up-token',
      password: 'long enough now',
    });
    expect(bad.status).toBe(400);
    const noToken = await client(providers.url).post('/api/auth/reset-password', { password: 'long enough now' });
    expect(noToken.status).toBe(400);
    expect(noToken.text).toContain('token');
    const noEmail = await client(providers.url).post('/api/auth/forgot-password', {});
    expect(noEmail.status).toBe(400);
    expect(noEmail.text).toContain('email');
  });
});

/** Follows a provider sign-in the way a browser would: our server, the provider, back to our callback. */
async function providerSignIn(c: Client, startPath: string, expectedCallback: string) {
  const start = await c.get(startPath);
  expect(start.status).toBe(302);
  const authorize = start.headers.get('location')!;
  const atProvider = await fetch(authorize, { redirect: 'manual' });
  expect(atProvider.status, await atProvider.clone().text()).toBe(302);
  const back = atProvider.headers.get('location')!;
  expect(back.startsWith(`${expectedCallback}?`)).toBe(true);
  return { start, authorize: new URL(authorize), back, callback: await c.get(back) };
}

/** Waits for the confirmation mail sent to `email` and uses its link (as the web app does with ?verify=). */
async function confirmByMail(email: string) {
  const deadline = Date.now() + 10_000;
  let mail = smtp.mails.find((m) => m.to.includes(email) && /\?verify=/.test(m.text));
  while (!mail && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    mail = smtp.mails.find((m) => m.to.includes(email) && /\?verify=/.test(m.text));
  }
  const link = mail?.text.match(/(https?:\/\/\S+\/\?verify=\S+)/)?.[1];
  expect(link, `a confirmation link mailed to ${email}`).toBeDefined();
  expect(link!.startsWith(`${providers.url}/?verify=`)).toBe(true);
  const token = new URL(link!).searchParams.get('verify')!;
  const res = await client(providers.url).graphql('mutation($t: String!) { verifyEmail(token: $t) }', { t: token });
  expect(res.json.data).toEqual({ verifyEmail: true });
}

describe('Google sign-in (OpenID Connect)', () => {
  const googleSignIn = (c: Client) => providerSignIn(c, '/api/login', `${providers.url}/api/callback`);

  test('GET /api/login redirects to the provider with PKCE, state and nonce', async () => {
    const res = await client(providers.url).get('/api/login');
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get('location')!);
    expect(`${url.origin}${url.pathname}`).toBe(`${oauth.url}/authorize`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe(oauth.google.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${providers.url}/api/callback`);
    expect(url.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toBeTruthy();
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    // The state lives in a short-lived httpOnly cookie, not in the server's memory.
    const stateCookie = res.headers.getSetCookie().find((c) => c.startsWith('saffa.oauth='));
    expect(stateCookie).toMatch(/HttpOnly/i);
  });

  test('a full sign-in creates the member and ends signed in', async () => {
    const sub = `google-${Date.now()}`;
    const email = uniqueEmail('google');
    oauth.setGoogleProfile({
      sub,
      email,
      email_verified: true,
      given_name: 'Sipho',
      family_name: 'Dlamini',
      picture: 'https://example.test/sipho.png',
    });
    const c = client(providers.url);
    const { callback } = await googleSignIn(c);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/');
    expect(sessionSetCookie(callback.headers)).toMatch(/HttpOnly/i);
    expect(oauth.problems).toEqual([]);

    const me = await c.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({
      email,
      firstName: 'Sipho',
      lastName: 'Dlamini',
      displayName: 'Sipho Dlamini',
      initials: 'SD',
      profileImageUrl: 'https://example.test/sipho.png',
      role: 'user',
    });

    // The same Google account later signs in to the same member.
    const again = client(providers.url);
    expect((await googleSignIn(again)).callback.headers.get('location')).toBe('/');
    expect((await again.get('/api/auth/user')).json.id).toBe(me.json.id);
  });

  test('sign-up mails a link that confirms the address', async () => {
    const { client: c, input } = await signedUpClient(providers.url);
    expect((await c.graphql('{ me { emailVerified } }')).json.data.me.emailVerified).toBe(false);
    await confirmByMail(input.email);
    expect((await c.graphql('{ me { emailVerified } }')).json.data.me.emailVerified).toBe(true);
  });

  test('a provider-verified e-mail of a confirmed member signs in to that member', async () => {
    const { input, user } = await signedUpClient(providers.url);
    await confirmByMail(input.email);
    oauth.setGoogleProfile({
      sub: `google-link-${Date.now()}`,
      email: input.email,
      email_verified: true,
      given_name: 'Other',
      family_name: 'Name',
    });
    const c = client(providers.url);
    await googleSignIn(c);
    expect((await c.get('/api/auth/user')).json.id).toBe(user.id);
    // The member keeps their password too.
    expect(
      (await client(providers.url).post('/api/auth/login', { email: input.email, password: input.password })).status,
    ).toBe(200);
  });

  test("a squatter who signed up with the owner's address loses the account when the owner proves it with Google", async () => {
    const {
      client: squatter,
      input,
      user,
    } = await signedUpClient(providers.url, { firstName: 'Mallory', lastName: 'Squat' });
    const sub = `google-owner-${Date.now()}`;
    oauth.setGoogleProfile({ sub, email: input.email, email_verified: true, given_name: 'Real', family_name: 'Owner' });
    const owner = client(providers.url);
    await googleSignIn(owner);
    const me = await owner.get('/api/auth/user');
    expect(me.json).toMatchObject({ id: user.id, email: input.email });
    expect((await owner.graphql('{ me { emailVerified } }')).json.data.me.emailVerified).toBe(true);
    // The squatter's session ended and the password no longer signs in.
    expect((await squatter.get('/api/auth/user')).status).toBe(401);
    expect(
      (await client(providers.url).post('/api/auth/login', { email: input.email, password: input.password })).status,
    ).toBe(401);
  });

  test('an unconfirmed account is never linked by an identity that does not prove the address', async () => {
    const { client: holder, input, user } = await signedUpClient(providers.url);
    for (const claim of [{ email_verified: false }, {}, { email_verified: 'true' as unknown as boolean }]) {
      oauth.setGoogleProfile({
        sub: `google-unproven-${Date.now()}-${Math.random()}`,
        email: input.email,
        given_name: 'Mallory',
        ...claim,
      });
      const c = client(providers.url);
      await googleSignIn(c);
      const me = await c.get('/api/auth/user');
      expect(me.status).toBe(200);
      expect(me.json.id, JSON.stringify(claim)).not.toBe(user.id);
      expect(me.json.email).toBeNull();
    }
    // The holder still has their account and their password.
    expect((await holder.get('/api/auth/user')).json.id).toBe(user.id);
    expect(
      (await client(providers.url).post('/api/auth/login', { email: input.email, password: input.password })).status,
    ).toBe(200);
  });

  test('an unverified e-mail does not take over a confirmed member either', async () => {
    const { input, user } = await signedUpClient(providers.url);
    await confirmByMail(input.email);
    oauth.setGoogleProfile({
      sub: `google-unverified-${Date.now()}`,
      email: input.email,
      email_verified: false,
      given_name: 'Mallory',
    });
    const c = client(providers.url);
    await googleSignIn(c);
    const me = await c.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.json.id).not.toBe(user.id);
    expect(me.json.email).toBeNull();
  });

  test('display name and initials fall back to the names there are, never to the private e-mail', async () => {
    const onlyFirst = uniqueEmail('zanele');
    oauth.setGoogleProfile({
      sub: `google-first-${Date.now()}`,
      email: onlyFirst,
      email_verified: true,
      given_name: 'Zanele',
    });
    const a = client(providers.url);
    await googleSignIn(a);
    expect((await a.get('/api/auth/user')).json).toMatchObject({ displayName: 'Zanele', initials: 'ZA' });

    const noNames = uniqueEmail('nameless');
    oauth.setGoogleProfile({ sub: `google-none-${Date.now()}`, email: noNames, email_verified: true });
    const b = client(providers.url);
    await googleSignIn(b);
    const me = (await b.get('/api/auth/user')).json;
    expect(me).toMatchObject({ email: noNames, firstName: null, displayName: 'User', initials: 'U' });
    // Another member sees neither the e-mail nor a name made from it.
    const { client: other } = await signedUpClient(providers.url);
    const seen = await other.graphql('query($id: ID!) { user(id: $id) { email displayName initials } }', { id: me.id });
    expect(seen.json.data.user).toEqual({ email: null, displayName: 'User', initials: 'U' });
  });

  test('a callback whose state does not match fails and signs nobody in', async () => {
    oauth.setGoogleProfile({
      sub: `google-state-${Date.now()}`,
      email: uniqueEmail('state'),
      email_verified: true,
      given_name: 'S',
      family_name: 'T',
    });
    const c = client(providers.url);
    const start = await c.get('/api/login');
    const atProvider = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const back = new URL(atProvider.headers.get('location')!);
    back.searchParams.set('state', 'forged-state');
    const res = await c.get(back.toString());
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/?signin=failed');
    expect((await c.get('/api/auth/user')).status).toBe(401);
  });

  test('a member who cancels at the provider comes back to the failed sign-in screen', async () => {
    const c = client(providers.url);
    const start = await c.get('/api/login');
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const res = await c.get(`/api/callback?error=access_denied&state=${encodeURIComponent(state)}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/?signin=failed');
    expect((await c.get('/api/auth/user')).status).toBe(401);
  });

  test('a callback without the state cookie (another browser) fails', async () => {
    const c = client(providers.url);
    const start = await c.get('/api/login');
    const atProvider = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const other = client(providers.url);
    const res = await other.get(atProvider.headers.get('location')!);
    expect(res.headers.get('location')).toBe('/?signin=failed');
    expect((await other.get('/api/auth/user')).status).toBe(401);
  });

  test.each([
    ['nonce', (c: Record<string, unknown>) => ({ ...c, nonce: 'another-nonce' })],
    ['audience', (c: Record<string, unknown>) => ({ ...c, aud: 'someone-else' })],
    ['issuer', (c: Record<string, unknown>) => ({ ...c, iss: 'https://evil.example' })],
    ['expiry', (c: Record<string, unknown>) => ({ ...c, exp: Math.floor(Date.now() / 1000) - 60 })],
  ])('an id_token with the wrong %s is refused', async (_what, tamper) => {
    oauth.setGoogleProfile({
      sub: `google-tamper-${Date.now()}`,
      email: uniqueEmail('tamper'),
      email_verified: true,
      given_name: 'T',
      family_name: 'T',
    });
    oauth.tamperIdToken(tamper);
    try {
      const c = client(providers.url);
      const { callback } = await googleSignIn(c);
      expect(callback.headers.get('location')).toBe('/?signin=failed');
      expect((await c.get('/api/auth/user')).status).toBe(401);
    } finally {
      oauth.tamperIdToken(null);
    }
  });
});

describe('Facebook sign-in', () => {
  const facebookSignIn = (c: Client) =>
    providerSignIn(c, '/api/auth/facebook', `${providers.url}/api/auth/facebook/callback`);

  test('GET /api/auth/facebook/status answers {enabled:true} when configured', async () => {
    const res = await client(providers.url).get('/api/auth/facebook/status');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ enabled: true });
  });

  test('GET /api/auth/facebook redirects to the dialog with state and the callback', async () => {
    const res = await client(providers.url).get('/api/auth/facebook');
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get('location')!);
    expect(`${url.origin}${url.pathname}`).toBe(oauth.facebookDialogUrl);
    expect(url.searchParams.get('client_id')).toBe(oauth.facebook.appId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${providers.url}/api/auth/facebook/callback`);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('scope')).toContain('email');
  });

  test('a full sign-in creates the member and ends signed in', async () => {
    const email = uniqueEmail('facebook');
    oauth.setFacebookProfile({
      id: `fb-${Date.now()}`,
      email,
      first_name: 'Annelie',
      last_name: 'Botha',
      picture: { data: { url: 'https://example.test/a.png' } },
    });
    const c = client(providers.url);
    const { callback } = await facebookSignIn(c);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/');
    expect(oauth.problems).toEqual([]);
    const me = await c.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({
      email,
      firstName: 'Annelie',
      lastName: 'Botha',
      displayName: 'Annelie Botha',
      initials: 'AB',
      profileImageUrl: 'https://example.test/a.png',
    });

    const again = client(providers.url);
    await facebookSignIn(again);
    expect((await again.get('/api/auth/user')).json.id).toBe(me.json.id);
  });

  test('Facebook never links by e-mail, not even to a confirmed member: it proves no address', async () => {
    const { input, user } = await signedUpClient(providers.url);
    await confirmByMail(input.email);
    oauth.setFacebookProfile({
      id: `fb-takeover-${Date.now()}`,
      email: input.email,
      first_name: 'Mallory',
      last_name: 'M',
    });
    const c = client(providers.url);
    await facebookSignIn(c);
    const me = await c.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.json.id).not.toBe(user.id);
    expect(me.json.email).toBeNull();
  });

  test('a new Facebook member keeps an address nobody has, unconfirmed, and is mailed a link', async () => {
    const email = uniqueEmail('fbnew');
    oauth.setFacebookProfile({ id: `fb-new-${Date.now()}`, email, first_name: 'Nomsa', last_name: 'Dube' });
    const c = client(providers.url);
    await facebookSignIn(c);
    expect((await c.graphql('{ me { email emailVerified } }')).json.data.me).toEqual({ email, emailVerified: false });
    await confirmByMail(email);
    expect((await c.graphql('{ me { emailVerified } }')).json.data.me.emailVerified).toBe(true);
  });

  test("a profile without e-mail or names is 'User' with initials 'U'", async () => {
    oauth.setFacebookProfile({ id: `fb-bare-${Date.now()}` });
    const c = client(providers.url);
    await facebookSignIn(c);
    const me = await c.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ email: null, displayName: 'User', initials: 'U' });
  });

  test('a forged state fails', async () => {
    oauth.setFacebookProfile({
      id: `fb-state-${Date.now()}`,
      email: uniqueEmail('fbstate'),
      first_name: 'F',
      last_name: 'S',
    });
    const c = client(providers.url);
    const start = await c.get('/api/auth/facebook');
    const atProvider = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const back = new URL(atProvider.headers.get('location')!);
    back.searchParams.set('state', 'forged');
    const res = await c.get(back.toString());
    expect(res.headers.get('location')).toBe('/?signin=failed');
    expect((await c.get('/api/auth/user')).status).toBe(401);
  });
});

describe('rate limits', () => {
  test('the 4th sign-in from one IP within the window answers 429 with Retry-After (RATE_SIGNIN_PER_IP=3)', async () => {
    const attempt = () =>
      client(limited.url).post('/api/auth/login', { email: uniqueEmail('limited'), password: 'whatever password' });
    for (let i = 1; i <= 3; i++) expect((await attempt()).status, `attempt ${i}`).toBe(401);
    const fourth = await attempt();
    expect(fourth.status).toBe(429);
    const retryAfter = Number(fourth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(fourth.text).toMatch(/too many/i);
  });

  test('the 3rd sign-up from one IP answers 429 with Retry-After (RATE_SIGNUP_PER_IP=2)', async () => {
    for (let i = 1; i <= 2; i++)
      expect((await client(limited.url).post('/api/auth/register', memberInput())).status, `sign-up ${i}`).toBe(201);
    const third = await client(limited.url).post('/api/auth/register', memberInput());
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
