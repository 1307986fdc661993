/**
 * The shared frame of a browser test file: one app and one browser for the file, pages in their own contexts
 * (requests to other origins aborted) that are closed after each test with no uncaught page errors allowed, and
 * the members' GraphQL and sign-up shortcuts. Call `browserSuite()` at the top level of the test file.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { freePort, memberInput, REPO_ROOT, startApp, type App } from './app';
import { launchBrowser, newPage, waitUntil, type TestPage } from './browser';

/**
 * `host: 'localhost'` serves the app at http://localhost:<port> (its PUBLIC_URL) rather than 127.0.0.1: browsers
 * refuse an IP address as a WebAuthn relying party, so passkeys need a name.
 */
export function browserSuite(
  env: Record<string, string> = { RATE_SIGNUP_PER_IP: '1000', RATE_SIGNIN_PER_IP: '1000' },
  opts: { host?: 'localhost' } = {},
) {
  let app: App;
  let base: string;
  let browser: Browser;
  const open: TestPage[] = [];

  beforeAll(async () => {
    const index = path.join(REPO_ROOT, 'web', 'dist', 'index.html');
    if (!fs.existsSync(index)) throw new Error(`${index} is missing: run "npm run build" first`);
    const named = opts.host ? await freePort() : null;
    const served = named ? { ...env, PORT: String(named), PUBLIC_URL: `http://${opts.host}:${named}` } : env;
    [app, browser] = await Promise.all([startApp(served), launchBrowser()]);
    base = named ? `http://${opts.host}:${named}` : app.url;
  });

  afterEach(async () => {
    const pages = open.splice(0);
    const errors = pages.flatMap((p) => p.pageErrors.map((e) => e.message));
    await Promise.all(pages.map((p) => p.close()));
    expect(errors, 'uncaught errors in the page').toEqual([]);
  });

  afterAll(async () => {
    await Promise.all([browser?.close(), app?.stop()]);
  });

  async function page(options: BrowserContextOptions = {}): Promise<TestPage> {
    const tp = await newPage(browser, base, options);
    open.push(tp);
    const origin = new URL(base).origin;
    await tp.context.route(
      (url) => url.origin !== origin,
      (route) => route.abort(),
    );
    return tp;
  }

  async function gql<T = any>(context: BrowserContext, query: string, variables?: Record<string, unknown>): Promise<T> {
    const res = await context.request.post('/graphql', { data: { query, variables } });
    const body = await res.json();
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data as T;
  }

  /**
   * Registers a member in the context (signed in, with `email` or a fresh one), with the tutorial done; answers their
   * input and id.
   */
  async function signUp(context: BrowserContext, firstName: string, lastName: string, email?: string) {
    const input = memberInput({ firstName, lastName, ...(email ? { email } : {}) });
    const res = await context.request.post('/api/auth/register', { data: input });
    expect(res.status(), await res.text()).toBe(201);
    await gql(context, 'mutation { updateTutorial(tutorialCompleted: true, tutorialStep: 9) { id } }');
    const { me } = await gql<{ me: { id: string } }>(context, '{ me { id } }');
    return { input, id: me.id };
  }

  /** Registers Annelie Admin with `email` (which the suite's ADMIN_EMAILS names) in the context, tutorial done. */
  async function signUpAdmin(context: BrowserContext, email: string) {
    const res = await context.request.post('/api/auth/register', {
      data: memberInput({ email, firstName: 'Annelie', lastName: 'Admin' }),
    });
    expect(res.status(), await res.text()).toBe(201);
    await gql(context, 'mutation { updateTutorial(tutorialCompleted: true, tutorialStep: 9) { id } }');
  }

  return { page, gql, signUp, signUpAdmin, app: () => app };
}

/** The toast titled `title` (exactly). */
export const toast = (p: Page, title: string) =>
  p.getByRole('status').filter({ has: p.getByText(title, { exact: true }) });

/** Waits up to 15 s for `loc` to be visible; `what` names it in the failure. */
export async function shown(loc: Locator, what: string): Promise<Locator> {
  await waitUntil(() => loc.isVisible(), what, 15_000);
  return loc;
}

/**
 * Runs `action` and waits for the server's answer to the GraphQL operation it sends (by name). For optimistic
 * screens, whose change shows before it is stored: a reload right after would cancel the request.
 */
export async function answered(p: Page, operationName: string, action: () => Promise<void>): Promise<void> {
  const response = p.waitForResponse(
    (r) => r.url().endsWith('/graphql') && r.request().postDataJSON()?.operationName === operationName,
  );
  await action();
  expect((await response).status()).toBe(200);
}
