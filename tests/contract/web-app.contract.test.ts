/**
 * The built web app as a browser on a slow line gets it: compressed (brotli when accepted, else gzip, else as is)
 * with `Vary: Accept-Encoding`, hashed assets cached for a year as immutable, index.html and the client routes'
 * fallback revalidated every time and never kept by a shared cache; a signed-in visit's index.html carries the
 * session and the home feed's first page (and nothing when signed out). Needs the web app built
 * (`npm run build`), which writes the .br and .gz files and dist/preload.json.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT, signedUpClient, startApp, type App } from '../support/app';

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

describe('what a slow line fetches first', () => {
  test('the scripts index.html loads up front leave out graphql-ws (loaded on the first subscription)', () => {
    const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
    const initial = [
      ...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*href)="(\/assets\/[^"]+\.js)"/g),
    ].map((m) => m[1]);
    expect(initial.length).toBeGreaterThanOrEqual(3);
    for (const file of initial)
      expect(fs.readFileSync(path.join(DIST, file), 'utf8'), file).not.toContain('graphql-transport-ws');
    // It is still in the build, for the first subscription.
    const all = fs.readdirSync(path.join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
    expect(
      all.some((f) => fs.readFileSync(path.join(DIST, 'assets', f), 'utf8').includes('graphql-transport-ws')),
    ).toBe(true);
  });
});

describe('caching', () => {
  test('hashed assets are cached for a year as immutable', async () => {
    const res = await get(`${app.url}${mainScript}`, { 'accept-encoding': 'br' });
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });

  test('index.html and the client routes are revalidated every time and private (no-cache, with an ETag)', async () => {
    for (const p of ['/', '/index.html', '/friends/requests']) {
      const res = await get(`${app.url}${p}`, { 'accept-encoding': 'gzip' });
      expect(res.headers['cache-control'], p).toBe('private, no-cache');
      expect(res.headers.vary, p).toMatch(/cookie/i);
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
    const { client: member } = await signedUpClient(app.url);
    // Signed out (the static file) and signed in (the page with its first screen's data).
    for (const [p, headers] of [
      ['/', {}],
      ['/index.html', {}],
      ['/friends/requests', {}],
      ['/', { cookie: member.cookieHeader() }],
    ] as const) {
      const csp = (await get(`${app.url}${p}`, headers)).headers['content-security-policy'] as string | undefined;
      expect(csp, p).toBeTruthy();
      const directives = Object.fromEntries(
        csp!
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([k, ...v]) => [k, v]),
      );
      expect(directives['default-src']).toEqual(["'self'"]);
      // The signed-in home page, rendered by the server, also runs its one inline script (the colour mode's) by a
      // nonce.
      if ('cookie' in headers)
        expect(directives['script-src']).toEqual(["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{22}=='$/)]);
      else expect(directives['script-src']).toEqual(["'self'"]);
      expect(directives['object-src']).toEqual(["'none'"]);
      expect(directives['frame-ancestors']).toEqual(["'none'"]);
      expect([...directives['frame-src']].sort()).toEqual([
        'https://maps.google.com',
        'https://player.vimeo.com',
        'https://www.google.com',
        'https://www.youtube-nocookie.com',
        'https://www.youtube.com',
      ]);
    }
  });

  test("media plays from the app and from the radio stations' stream hosts, and from nowhere else", async () => {
    const csp = (await get(`${app.url}/radio`, {})).headers['content-security-policy'] as string;
    const mediaSrc = csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([k]) => k === 'media-src')!
      .slice(1);
    const stations = fs.readFileSync(path.join(REPO_ROOT, 'web/src/features/radio/stations.ts'), 'utf8');
    const streams = [...stations.matchAll(/streamUrl: '([^']+)'/g)].map((m) => new URL(m[1]).origin);
    expect(streams).toHaveLength(10);
    for (const origin of streams) expect(mediaSrc, origin).toContain(origin);
    expect(mediaSrc).not.toContain('https:');
    expect(mediaSrc).not.toContain('*');
  });

  test('the built index.html has no inline script the policy would block', () => {
    const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
    for (const tag of html.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? []) expect(tag, tag).toMatch(/\bsrc="\//);
  });
});

/** The answers a page carries in its `saffa-preload` element, or null when it has none. */
function pageData(html: string): { operationName: string; variables: Record<string, unknown>; data: any }[] | null {
  const start = html.indexOf('<script type="application/json" id="saffa-preload">');
  if (start < 0) return null;
  const text = html.slice(html.indexOf('>', start) + 1, html.indexOf('</script>', start));
  return JSON.parse(text);
}

