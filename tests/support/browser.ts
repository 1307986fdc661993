/**
 * Headless Chromium through playwright-core (the Debian package; no browser download).
 * Pages come from a fresh context each, so cookies and local storage never leak between tests.
 */
import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium, or set CHROMIUM_PATH`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors thrown in the page (a broken screen a person would notice). */
  pageErrors: Error[];
  close(): Promise<void>;
}

/** A page in its own context with `baseURL` set, light colour scheme and a desktop viewport unless overridden. */
export async function newPage(browser: Browser, baseURL: string, options: BrowserContextOptions = {}): Promise<TestPage> {
  const context = await browser.newContext({ baseURL, colorScheme: 'light', viewport: { width: 1280, height: 800 }, ...options });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(15_000);
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (err) => pageErrors.push(err));
  return { context, page, pageErrors, close: () => context.close() };
}

/** Waits until `fn` returns a truthy value (polling), for conditions a locator cannot express. */
export async function waitUntil<T>(fn: () => Promise<T> | T, what: string, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
      last = v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last: ${String(last)})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
