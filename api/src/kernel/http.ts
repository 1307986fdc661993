import type { Request, Response } from 'express';
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
