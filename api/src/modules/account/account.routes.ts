import express, { Router, type Request, type Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { refuseToken } from '../../kernel/access';
import type { HttpContextFactory } from '../../kernel/context';
import { DomainError, GENERIC_MESSAGE, restStatus } from '../../kernel/errors';
import { originAllowed } from '../../kernel/http';
import type { Logger } from '../../kernel/logger';
import { exportMemberData } from './account.export';
import { confirmForExport } from './account.service';

/** A body that carries only a password (JSON or a form): small. */
const PASSWORD_BODY = [express.json({ limit: '4kb' }), express.urlencoded({ extended: false, limit: '4kb' })];

/**
 * POST /api/me/export (`{"password": "..."}`, JSON or a form) and GET /api/me/export: the signed-in member's data
 * archive (a zip, see docs/api.md "Your data archive"), as a download, never cached. The member proves who they are
 * (`confirmForExport`): their sign-in password, or, without one (Google or Facebook only), a sign-in in the last 10
 * minutes; so a GET (an old client, no body) works only for the latter and otherwise answers 403 saying what to send.
 * 401 signed out, 403 with a personal access token or from another site, 400 a wrong password, 429 with Retry-After
 * when asked again too soon or after too many wrong passwords.
 */
export function accountRoutes(contextOf: HttpContextFactory, log: Logger): Router {
  const router = Router();
  const download = async (req: Request, res: Response, password: unknown) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    let archive;
    try {
      const ctx = await contextOf(req, res, log);
      refuseToken(ctx); // the whole archive is for the member in their browser, never a personal access token
      await confirmForExport(ctx, password);
      archive = await exportMemberData(ctx);
    } catch (err) {
      if (err instanceof DomainError) {
        if (err.code === 'RATE_LIMITED' && err.extensions?.retryAfter)
          res.setHeader('Retry-After', String(err.extensions.retryAfter));
        return res.status(restStatus(err.code)).type('text').send(err.message);
      }
      log.error({ err }, 'data export failed');
      return res.status(500).type('text').send(GENERIC_MESSAGE);
    }
    res.status(200);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="${archive.fileName}"`);
    // Once the first bytes are out the status is sent: a failure now can only cut the download short.
    await pipeline(archive.stream, res).catch((err) => {
      log.error({ err }, 'data export stopped while streaming');
      res.destroy();
    });
  };
  router.get('/api/me/export', (req, res) => download(req, res, undefined));
  router.post(
    '/api/me/export',
    (req, res, next) => {
      // The password travels only from Saffa's own pages (or a client that is no browser page: no Origin).
      if (!originAllowed(req.headers.origin) || req.headers['sec-fetch-site'] === 'cross-site') {
        res.setHeader('Cache-Control', 'private, no-store');
        return res.status(403).type('text').send('Downloading your data must come from Saffa itself.');
      }
      next();
    },
    ...PASSWORD_BODY,
    (req, res) => download(req, res, (req.body as { password?: unknown } | undefined)?.password),
  );
  return router;
}
