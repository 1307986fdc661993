import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Context, HttpContextFactory, RequestMeta, SessionCookieJar } from './context';
import { DomainError, GENERIC_MESSAGE, restStatus } from './errors';
import type { Logger } from './logger';
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
export const requestMeta = (req: Request): RequestMeta => ({
  ip: req.ip ?? 'unknown',
  userAgent: req.headers['user-agent'],
});

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
export function jsonBody(
  limits: { anonymous: number; member: number },
  isMember: (req: Request) => Promise<boolean>,
): RequestHandler {
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

/** A private file as a module's service answers it (a CV, a decrypted vault document). */
export interface PrivateFile {
  bytes: Buffer;
  mime: string;
  fileName: string;
}

/**
 * A GET route that serves one private file (docs/architecture.md, "Jobs": CVs are private files): the caller's context
 * goes to the owning module's `read`, which asks its policy and answers the file or throws a DomainError (401, 403, 404
 * and 400 by its code, with the message as plain text). Never cached, never sniffed; the file is sent inline or as an
 * attachment with both filename forms, under the route's Content-Security-Policy. Anything else is logged with `what`
 * and answered with the generic message.
 */
export function privateFileRoute(
  path: string,
  opts: {
    contextOf: HttpContextFactory;
    log: Logger;
    what: string;
    disposition: 'inline' | 'attachment';
    csp: (file: PrivateFile) => string;
    read: (ctx: Context, id: string) => Promise<PrivateFile>;
  },
): Router {
  const router = Router();
  router.get(path, async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    try {
      const ctx = await opts.contextOf(req, res, opts.log);
      const file = await opts.read(ctx, String(req.params.id));
      const name = file.fileName.replace(/[^\w.\- ]/g, '_');
      res.setHeader('Content-Type', file.mime);
      res.setHeader(
        'Content-Disposition',
        `${opts.disposition}; filename="${name}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      );
      res.setHeader('Content-Security-Policy', opts.csp(file));
      res.status(200).send(file.bytes);
    } catch (err) {
      if (err instanceof DomainError) return res.status(restStatus(err.code)).type('text').send(err.message);
      opts.log.error({ err }, `${opts.what} failed`);
      res.status(500).type('text').send(GENERIC_MESSAGE);
    }
  });
  return router;
}
