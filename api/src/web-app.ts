import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline, type Writable } from 'node:stream';
import zlib from 'node:zlib';
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { PageData, PageDataSource } from './web-preload';
import type { PageRenderer } from './web-render';

/**
 * Serves the built web app (web/dist) for slow lines: each file in its precompressed form (`.br`, else `.gz`,
 * written by the web build) when the browser accepts that encoding, with `Vary: Accept-Encoding`; hashed files
 * under /assets/ cached for a year as immutable; index.html and everything else revalidated on every use
 * (`no-cache`, with ETags), so a deploy is seen at once. Client routes fall back to index.html.
 *
 * With a page data source, index.html of a signed-in visit carries the first screen's data (web-preload.ts): that
 * page is built per request, compressed on the fly and streamed (its head first, see sendIndex), and never stored by a
 * shared cache (`private`, `Vary: Cookie`, for the plain index.html too, as one URL answers both).
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
export const PRIVATE_REVALIDATE = 'private, no-cache';

/**
 * JSON that can sit inside a `<script type="application/json">`: no `<` (so no `</script>` or `<!--` can end or
 * change the element), `>` and `&` escaped as well, and the two line separators JavaScript once choked on.
 * JSON.parse of the element's text answers the value unchanged.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The element that carries a page's data (read by web/src/app/preload.ts). */
export function pageDataElement(data: PageData): string {
  return `<script type="application/json" id="${data.elementId}">${scriptSafeJson(data.answers)}</script>`;
}

/**
 * The Content-Security-Policy of the app's pages: scripts only from this origin; frames only the embeds the app
 * shows (YouTube and Vimeo players, the Google Maps check-in map, which the page also probes with a HEAD request);
 * images also from https (video thumbnails, provider profile pictures) and data:/blob: (upload previews); inline
 * styles because Chakra's emotion writes its rules into <style> elements at run time. Media also from the radio
 * stations' streaming hosts (web/src/features/radio/stations.ts; streamtheworld redirects to its numbered hosts).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob: https://edge.iono.fm https://playerservices.streamtheworld.com https://*.streamtheworld.com",
  "font-src 'self' data:",
  "connect-src 'self' https://maps.google.com",
  'frame-src https://www.youtube.com https://www.youtube-nocookie.com https://player.vimeo.com ' +
    'https://maps.google.com https://www.google.com',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The policy of a server-rendered page: it also runs the inline script that carries `nonce` (the colour mode's). */
export function policyWithNonce(nonce: string): string {
  return CONTENT_SECURITY_POLICY.replace("script-src 'self'", `script-src 'self' 'nonce-${nonce}'`);
}

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

/** Sends `file` (inside dist), or its best precompressed sibling the client accepts. */
function send(req: Request, res: Response, file: string, cacheControl: string, vary = 'Accept-Encoding') {
  res.setHeader('Vary', vary);
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
}

/**
 * `GET /graphql` from a browser (HTML preferred, no `query` parameter): the GraphQL explorer, GraphiQL from the
 * web build's own entry (web/graphiql.html, with its scripts and styles in /assets/: no CDN). Anything else, and
 * every request when the web app is not built, goes on to the GraphQL server.
 */
export function explorerPage(dist: string) {
  const page = path.join(path.resolve(dist), 'graphiql.html');
  return (req: Request, res: Response, next: NextFunction) => {
    const wantsHtml =
      req.accepts(['application/json', 'application/graphql-response+json', 'text/html']) === 'text/html';
    if (!wantsHtml || req.query.query !== undefined || !isFile(page)) return next();
    send(req, res, page, PRIVATE_REVALIDATE, 'Accept, Accept-Encoding');
  };
}

/**
 * The compressor for a page built per request (brotli, else gzip, at fast settings: it is small), with its
 * Content-Encoding set; null when the browser accepts neither.
 */
function pageEncoder(req: Request, res: Response): zlib.BrotliCompress | zlib.Gzip | null {
  const accepts = req.headers['accept-encoding'];
  if (acceptedQuality(accepts, 'br') > 0) {
    res.setHeader('Content-Encoding', 'br');
    return zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (acceptedQuality(accepts, 'gzip') > 0) {
    res.setHeader('Content-Encoding', 'gzip');
    return zlib.createGzip({ level: 6 });
  }
  return null;
}

/** index.html's root element, which the app renders into. */
const ROOT_ELEMENT = '<div id="root"></div>';

export function webAppRouter(dist: string, pageData?: PageDataSource, render?: PageRenderer): Router {
  const root = path.resolve(dist);
  const index = path.join(root, 'index.html');
  const router = Router();

  /**
   * index.html, with the first screen's data when the visit is signed in. That page is streamed: its head (the
   * scripts and their preload links) goes out at once, so the browser fetches the scripts while the first screen's
   * queries run. Then comes the root element: with the screen rendered by the server when it can (web-render.ts),
   * so the page shows it before its scripts arrive, and the data's element, just before `</body>` (module scripts
   * run only once the whole page is parsed, so they find it).
   */
  const sendIndex = async (req: Request, res: Response) => {
    // The carried data only saves round trips: when it cannot be had (the database is away), the page still loads.
    const pending = pageData ? await pageData(req, res).catch(() => null) : null;
    if (!pending) return send(req, res, index, PRIVATE_REVALIDATE, 'Accept-Encoding, Cookie');
    const html = fs.readFileSync(index, 'utf8');
    const body = html.lastIndexOf('</body>');
    const end = body < 0 ? html.length : body;
    const rootAt = html.indexOf(ROOT_ELEMENT);
    const at = rootAt < 0 ? end : rootAt;
    res.setHeader('Vary', 'Accept-Encoding, Cookie');
    res.setHeader('Cache-Control', PRIVATE_REVALIDATE);
    // A page the server may render runs the colour mode's inline script under this page's nonce.
    const nonce = render ? crypto.randomBytes(16).toString('base64') : '';
    res.setHeader('Content-Security-Policy', render ? policyWithNonce(nonce) : CONTENT_SECURITY_POLICY);
    res.type('html');
    const encoder = pageEncoder(req, res);
    const out: Writable = encoder ?? res;
    if (encoder) pipeline(encoder, res, () => {}); // a visitor who leaves mid-page ends both streams
    out.write(html.slice(0, at));
    encoder?.flush();
    const data = await pending().catch(() => null);
    const rendered = data && render && rootAt >= 0 ? await render(req, data.answers, nonce) : null;
    const rest = rootAt < 0 ? '' : `${rendered ?? ROOT_ELEMENT}${html.slice(rootAt + ROOT_ELEMENT.length, end)}`;
    out.end(`${rest}${data ? `${pageDataElement(data)}\n  ` : ''}${html.slice(end)}`);
  };

  router.get('/{*splat}', async (req, res, next) => {
    let file: string;
    try {
      file = path.join(root, decodeURIComponent(req.path));
    } catch {
      return next();
    }
    const inside = file.startsWith(root + path.sep);
    if (file === index) return sendIndex(req, res).catch(next);
    if (inside && !/\.(br|gz)$/.test(file) && isFile(file)) {
      return send(req, res, file, req.path.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
    }
    // A missing hashed asset is a 404 (an old page asking for a file a deploy removed), not the app's HTML.
    if (req.path.startsWith('/assets/')) return res.status(404).type('text').send('Not found');
    return sendIndex(req, res).catch(next);
  });
  return router;
}
