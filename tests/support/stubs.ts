/**
 * Small stand-ins for the internet services the server talks to, on 127.0.0.1: an SMTP server that keeps
 * the mails it receives, and an OAuth provider that speaks OpenID Connect (Google) and the Facebook
 * dialog and Graph API closely enough for a full sign-in.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// ---------------------------------------------------------------------------------------------- SMTP

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
  headers: Record<string, string>;
  /** The decoded body (quoted-printable and base64 are undone). */
  text: string;
}

export interface SmtpStub {
  url: string;
  mails: CapturedMail[];
  /** Waits for the mail number `count` (1-based) to arrive and answers it. */
  waitForMail(count?: number, timeoutMs?: number): Promise<CapturedMail>;
  stop(): Promise<void>;
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const src = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < src.length; i++) {
    if (src[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(src.slice(i + 1, i + 3))) {
      bytes.push(parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(src[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A good-enough parser for the single-part text mails the server sends. */
export function parseMail(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  let text = body;
  if (encoding === 'quoted-printable') text = decodeQuotedPrintable(body);
  else if (encoding === 'base64') text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { headers, text: text.replace(/\r\n/g, '\n') };
}

export async function startSmtpStub(): Promise<SmtpStub> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const { headers, text } = parseMail(raw);
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          headers,
          text,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitForMail(count = mails.length + 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > deadline)
          throw new Error(`no mail number ${count} within ${timeoutMs} ms (got ${mails.length})`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return mails[count - 1];
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// --------------------------------------------------------------------------------------------- OAuth

export interface GoogleProfile {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

export interface FacebookProfile {
  id: string;
  email?: string;
  first_name?: string;
  last_name?: string;
  picture?: { data: { url: string } };
}

export interface OAuthStub {
  /** Base URL; the OIDC issuer is this URL, Facebook lives under /facebook. */
  url: string;
  issuer: string;
  facebookDialogUrl: string;
  facebookGraphUrl: string;
  google: { clientId: string; clientSecret: string };
  facebook: { appId: string; appSecret: string };
  /** The profile the next Google sign-in returns. */
  setGoogleProfile(p: GoogleProfile): void;
  /** The profile the next Facebook sign-in returns. */
  setFacebookProfile(p: FacebookProfile): void;
  /** Changes what the token endpoint puts in the id_token (to test the server's checks). */
  tamperIdToken(f: ((claims: Record<string, unknown>) => Record<string, unknown>) | null): void;
  /** Every request the stub received, for assertions. */
  requests: Array<{
    method: string;
    path: string;
    query: Record<string, string>;
    body: Record<string, string>;
    headers: http.IncomingHttpHeaders;
  }>;
  /** Problems the stub found in the server's requests (wrong secret, bad PKCE verifier, ...). */
  problems: string[];
  stop(): Promise<void>;
}

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
/** An unsigned JWT (alg none): the server takes the id_token from the token endpoint and checks its claims. */
export const unsignedJwt = (claims: Record<string, unknown>) =>
  `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`;

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (data += c));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

export async function startOAuthStub(): Promise<OAuthStub> {
  const google = { clientId: 'test-google-client', clientSecret: 'test-google-secret' };
  const facebook = { appId: 'test-facebook-app', appSecret: 'test-facebook-secret' };
  let googleProfile: GoogleProfile = {
    sub: 'google-1',
    email: 'google.user@example.test',
    email_verified: true,
    given_name: 'Google',
    family_name: 'User',
  };
  let facebookProfile: FacebookProfile = {
    id: 'fb-1',
    email: 'fb.user@example.test',
    first_name: 'Face',
    last_name: 'Book',
  };
  let tamper: ((claims: Record<string, unknown>) => Record<string, unknown>) | null = null;
  const requests: OAuthStub['requests'] = [];
  const problems: string[] = [];
  // code -> what the authorization request carried
  const googleCodes = new Map<
    string,
    { clientId: string; redirectUri: string; nonce: string; challenge: string; profile: GoogleProfile }
  >();
  const googleTokens = new Map<string, GoogleProfile>();
  const facebookCodes = new Map<string, { redirectUri: string; profile: FacebookProfile }>();
  const facebookTokens = new Map<string, FacebookProfile>();
  let base = '';

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const redirect = (res: http.ServerResponse, to: string) => {
    res.writeHead(302, { location: to });
    res.end();
  };

  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- a stub: vitest reports a rejection here
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    const raw = req.method === 'POST' ? await readBody(req) : '';
    const body = Object.fromEntries(new URLSearchParams(raw));
    const query = Object.fromEntries(url.searchParams);
    requests.push({ method: req.method ?? 'GET', path: url.pathname, query, body, headers: req.headers });
    const fail = (status: number, problem: string) => {
      problems.push(problem);
      json(res, status, { error: problem });
    };

    switch (`${req.method} ${url.pathname}`) {
      // ---- OpenID Connect (Google)
      case 'GET /.well-known/openid-configuration':
        return json(res, 200, {
          issuer: base,
          authorization_endpoint: `${base}/authorize`,
          token_endpoint: `${base}/token`,
          userinfo_endpoint: `${base}/userinfo`,
          jwks_uri: `${base}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['none', 'RS256'],
          code_challenge_methods_supported: ['S256'],
        });
      case 'GET /authorize': {
        // A real provider shows a consent screen; this one agrees at once.
        if (query.client_id !== google.clientId) return fail(400, `authorize: unknown client_id ${query.client_id}`);
        if (query.response_type !== 'code') return fail(400, `authorize: response_type ${query.response_type}`);
        if (query.code_challenge_method !== 'S256' || !query.code_challenge)
          return fail(400, 'authorize: no S256 PKCE challenge');
        if (!query.redirect_uri || !query.state || !query.nonce)
          return fail(400, 'authorize: redirect_uri, state and nonce are required');
        const code = randomBytes(12).toString('hex');
        googleCodes.set(code, {
          clientId: query.client_id,
          redirectUri: query.redirect_uri,
          nonce: query.nonce,
          challenge: query.code_challenge,
          profile: googleProfile,
        });
        const back = new URL(query.redirect_uri);
        back.searchParams.set('code', code);
        back.searchParams.set('state', query.state);
        return redirect(res, back.toString());
      }
      case 'POST /token': {
        const grant = googleCodes.get(body.code);
        if (!grant) return fail(400, 'token: unknown code');
        googleCodes.delete(body.code);
        if (body.grant_type !== 'authorization_code') return fail(400, `token: grant_type ${body.grant_type}`);
        if (body.client_id !== google.clientId || body.client_secret !== google.clientSecret)
          return fail(401, 'token: bad client credentials');
        if (body.redirect_uri !== grant.redirectUri)
          return fail(400, 'token: redirect_uri differs from the authorization request');
        const challenge = createHash('sha256')
          .update(body.code_verifier ?? '')
          .digest('base64url');
        if (challenge !== grant.challenge) return fail(400, 'token: PKCE code_verifier does not match the challenge');
        const accessToken = randomBytes(12).toString('hex');
        googleTokens.set(accessToken, grant.profile);
        const now = Math.floor(Date.now() / 1000);
        let claims: Record<string, unknown> = {
          iss: base,
          aud: google.clientId,
          sub: grant.profile.sub,
          nonce: grant.nonce,
          iat: now,
          exp: now + 600,
        };
        if (tamper) claims = tamper(claims);
        return json(res, 200, {
          access_token: accessToken,
          token_type: 'Bearer',
          expires_in: 600,
          id_token: unsignedJwt(claims),
        });
      }
      case 'GET /userinfo': {
        const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
        const profile = googleTokens.get(token);
        if (!profile) return fail(401, 'userinfo: bad access token');
        return json(res, 200, profile);
      }
      // ---- Facebook
      case 'GET /facebook/dialog/oauth': {
        if (query.client_id !== facebook.appId) return fail(400, `dialog: unknown client_id ${query.client_id}`);
        if (!query.redirect_uri || !query.state) return fail(400, 'dialog: redirect_uri and state are required');
        const code = randomBytes(12).toString('hex');
        facebookCodes.set(code, { redirectUri: query.redirect_uri, profile: facebookProfile });
        const back = new URL(query.redirect_uri);
        back.searchParams.set('code', code);
        back.searchParams.set('state', query.state);
        return redirect(res, back.toString());
      }
      case 'GET /facebook/graph/oauth/access_token': {
        const grant = facebookCodes.get(query.code);
        if (!grant) return fail(400, 'graph token: unknown code');
        facebookCodes.delete(query.code);
        if (query.client_id !== facebook.appId || query.client_secret !== facebook.appSecret)
          return fail(401, 'graph token: bad app credentials');
        if (query.redirect_uri !== grant.redirectUri)
          return fail(400, 'graph token: redirect_uri differs from the dialog');
        const accessToken = randomBytes(12).toString('hex');
        facebookTokens.set(accessToken, grant.profile);
        return json(res, 200, { access_token: accessToken, token_type: 'bearer', expires_in: 5000 });
      }
      case 'GET /facebook/graph/me': {
        const profile = facebookTokens.get(query.access_token);
        if (!profile) return fail(401, 'graph me: bad access token');
        const fields = (query.fields ?? 'id,name').split(',').map((f) => f.replace(/\..*$/, ''));
        const out: Record<string, unknown> = {};
        for (const f of fields) if (f in profile) out[f] = (profile as unknown as Record<string, unknown>)[f];
        return json(res, 200, out);
      }
      default:
        return fail(404, `unexpected ${req.method} ${url.pathname}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    issuer: base,
    facebookDialogUrl: `${base}/facebook/dialog/oauth`,
    facebookGraphUrl: `${base}/facebook/graph`,
    google,
    facebook,
    setGoogleProfile: (p) => (googleProfile = p),
    setFacebookProfile: (p) => (facebookProfile = p),
    tamperIdToken: (f) => (tamper = f),
    requests,
    problems,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
