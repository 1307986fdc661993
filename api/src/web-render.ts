import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Request } from 'express';
import type { Logger } from './kernel/logger';
import type { PageData } from './web-preload';

/**
 * The server's render of a signed-in page's first screen: the page's root element with the screen in it, or null
 * when the browser renders it (see web/src/app/server.tsx, built to web/dist-server/ beside web/dist/).
 */
export type PageRenderer = (req: Request, answers: PageData['answers'], nonce: string) => Promise<string | null>;

/** What the web build's renderFirstScreen (web/src/app/server.tsx) reads of the request. */
interface PageRequest {
  path: string;
  cookie: string;
  userAgent?: string;
  mobileHint?: string;
  nonce: string;
}

type Reply = { id: number; html: string | null } | { id: number; error: string };

/**
 * The worker: loads the web build's server render, says so, then renders one page per message. (CommonJS source
 * run with `eval`, so it needs no file of its own in api/dist.)
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.url).then(
  ({ renderFirstScreen }) => {
    if (typeof renderFirstScreen !== 'function') throw new Error('the server build exports no renderFirstScreen');
    parentPort.on('message', async ({ id, request, answers }) => {
      try {
        parentPort.postMessage({ id, html: await renderFirstScreen(request, answers) });
      } catch (err) {
        parentPort.postMessage({ id, error: String((err && err.stack) || err) });
      }
    });
    parentPort.postMessage({ ready: true });
  },
).catch((err) => parentPort.postMessage({ loadError: String((err && err.stack) || err) }));
`;

/** A render that takes longer than this is left to the browser (the worker is busy, or stuck). */
export const RENDER_TIMEOUT_MS = 2_000;

/**
 * Loads the web build's server render, beside `dist` (web/dist-server/server.js), in a worker thread: rendering a
 * screen takes tens of milliseconds of CPU, which would otherwise hold up every other request and socket of this
 * process. Undefined without a server build, or with one that does not load (logged): pages are then rendered by
 * the browser alone. A render that fails or times out is logged, and that page too is left to the browser; a worker
 * that dies is replaced at the next page.
 */
export async function loadPageRenderer(
  dist: string,
  log: Logger,
  timeoutMs = RENDER_TIMEOUT_MS,
): Promise<PageRenderer | undefined> {
  const file = path.join(path.dirname(path.resolve(dist)), 'dist-server', 'server.js');
  if (!fs.existsSync(file)) return undefined;
  const url = pathToFileURL(file).href;
  const pending = new Map<number, (html: string | null) => void>();
  let nextId = 0;

  /** Starts a worker; answers it once it has loaded the render, or null (logged) when it could not. */
  function start(): Promise<Worker | null> {
    return new Promise((resolve) => {
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { url } });
      worker.unref(); // never keeps the process alive
      worker.on('message', (message: Reply | { ready: true } | { loadError: string }) => {
        if ('ready' in message) {
          live = worker;
          return resolve(worker);
        }
        if ('loadError' in message) {
          log.error({ error: message.loadError, file }, 'server render not loaded: pages are rendered by the browser');
          void worker.terminate();
          return resolve(null);
        }
        const done = pending.get(message.id);
        pending.delete(message.id);
        if ('error' in message)
          log.error({ error: message.error }, 'server render failed: the page is rendered by the browser');
        done?.('html' in message ? message.html : null);
      });
      worker.on('error', (err) => log.error({ err }, 'server render worker failed'));
      worker.on('exit', () => {
        // Its pages go to the browser; the next page starts a new worker.
        if (live === worker) {
          live = null;
          current = undefined;
          for (const done of pending.values()) done(null);
          pending.clear();
        }
        resolve(null);
      });
    });
  }

  let live: Worker | null = null;
  let current: Promise<Worker | null> | undefined = start();
  if (!(await current)) return undefined;

  return async (req, answers, nonce) => {
    current ??= start();
    const worker = await current;
    if (!worker) {
      current = undefined;
      return null;
    }
    const id = nextId++;
    const request: PageRequest = {
      path: req.path,
      cookie: req.headers.cookie ?? '',
      userAgent: req.headers['user-agent'],
      mobileHint: req.header('sec-ch-ua-mobile'),
      nonce,
    };
    return new Promise<string | null>((resolve) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        log.warn({ path: req.path, timeoutMs }, 'server render timed out: the page is rendered by the browser');
        resolve(null);
      }, timeoutMs);
      pending.set(id, (html) => {
        clearTimeout(timer);
        resolve(html);
      });
      worker.postMessage({ id, request, answers });
    });
  };
}
