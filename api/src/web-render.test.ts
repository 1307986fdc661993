import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Request } from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from './kernel/logger';
import { loadPageRenderer } from './web-render';

/** A web build folder (dist/ beside dist-server/) with `server` as dist-server/server.js, or without one. */
function build(server?: string): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'saffa-render-'));
  fs.mkdirSync(path.join(root, 'dist'));
  if (server !== undefined) {
    fs.mkdirSync(path.join(root, 'dist-server'));
    fs.writeFileSync(path.join(root, 'dist-server', 'server.js'), server);
  }
  folders.push(root);
  return path.join(root, 'dist');
}
const folders: string[] = [];
afterAll(() => folders.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true })));

function logger() {
  const lines: Record<string, unknown>[] = [];
  const log = createLogger('info', {
    write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  return { log, lines };
}

const request = {
  path: '/',
  headers: { cookie: 'a=b', 'user-agent': 'Phone' },
  header: (name: string) => (name === 'sec-ch-ua-mobile' ? '?1' : undefined),
} as unknown as Request;
const ANSWERS = [{ operationName: 'Me', variables: {}, data: { me: null } }];

describe('loadPageRenderer', () => {
  it("calls the web build's renderFirstScreen with what it reads of the request, the answers and the nonce", async () => {
    const { log } = logger();
    const render = await loadPageRenderer(
      build(
        'export async function renderFirstScreen(request, answers) { return JSON.stringify({ request, answers }); }',
      ),
      log,
    );
    const answer = JSON.parse((await render!(request, ANSWERS, 'n0nce'))!) as unknown;
    expect(answer).toEqual({
      request: { path: '/', cookie: 'a=b', userAgent: 'Phone', mobileHint: '?1', nonce: 'n0nce' },
      answers: ANSWERS,
    });
  });

  it('is undefined without a server build, or with one that does not load (logged)', async () => {
    const { log, lines } = logger();
    expect(await loadPageRenderer(build(), log)).toBeUndefined();
    expect(await loadPageRenderer(build('this is not javascript ('), log)).toBeUndefined();
    expect(lines.map((line) => line.msg)).toEqual(['server render not loaded: pages are rendered by the browser']);
  });

  it('answers null for a render that fails (logged): the browser renders that page', async () => {
    const { log, lines } = logger();
    const render = await loadPageRenderer(
      build('export async function renderFirstScreen() { throw new Error("window is not defined"); }'),
      log,
    );
    expect(await render!(request, ANSWERS, 'n')).toBeNull();
    expect(lines).toMatchObject([{ msg: 'server render failed: the page is rendered by the browser' }]);
    expect(String(lines[0].error)).toContain('window is not defined');
  });

  it('renders in a worker thread, off the thread that serves requests', async () => {
    const { log } = logger();
    const render = await loadPageRenderer(
      build(
        `import { isMainThread } from 'node:worker_threads'; export async function renderFirstScreen() { return ` +
          `String(isMainThread); }`,
      ),
      log,
    );
    expect(await render!(request, ANSWERS, 'n')).toBe('false');
  });

  it('leaves a page to the browser when its render takes too long, and goes on rendering the next ones', async () => {
    const { log, lines } = logger();
    const render = await loadPageRenderer(
      build(
        `let calls = 0; export function renderFirstScreen() { calls += 1; return calls === 1 ? new Promise(() => {}) ` +
          `: Promise.resolve('page ' + calls); }`,
      ),
      log,
      200,
    );
    expect(await render!(request, ANSWERS, 'n')).toBeNull();
    expect(lines).toMatchObject([{ msg: 'server render timed out: the page is rendered by the browser', path: '/' }]);
    expect(await render!(request, ANSWERS, 'n')).toBe('page 2');
  });

  it('replaces a worker that died: its page goes to the browser, the next one is rendered again', async () => {
    const { log } = logger();
    const marker = path.join(build(), 'died-once');
    const render = await loadPageRenderer(
      build(
        `import fs from 'node:fs'; export async function renderFirstScreen() {
          if (!fs.existsSync(${JSON.stringify(marker)})) { fs.writeFileSync(${JSON.stringify(marker)}, ''); ` +
          `process.exit(1); }
          return 'rendered';
        }`,
      ),
      log,
    );
    expect(await render!(request, ANSWERS, 'n')).toBeNull();
    expect(await render!(request, ANSWERS, 'n')).toBe('rendered');
  });
});
