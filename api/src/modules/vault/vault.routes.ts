import { Router } from 'express';
import type { HttpContextFactory } from '../../kernel/context';
import { DomainError, GENERIC_MESSAGE, restStatus } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import { readVaultFile } from './vault.service';

/**
 * GET /api/vault/documents/{id}/file: a vault document's decrypted file, inline with its type, for its owner with
 * the vault unlocked in this session (401 signed out, 403 someone else's or locked, 404 none), never cached.
 */
export function vaultRoutes(contextOf: HttpContextFactory, log: Logger): Router {
  const router = Router();
  router.get('/api/vault/documents/:id/file', async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    try {
      const ctx = await contextOf(req, res, log);
      const file = await readVaultFile({ viewer: ctx.viewer, sessionToken: ctx.sessionToken }, String(req.params.id));
      const name = file.fileName.replace(/[^\w.\- ]/g, '_');
      res.setHeader('Content-Type', file.mime);
      res.setHeader('Content-Disposition', `inline; filename="${name}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
      // A PDF opens in the browser's viewer (an embed the page must allow); an image needs nothing but itself.
      res.setHeader(
        'Content-Security-Policy',
        file.mime === 'application/pdf' ? "default-src 'none'; object-src 'self'; plugin-types application/pdf" : "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      );
      res.status(200).send(file.bytes);
    } catch (err) {
      if (err instanceof DomainError) return res.status(restStatus(err.code)).type('text').send(err.message);
      log.error({ err }, 'vault file failed');
      res.status(500).type('text').send(GENERIC_MESSAGE);
    }
  });
  return router;
}
