import { Router } from 'express';
import type { HttpContextFactory } from '../../kernel/context';
import { DomainError, GENERIC_MESSAGE, restStatus } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import { readCv } from './job-application.service';

/**
 * GET /api/job-applications/{id}/cv: the CV of an application, a private file. Only the applicant and the
 * vacancy's owner get it (401 signed out, 403 anyone else, 404 without one), never cached by the way.
 */
export function jobApplicationRoutes(contextOf: HttpContextFactory, log: Logger): Router {
  const router = Router();
  router.get('/api/job-applications/:id/cv', async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    try {
      const ctx = await contextOf(req, res, log);
      const cv = await readCv(ctx.viewer, String(req.params.id));
      const name = cv.fileName.replace(/[^\w.\- ]/g, '_');
      res.setHeader('Content-Type', cv.mime);
      res.setHeader('Content-Disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(cv.fileName)}`);
      res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
      res.status(200).send(cv.bytes);
    } catch (err) {
      if (err instanceof DomainError) return res.status(restStatus(err.code)).type('text').send(err.message);
      log.error({ err }, 'CV download failed');
      res.status(500).type('text').send(GENERIC_MESSAGE);
    }
  });
  return router;
}
