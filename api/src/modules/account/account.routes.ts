import { Router } from 'express';
import { pipeline } from 'node:stream/promises';
import { refuseToken } from '../../kernel/access';
import type { HttpContextFactory } from '../../kernel/context';
import { DomainError, GENERIC_MESSAGE, restStatus } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import { exportMemberData } from './account.export';

/**
 * GET /api/me/export: the signed-in member's data archive (a zip, see README "Your data archive"), as a download
 * (401 signed out, 403 with a personal access token, 429 with Retry-After when asked again too soon), never cached.
 */
export function accountRoutes(contextOf: HttpContextFactory, log: Logger): Router {
  const router = Router();
  router.get('/api/me/export', async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    let archive;
    try {
      const ctx = await contextOf(req, res, log);
      refuseToken(ctx); // the whole archive is for the member in their browser, never a personal access token
      archive = await exportMemberData(ctx.viewer);
    } catch (err) {
      if (err instanceof DomainError) {
        if (err.code === 'RATE_LIMITED' && err.extensions?.retryAfter) res.setHeader('Retry-After', String(err.extensions.retryAfter));
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
  });
  return router;
}
