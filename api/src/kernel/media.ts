import express, { Router } from 'express';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { settings } from './settings';

/**
 * Serves stored media with its content type, never sniffed, and a sandboxing CSP so an uploaded
 * SVG or HTML file cannot run script on this origin.
 */
export function mediaRouter(dir: string): Router {
  fs.mkdirSync(dir, { recursive: true });
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox");
    next();
  });
  router.use(express.static(dir, { index: false, dotfiles: 'deny', fallthrough: true, maxAge: '7d', immutable: true }));
  router.use((_req, res) => res.status(404).type('text').send('Not found'));
  return router;
}

/**
 * The media store: bytes go to a file under MEDIA_DIR (an S3-compatible store can take its place behind
 * this function), the row keeps only the returned URL.
 */
export async function storeMedia(bytes: Buffer, opts: { folder: string; ext: string }): Promise<string> {
  const folder = opts.folder.replace(/[^a-z0-9-]/gi, '');
  const ext = opts.ext.replace(/[^a-z0-9]/gi, '').toLowerCase();
  const dir = path.join(settings().mediaDir, folder);
  await fs.promises.mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.${ext}`;
  await fs.promises.writeFile(path.join(dir, name), bytes);
  return `/media/${folder}/${name}`;
}
