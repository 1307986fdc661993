import type { Router } from 'express';
import type { HttpContextFactory } from '../../kernel/context';
import { privateFileRoute } from '../../kernel/http';
import type { Logger } from '../../kernel/logger';
import { readCv } from './job-application.service';

/**
 * GET /api/job-applications/{id}/cv: the CV of an application, a private file. Only the applicant and the
 * vacancy's owner get it (401 signed out, 403 anyone else, 404 without one), as a download, never cached.
 */
export function jobApplicationRoutes(contextOf: HttpContextFactory, log: Logger): Router {
  return privateFileRoute('/api/job-applications/:id/cv', {
    contextOf,
    log,
    what: 'CV download',
    disposition: 'attachment',
    csp: () => "default-src 'none'; sandbox",
    read: (ctx, id) => readCv(ctx.viewer, id),
  });
}
