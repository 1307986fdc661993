import fs from 'node:fs';
import path from 'node:path';
import { Router, type Request, type Response } from 'express';

/**
 * Serves the built web app (web/dist) for slow lines: each file in its precompressed form (`.br`, else `.gz`,
 * written by the web build) when the browser accepts that encoding, with `Vary: Accept-Encoding`; hashed files
 * under /assets/ cached for a year as immutable; index.html and everything else revalidated on every use
 * (`no-cache`, with ETags), so a deploy is seen at once. Client routes fall back to index.html.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/**
 * The Content-Security-Policy of the app's pages: scripts only from this origin; frames only the embeds the app
 * shows (YouTube and Vimeo players, the Google Maps check-in map, which the page also probes with a HEAD request);
 * images also from https (video thumbnails, provider profile pictures) and data:/blob: (upload previews); inline
 * styles because Chakra's emotion writes its rules into <style> elements at run time.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self' https://maps.google.com",
  'frame-src https://www.youtube.com https://www.youtube-nocookie.com https://player.vimeo.com https://maps.google.com https://www.google.com',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Encodings we have files for, most preferred first, with the file suffix. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** The q-value the Accept-Encoding header gives `name` (through `*` when not named); 0 when not acceptable. */
export function acceptedQuality(header: string | undefined, name: string): number {
  let star: number | undefined;
  for (const part of (header ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const quality = q ? Number(q.slice(2)) : 1;
    const value = Number.isFinite(quality) ? quality : 0;
    if (token === name) return value;
    if (token === '*') star = value;
  }
  return star ?? 0;
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

export function webAppRouter(dist: string): Router {
  const root = path.resolve(dist);
  const index = path.join(root, 'index.html');
  const router = Router();

  /** Sends `file` (inside dist), or its best precompressed sibling the client accepts. */
  const send = (req: Request, res: Response, file: string, cacheControl: string) => {
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Cache-Control', cacheControl);
    res.type(path.extname(file));
    if (file.endsWith('.html')) res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    let chosen = file;
    for (const { name, suffix } of ENCODINGS) {
      if (acceptedQuality(req.headers['accept-encoding'], name) > 0 && isFile(file + suffix)) {
        res.setHeader('Content-Encoding', name);
        chosen = file + suffix;
        break;
      }
    }
    res.sendFile(chosen, { cacheControl: false, dotfiles: 'deny' });
  };

  router.get('/{*splat}', (req, res, next) => {
    let file: string;
    try {
      file = path.join(root, decodeURIComponent(req.path));
    } catch {
      return next();
    }
    const inside = file.startsWith(root + path.sep);
    if (inside && !/\.(br|gz)$/.test(file) && isFile(file)) {
      return send(req, res, file, req.path.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
    }
    // A missing hashed asset is a 404 (an old page asking for a file a deploy removed), not the app's HTML.
    if (req.path.startsWith('/assets/')) return res.status(404).type('text').send('Not found');
    send(req, res, index, REVALIDATE);
  });
  return router;
}
