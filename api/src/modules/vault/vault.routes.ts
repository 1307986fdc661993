import type { Router } from 'express';
import type { HttpContextFactory } from '../../kernel/context';
import { refuseToken } from '../../kernel/access';
import { privateFileRoute } from '../../kernel/http';
import type { Logger } from '../../kernel/logger';
import { readVaultFile } from './vault-documents.service';

/**
 * GET /api/vault/documents/{id}/file: a vault document's decrypted file, inline with its type, for its owner with
 * the vault unlocked in this session (401 signed out, 403 someone else's or locked, 404 none), never cached.
 */
export function vaultRoutes(contextOf: HttpContextFactory, log: Logger): Router {
  return privateFileRoute('/api/vault/documents/:id/file', {
    contextOf,
    log,
    what: 'vault file',
    disposition: 'inline',
    // A PDF opens in the browser's viewer (an embed the page must allow); an image needs nothing but itself.
    csp: (file) =>
      file.mime === 'application/pdf'
        ? "default-src 'none'; object-src 'self'; plugin-types application/pdf"
        : "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    read: (ctx, id) => {
      refuseToken(ctx); // the vault is for a signed-in browser only, never a personal access token
      return readVaultFile({ viewer: ctx.viewer, sessionToken: ctx.sessionToken }, id);
    },
  });
}