describe('a signed-in visit carries its first screen', () => {
  test('the session and the home feed first page, compressed, private, varying on Cookie', async () => {
    const { client: member, user } = await signedUpClient(app.url);
    const created = await member.post('/api/posts', { content: 'First light over the Karoo' });
    expect(created.status, created.text).toBe(201);
    const res = await get(`${app.url}/`, { 'accept-encoding': 'br', cookie: member.cookieHeader() });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers.vary).toMatch(/cookie/i);
    const html = decoded(res).toString('utf8');
    expect(html).toContain(mainScript);
    const answers = pageData(html)!;
    expect(answers.map((a) => a.operationName)).toEqual(['Me', 'HomeFeed']);
    const [me, feed] = answers;
    expect(me.data.me).toMatchObject({ __typename: 'User', id: user.id, email: user.email });
    expect(feed.variables).toEqual({ first: 10 });
    expect(feed.data.feed.__typename).toBe('PostConnection');
    expect(feed.data.feed.nodes[0]).toMatchObject({ __typename: 'Post', content: 'First light over the Karoo' });
    expect(feed.data.feed.pageInfo).toHaveProperty('hasNextPage');
  });

  test('another client route carries the session only; gzip when brotli is not accepted', async () => {
    const { client: member } = await signedUpClient(app.url);
    const res = await get(`${app.url}/friends/requests`, { 'accept-encoding': 'gzip', cookie: member.cookieHeader() });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(pageData(decoded(res).toString('utf8'))!.map((a) => a.operationName)).toEqual(['Me']);
  });

  test('a signed-out visit, or one with a session that is not valid, carries nothing and gets the static file', async () => {
    for (const cookie of [undefined, 'saffa.sid=not-a-session']) {
      const res = await get(`${app.url}/`, { 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) });
      const html = decoded(res).toString('utf8');
      expect(pageData(html), String(cookie)).toBeNull();
      expect(html, String(cookie)).toBe(fs.readFileSync(path.join(DIST, 'index.html'), 'utf8'));
      expect(res.headers.etag, String(cookie)).toBeTruthy();
    }
  });

  test('a post whose text closes the script element cannot break out of it', async () => {
    const { client: member } = await signedUpClient(app.url);
    const content = '</script><script>window.pwned = 1</script><!-- <script> \u2028 & > "quoted"';
    const created = await member.post('/api/posts', { content });
    expect(created.status, created.text).toBe(201);
    const res = await get(`${app.url}/`, { cookie: member.cookieHeader() });
    const html = decoded(res).toString('utf8');
    // Two elements opened and closed by the server (the data, and the colour mode's script in the server's render,
    // which alone carries the page's nonce): the post's text adds no tag to the page.
    expect(html.match(/<script/gi)?.length).toBe(
      (fs.readFileSync(path.join(DIST, 'index.html'), 'utf8').match(/<script/gi)?.length ?? 0) + 2,
    );
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1];
    expect(html.match(/<script nonce="[^"]*">/g)).toEqual([`<script nonce="${nonce}">`]);
    expect(html).not.toContain('window.pwned = 1</script>');
    // The server's render shows the text as text.
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;window.pwned = 1&lt;/script&gt;');
    const feed = pageData(html)!.find((a) => a.operationName === 'HomeFeed')!;
    expect(feed.data.feed.nodes[0].content).toBe(content);
  });
});
