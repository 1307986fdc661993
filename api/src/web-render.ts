import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Request } from 'express';
import type { Logger } from './kernel/logger';
import type { PageData } from './web-preload';

/**
 * The server's render of a signed-in page's first screen: the page's root element with the screen in it, or null
 * when the browser renders it (see web/src/app/server.tsx, built to web/dist-server/ beside web/dist/).
 */
export type PageRenderer = (req: Request, answers: PageData['answers'], nonce: string) => Promise<string | null>;

/** The web build's renderFirstScreen (web/src/app/server.tsx). */
type RenderFirstScreen = (
  request: { path: string; cookie: string; userAgent?: string; mobileHint?: string; nonce: string },
  answers: unknown,
) => Promise<string | null>;

/**
 * Loads the web build's server render, beside `dist` (web/dist-server/server.js); undefined without one (a build
 * without it, or one that fails to load, is logged): pages are then rendered by the browser alone. A render that
 * fails is logged, and that page too is left to the browser.
 */
export async function loadPageRenderer(dist: string, log: Logger): Promise<PageRenderer | undefined> {
  const file = path.join(path.dirname(path.resolve(dist)), 'dist-server', 'server.js');
  if (!fs.existsSync(file)) return undefined;
  let render: RenderFirstScreen;
  try {
    ({ renderFirstScreen: render } = (await import(pathToFileURL(file).href)) as { renderFirstScreen: RenderFirstScreen });
  } catch (err) {
    log.error({ err, file }, 'server render not loaded: pages are rendered by the browser');
    return undefined;
  }
  return async (req, answers, nonce) => {
    try {
      return await render(
        { path: req.path, cookie: req.headers.cookie ?? '', userAgent: req.headers['user-agent'], mobileHint: req.header('sec-ch-ua-mobile'), nonce },
        answers,
      );
    } catch (err) {
      log.error({ err, path: req.path }, 'server render failed: the page is rendered by the browser');
      return null;
    }
  };
}
