import { Router, type Request, type Response } from 'express';
import { parseCookies } from '../../kernel/cookies';
import { cookieJar, originAllowed, sessionTokenOf } from '../../kernel/http';
import type { Logger } from '../../kernel/logger';
import { settings } from '../../kernel/settings';
import { authorizationUrl, completeSignIn, providerEnabled, type OAuthState, type Provider } from './oauth';
import { pendingSignInFor } from '../twofactor/two-factor.service';
import { endSession, startSession } from './session.service';

const STATE_COOKIE = 'saffa.oauth';
const SIGN_OUT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Log out of Saffa</title></head>
<body>
<h1>Log out of Saffa?</h1>
<p>Another site sent you here. Log out only if you meant to.</p>
<form method="post" action="/api/logout"><button type="submit">Log out</button></form>
<p><a href="/">Back to Saffa</a></p>
</body></html>
`;

/** Browser navigations of sign-in and sign-out (spec 000 section 7, spec 002): redirects, not JSON. */
export function authRoutes(log: Logger): Router {
  const router = Router();
  const stateCookieOptions = () => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: settings().cookieSecure,
    path: '/api',
    maxAge: 10 * 60_000,
  });

  async function start(provider: Provider, res: Response) {
    const { url, state } = await authorizationUrl(provider);
    res.cookie(STATE_COOKIE, Buffer.from(JSON.stringify(state)).toString('base64url'), stateCookieOptions());
    res.redirect(302, url);
  }

  async function callback(provider: Provider, req: Request, res: Response) {
    let saved: OAuthState | null = null;
    try {
      const raw = parseCookies(req.headers.cookie)[STATE_COOKIE];
      saved = raw ? JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) : null;
    } catch {
      saved = null;
    }
    res.clearCookie(STATE_COOKIE, { ...stateCookieOptions(), maxAge: undefined });
    try {
      const user = await completeSignIn(provider, req.query, saved, log);
      // A member with two-factor sign-in gets no session yet: the sign-in screen asks for the second step.
      const pending = await pendingSignInFor(user.id);
      if (pending) {
        res.redirect(302, `/?twofactor=${encodeURIComponent(pending)}`);
        return;
      }
      const { token, expiresAt } = await startSession(user.id, {
        previousToken: sessionTokenOf(req.headers.cookie),
        userAgent: req.headers['user-agent'],
      });
      cookieJar(res).set(token, expiresAt);
      res.redirect(302, '/');
    } catch (err) {
      log.warn({ err, provider }, 'sign-in with provider failed');
      res.redirect(302, '/?signin=failed');
    }
  }

  // Google (OpenID Connect) when configured; otherwise the e-mail sign-in screen.
  router.get('/api/login', async (_req, res) => {
    if (providerEnabled('google')) return start('google', res);
    res.redirect(302, '/?signin=email');
  });
  router.get('/api/callback', (req, res) => callback('google', req, res));

  router.get('/api/auth/facebook', async (_req, res) => {
    if (!providerEnabled('facebook')) return res.status(404).type('text').send('Facebook sign-in is not configured.');
    return start('facebook', res);
  });
  router.get('/api/auth/facebook/callback', (req, res) => callback('facebook', req, res));

  async function signOut(req: Request, res: Response, status: 302 | 303) {
    const token = sessionTokenOf(req.headers.cookie);
    if (token) await endSession(token);
    cookieJar(res).clear();
    res.redirect(status, '/');
  }

  // The app's own Logout navigates here (spec 000 section 7). A navigation started by another site (a link or an
  // image there) must not sign the member out: it gets a page whose button posts the sign-out from our origin.
  router.get('/api/logout', async (req, res) => {
    if (req.headers['sec-fetch-site'] === 'cross-site') {
      res.set('Cache-Control', 'no-store').status(200).type('html').send(SIGN_OUT_PAGE);
      return;
    }
    await signOut(req, res, 302);
  });
  router.post('/api/logout', async (req, res) => {
    if (!originAllowed(req.headers.origin) || req.headers['sec-fetch-site'] === 'cross-site') {
      res.status(403).type('text').send('Sign-out must come from Saffa itself.');
      return;
    }
    await signOut(req, res, 303);
  });
  return router;
}
