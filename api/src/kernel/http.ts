import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { RequestMeta, SessionCookieJar } from './context';
import { parseCookies } from './cookies';
import { settings } from './settings';

/** The session cookie as Express writes it: httpOnly, SameSite=Lax, Secure behind https. */
export function cookieJar(res: Response): SessionCookieJar {
  const s = settings();
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: s.cookieSecure, path: '/' };
  return {
    set: (token, expires) => res.cookie(s.sessionCookieName, token, { ...base, expires }),
    clear: () => res.clearCookie(s.sessionCookieName, base),
  };
}

export const sessionTokenOf = (cookieHeader: string | undefined) =>
  parseCookies(cookieHeader)[settings().sessionCookieName] ?? null;

/** What an HTTP request tells of its caller. */
export const requestMeta = (req: Request): RequestMeta => ({ ip: req.ip ?? 'unknown', userAgent: req.headers['user-agent'] });

/**
 * Browsers name the page's origin on cross-site writes. A request without Origin is not from a
 * browser page (a server or a tool), so it cannot be a cross-site forgery.
 */
export function originAllowed(origin: string | undefined): boolean {
  if (!origin) return true;
  return settings().allowedOrigins.includes(origin);
}

/**
 * A JSON body parser whose large limit is only for a signed-in member: everyone else gets `anonymous`. The limits
 * count the body as it is parsed, after gzip/deflate/br are undone, so a small compressed body cannot carry a
 * large document; a body whose declared size is within `anonymous` (and not compressed) is read without asking
 * for the session. Over the limit: a 413 from the parser, before the rest of the body is read.
 */
export function jsonBody(limits: { anonymous: number; member: number }, isMember: (req: Request) => Promise<boolean>): RequestHandler {
  const type = ['application/json', 'application/*+json'];
  const small = express.json({ limit: limits.anonymous, type });
  if (limits.member <= limits.anonymous) return small;
  const large = express.json({ limit: limits.member, type });
  return (req: Request, res: Response, next: NextFunction) => {
    const declared = req.headers['content-length'];
    const encoded = (req.headers['content-encoding'] ?? 'identity').toLowerCase() !== 'identity';
    if (!encoded && declared !== undefined && Number(declared) <= limits.anonymous) return small(req, res, next);
    isMember(req).then(
      (member) => (member ? large : small)(req, res, next),
      (err: unknown) => next(err),
    );
  };
}
