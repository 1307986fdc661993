import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, webAppRouter } from './web-app';
import type { PageData } from './web-preload';
import type { PageRenderer } from './web-render';

/**
 * The signed-in page is streamed: its head (the scripts) reaches the browser while the first screen's queries
 * still run, and the root element and their element follow (with the server's render of the screen when there is
 * one: web-render.ts). The page data source is a stand-in whose answer the test releases; the
 * contract tests (tests/contract/web-app.contract.test.ts) cover the real one over a real session and database.
 */
const HTML = `<!doctype html>
<html>
  <head>
    <script type="module" crossorigin src="/assets/main-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const DATA: PageData = {
  elementId: 'saffa-preload',
  answers: [{ operationName: 'Me', variables: {}, data: { me: { id: '1' } } }],
};

let dist: string;
let servers: http.Server[] = [];
let base: string;
let rendering: string;
let release: (data: PageData | null) => void = () => {};
/** What the server render stand-in was asked, and answers. */
const renders: { path: string; answers: PageData['answers']; nonce: string }[] = [];
let rendered: string | null = null;

async function serve(render?: PageRenderer): Promise<string> {
  const app = express();
  app.use(
    webAppRouter(
      dist,
      async (req) => (req.headers.cookie ? () => new Promise<PageData | null>((resolve) => (release = resolve)) : null),
      render,
    ),
  );
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'saffa-web-'));
  fs.writeFileSync(path.join(dist, 'index.html'), HTML);
  base = await serve();
  rendering = await serve(async (req, answers, nonce) => {
    renders.push({ path: req.path, answers, nonce });
    return rendered;
  });
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  servers = [];
  fs.rmSync(dist, { recursive: true, force: true });
});

/** Requests the page and decodes it as it arrives; `text()` is what has arrived so far. */
function open(encoding: string, from = base) {
  let text = '';
  let headers: http.IncomingHttpHeaders = {};
  const done = new Promise<number>((resolve, reject) => {
    http
      .get(`${from}/`, { headers: { cookie: 'saffa.sid=x', 'accept-encoding': encoding } }, (res) => {
        headers = res.headers;
        const kind = res.headers['content-encoding'];
        const body =
          kind === 'br'
            ? res.pipe(zlib.createBrotliDecompress())
            : kind === 'gzip'
              ? res.pipe(zlib.createGunzip())
              : res;
        body.setEncoding('utf8');
        body.on('data', (chunk: string) => (text += chunk));
        body.on('end', () => resolve(res.statusCode ?? 0));
        body.on('error', reject);
      })
      .on('error', reject);
  });
  return { text: () => text, headers: () => headers, done };
}

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('the signed-in page', () => {
  for (const encoding of ['br', 'gzip', 'identity']) {
    it(`sends its head before the data is answered, then the root element and the data before </body> (${encoding})`, async () => {
      const page = open(encoding);
      await until(() => page.text().includes('/assets/main-abc.js'), 'the head');
      expect(page.text()).not.toContain('<div id="root">');
      expect(page.text()).not.toContain('saffa-preload');
      release(DATA);
      expect(await page.done).toBe(200);
      const html = page.text();
      expect(html).toContain('<script type="application/json" id="saffa-preload">[{"operationName":"Me"');
      expect(html.indexOf('<div id="root"></div>')).toBeLessThan(html.indexOf('saffa-preload'));
      expect(html.indexOf('saffa-preload')).toBeLessThan(html.lastIndexOf('</body>'));
      expect(html.endsWith('</html>\n')).toBe(true);
    });
  }

  it('without an answer after all, ends as the plain page', async () => {
    const page = open('br');
    await until(() => page.text().includes('/assets/main-abc.js'), 'the head');
    release(null);
    expect(await page.done).toBe(200);
    expect(page.text()).toBe(HTML);
  });

  it('a signed-out visit gets the static file', async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBeTruthy();
    expect(await res.text()).toBe(HTML);
  });

  it('carries the server render of the screen in its root element, and lets the page run its inline script by a nonce', async () => {
    rendered = '<div id="root" data-server-render="computer"><article>Braai at Zoo Lake</article></div>';
    const page = open('br', rendering);
    await until(() => page.text().includes('/assets/main-abc.js'), 'the head');
    expect(renders).toHaveLength(0); // the render waits for the data
    release(DATA);
    expect(await page.done).toBe(200);
    const html = page.text();
    expect(html).toContain(`<body>\n    ${rendered}\n  <script type="application/json" id="saffa-preload">`);
    expect(html).not.toContain('<div id="root"></div>');
    const [render] = renders.splice(0);
    expect(render).toMatchObject({ path: '/', answers: DATA.answers });
    const policy = String(page.headers()['content-security-policy']);
    expect(policy).toContain(`script-src 'self' 'nonce-${render.nonce}'`);
    expect(render.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    // A new nonce for every page.
    const again = open('identity', rendering);
    await until(() => again.text().includes('/assets/main-abc.js'), 'the head');
    release(DATA);
    await again.done;
    expect(renders.splice(0)[0].nonce).not.toBe(render.nonce);
  });

  it('without a render after all (or without data), keeps the empty root element for the browser', async () => {
    rendered = null;
    const page = open('gzip', rendering);
    await until(() => page.text().includes('/assets/main-abc.js'), 'the head');
    release(DATA);
    await page.done;
    expect(page.text()).toContain('<div id="root"></div>');
    const empty = open('gzip', rendering);
    await until(() => empty.text().includes('/assets/main-abc.js'), 'the head');
    const before = renders.splice(0).length;
    release(null);
    await empty.done;
    expect(empty.text()).toBe(HTML);
    expect(renders).toHaveLength(0);
    expect(before).toBe(1);
  });

  it('the plain page keeps the policy without a nonce', async () => {
    const res = await fetch(`${rendering}/`);
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });
});
