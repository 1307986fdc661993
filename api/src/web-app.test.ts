import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webAppRouter } from './web-app';
import type { PageData } from './web-preload';

/**
 * The signed-in page is streamed: its head (the scripts) reaches the browser while the first screen's queries
 * still run, and their element follows. The page data source is a stand-in whose answer the test releases; the
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
const DATA: PageData = { elementId: 'saffa-preload', answers: [{ operationName: 'Me', variables: {}, data: { me: { id: '1' } } }] };

let dist: string;
let server: http.Server;
let base: string;
let release: (data: PageData | null) => void = () => {};

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'saffa-web-'));
  fs.writeFileSync(path.join(dist, 'index.html'), HTML);
  const app = express();
  app.use(
    webAppRouter(dist, async (req) =>
      req.headers.cookie ? () => new Promise<PageData | null>((resolve) => (release = resolve)) : null,
    ),
  );
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dist, { recursive: true, force: true });
});

/** Requests the page and decodes it as it arrives; `text()` is what has arrived so far. */
function open(encoding: string) {
  let text = '';
  const done = new Promise<number>((resolve, reject) => {
    http
      .get(`${base}/`, { headers: { cookie: 'saffa.sid=x', 'accept-encoding': encoding } }, (res) => {
        const kind = res.headers['content-encoding'];
        const body = kind === 'br' ? res.pipe(zlib.createBrotliDecompress()) : kind === 'gzip' ? res.pipe(zlib.createGunzip()) : res;
        body.setEncoding('utf8');
        body.on('data', (chunk: string) => (text += chunk));
        body.on('end', () => resolve(res.statusCode ?? 0));
        body.on('error', reject);
      })
      .on('error', reject);
  });
  return { text: () => text, done };
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
    it(`sends its head before the data is answered, then the data before </body> (${encoding})`, async () => {
      const page = open(encoding);
      await until(() => page.text().includes('<div id="root"></div>'), 'the head and the root element');
      expect(page.text()).toContain('/assets/main-abc.js');
      expect(page.text()).not.toContain('saffa-preload');
      release(DATA);
      expect(await page.done).toBe(200);
      const html = page.text();
      expect(html).toContain('<script type="application/json" id="saffa-preload">[{"operationName":"Me"');
      expect(html.indexOf('saffa-preload')).toBeLessThan(html.lastIndexOf('</body>'));
      expect(html.endsWith('</html>\n')).toBe(true);
    });
  }

  it('without an answer after all, ends as the plain page', async () => {
    const page = open('br');
    await until(() => page.text().includes('<div id="root"></div>'), 'the head');
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
});
