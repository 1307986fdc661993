/**
 * The built web app as a browser on a slow line gets it: compressed (brotli when accepted, else gzip, else as is)
 * with `Vary: Accept-Encoding`, hashed assets cached for a year as immutable, index.html and the client routes'
 * fallback revalidated every time. Needs the web app built (`npm run build`), which writes the .br and .gz files.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT, startApp, type App } from '../support/app';

const DIST = path.join(REPO_ROOT, 'web', 'dist');
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body exactly as sent (still compressed). */
  body: Buffer;
}

/** A GET that sends only the headers given and keeps the body as it came over the wire. */
function get(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      })
      .on('error', reject);
  });
}

function decoded(res: Raw): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.body);
  if (encoding === 'gzip') return zlib.gunzipSync(res.body);
  return res.body;
}

let app: App;
let mainScript: string;

beforeAll(async () => {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  mainScript = html.match(/<script[^>]*\bsrc="(\/assets\/[^"]+\.js)"/)![1];
  app = await startApp();
});

afterAll(async () => {
  await app?.stop();
});

describe('the web app is served compressed', () => {
  test('brotli when the browser accepts it, with Vary: Accept-Encoding', async () => {
    const res = await get(`${app.url}${mainScript}`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    const original = fs.readFileSync(path.join(DIST, mainScript));
    expect(decoded(res).equals(original)).toBe(true);
    expect(res.body.length).toBeLessThan(original.length / 2);
  });

  test('gzip when brotli is not accepted (or refused with q=0)', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip']) {
      const res = await get(`${app.url}${mainScript}`, { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(res).equals(fs.readFileSync(path.join(DIST, mainScript)))).toBe(true);
    }
  });

  test('as is when the client accepts no compression', async () => {
    const res = await get(`${app.url}${mainScript}`);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body.equals(fs.readFileSync(path.join(DIST, mainScript)))).toBe(true);
  });

  test('index.html too, for the root and every client route', async () => {
    for (const p of ['/', '/messages', '/post/123']) {
      const res = await get(`${app.url}${p}`, { 'accept-encoding': 'br' });
      expect(res.status, p).toBe(200);
      expect(res.headers['content-encoding'], p).toBe('br');
      expect(res.headers['content-type'], p).toMatch(/^text\/html/);
      expect(decoded(res).toString('utf8'), p).toContain(mainScript);
    }
  });
});

describe('caching', () => {
  test('hashed assets are cached for a year as immutable', async () => {
    const res = await get(`${app.url}${mainScript}`, { 'accept-encoding': 'br' });
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });

  test('index.html and the client routes are revalidated every time (no-cache, with an ETag)', async () => {
    for (const p of ['/', '/index.html', '/friends/requests']) {
      const res = await get(`${app.url}${p}`, { 'accept-encoding': 'gzip' });
      expect(res.headers['cache-control'], p).toBe('no-cache');
      expect(res.headers.etag, p).toBeTruthy();
      const again = await get(`${app.url}${p}`, { 'accept-encoding': 'gzip', 'if-none-match': res.headers.etag! });
      expect(again.status, p).toBe(304);
    }
  });

  test('a hashed asset that does not exist is a 404, not the app', async () => {
    const res = await get(`${app.url}/assets/index-gone1234.js`, { 'accept-encoding': 'br' });
    expect(res.status).toBe(404);
    expect(res.headers['cache-control']).not.toBe(IMMUTABLE);
  });
});

describe('Content-Security-Policy', () => {
  test('the app pages allow scripts only from the app itself and frames only from the map and video embeds', async () => {
    for (const p of ['/', '/index.html', '/friends/requests']) {
      const csp = (await get(`${app.url}${p}`)).headers['content-security-policy'] as string | undefined;
      expect(csp, p).toBeTruthy();
      const directives = Object.fromEntries(csp!.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
      expect(directives['default-src']).toEqual(["'self'"]);
      expect(directives['script-src']).toEqual(["'self'"]);
      expect(directives['object-src']).toEqual(["'none'"]);
      expect(directives['frame-ancestors']).toEqual(["'none'"]);
      expect([...directives['frame-src']].sort()).toEqual(
        ['https://maps.google.com', 'https://player.vimeo.com', 'https://www.google.com', 'https://www.youtube-nocookie.com', 'https://www.youtube.com'],
      );
    }
  });

  test('the built index.html has no inline script the policy would block', () => {
    const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
    for (const tag of html.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? []) expect(tag, tag).toMatch(/\bsrc="\//);
  });
});
