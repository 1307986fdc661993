/**
 * The app shell as a person meets it (spec 000 sections 2 and 4, spec 002 landing and legal pages):
 * landing, sign-up and sign-in, the signed-in layout, every route, sidebar, theme, mobile menu, sign-out.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { memberInput, REPO_ROOT, startApp, type App, type MemberInput } from '../support/app';
import { launchBrowser, newPage, waitUntil, type TestPage } from '../support/browser';

/** The signed-in route table of spec 000 section 2. */
const ROUTES = [
  '/',
  '/business',
  '/messages',
  '/reels',
  '/explore',
  '/jobs',
  '/events',
  '/dating',
  '/recipes',
  '/radio',
  '/noot-vir-noot',
  '/things-to-do',
  '/discover-checkins',
  '/discover-groups',
  '/marketplace',
  '/klets',
  '/news',
  '/profile',
  '/bragging-rights',
  '/bragging-rights/championships/x',
  '/saffa-radar',
  '/admin',
];
const NOT_FOUND_TEXT = 'Did you forget to add the page to the router?';

let app: App;
let browser: Browser;
const open: TestPage[] = [];

beforeAll(async () => {
  const index = path.join(REPO_ROOT, 'web', 'dist', 'index.html');
  if (!fs.existsSync(index)) throw new Error(`${index} is missing: run "npm run build" first`);
  [app, browser] = await Promise.all([
    startApp({ RATE_SIGNUP_PER_IP: '1000', RATE_SIGNIN_PER_IP: '1000' }),
    launchBrowser(),
  ]);
});

afterEach(async () => {
  // Uncaught errors in the page are failures a person would notice; close every page either way.
  const pages = open.splice(0);
  const errors = pages.flatMap((p) => p.pageErrors.map((e) => e.message));
  await Promise.all(pages.map((p) => p.close()));
  expect(errors, 'uncaught errors in the page').toEqual([]);
});

afterAll(async () => {
  await Promise.all([browser?.close(), app?.stop()]);
});

async function page(options: Parameters<typeof newPage>[2] = {}): Promise<TestPage> {
  const tp = await newPage(browser, app.url, options);
  open.push(tp);
  return tp;
}

/** Registers a member through the API inside the browser context (the context keeps the session cookie). */
async function signUpInContext(context: BrowserContext, overrides: Partial<MemberInput> = {}): Promise<MemberInput> {
  const input = memberInput(overrides);
  const res = await context.request.post('/api/auth/register', { data: input });
  expect(res.status(), await res.text()).toBe(201);
  await finishTutorial(context);
  return input;
}

/** Marks the first-run tutorial done, so its overlay does not cover the screens under test. */
async function finishTutorial(context: BrowserContext) {
  const res = await context.request.post('/graphql', {
    data: { query: 'mutation { updateTutorial(tutorialCompleted: true, tutorialStep: 9) { id } }' },
  });
  const body = await res.json();
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
}

const sidebar = (p: Page) => p.getByTestId('sidebar');
const htmlClass = (p: Page) => p.evaluate(() => document.documentElement.className);

/**
 * Waits for a DOM condition, checked on every animation frame. Locator waits back off to 500 ms
 * between checks; waiting for the screen first this way keeps the suite fast, and the locator
 * assertions that follow then succeed on their first check.
 */
function until<A>(p: Page, fn: (arg: A) => unknown, arg: A) {
  return p.waitForFunction(fn as (arg: unknown) => unknown, arg, { polling: 'raf' });
}

/** Waits for the screen's visible <h1> and answers its text. */
async function heading(p: Page): Promise<string> {
  await until(
    p,
    () => {
      const h = document.querySelector('h1');
      return !!h && h.getBoundingClientRect().height > 0 && !!h.textContent?.trim();
    },
    null,
  );
  return (await p.locator('h1').first().innerText()).trim();
}

/** Waits until the element with this data-testid is visible (or, with `false`, gone or hidden). */
function testId(p: Page, id: string, visible = true) {
  return until(
    p,
    ([sel, want]) => {
      const el = document.querySelector(sel);
      const shown = !!el && el.getBoundingClientRect().height > 0 && getComputedStyle(el).visibility !== 'hidden';
      return shown === want;
    },
    [`[data-testid="${id}"]`, visible] as const,
  );
}

/**
 * Runs `act` (a click, a history change) and answers the <h1> text of the screen at `route` once the
 * previous screen's heading is gone: during a client-side navigation the old screen stays up until the
 * new one has loaded.
 */
async function headingAfter(p: Page, route: string, act: () => Promise<unknown>): Promise<string> {
  await p.evaluate(() => {
    for (const h of document.querySelectorAll('h1')) h.setAttribute('data-e2e-previous', '');
  });
  await act();
  await until(
    p,
    (to) => {
      const h = document.querySelector('h1');
      return (
        window.location.pathname === to &&
        !!h &&
        !h.hasAttribute('data-e2e-previous') &&
        h.getBoundingClientRect().height > 0 &&
        !!h.textContent?.trim()
      );
    },
    route,
  );
  return (await p.locator('h1').first().innerText()).trim();
}

/** Moves the app to `route` the way the browser's Back and Forward do (history entry + popstate). */
function navigateInApp(p: Page, route: string): Promise<string> {
  return headingAfter(p, route, () =>
    p.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, route),
  );
}

async function expectSignedInLayout(p: Page) {
  await testId(p, 'topbar');
  await testId(p, 'sidebar');
}

async function expectLanding(p: Page) {
  await heading(p);
  await p.getByRole('button', { name: 'Email', exact: true }).waitFor({ state: 'visible' });
  expect(await p.getByTestId('sidebar').count()).toBe(0);
}

async function signInWithEmailForm(p: Page, input: MemberInput) {
  await p.getByRole('button', { name: 'Email', exact: true }).click();
  await p.getByLabel('Email', { exact: true }).fill(input.email);
  await p.getByLabel('Password', { exact: true }).fill(input.password);
  await p.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('signed out', () => {
  test('every app path shows the landing with its sign-in choices', async () => {
    const { page: p } = await page();
    for (const route of ['/', '/messages', '/no-such-page']) {
      await p.goto(route);
      await expectLanding(p);
    }
  });

  test.each(['/privacy', '/terms'])('%s shows the effective date and the minimum age of 18', async (route) => {
    const { page: p } = await page();
    await p.goto(route);
    expect(await heading(p)).not.toBe('');
    const text = await p.locator('body').innerText();
    expect(text).toContain('14 October 2025');
    expect(text).toMatch(/\b18\b/);
    // Its back link returns to the landing.
    await p.getByRole('link', { name: /back to login/i }).click();
    await expectLanding(p);
  });
});

describe('sign-up and sign-in', () => {
  test('signing up through the landing page lands in the signed-in layout', async () => {
    const { page: p } = await page();
    const input = memberInput({ firstName: 'Naledi', lastName: 'Khumalo' });
    await p.goto('/');
    await p.getByRole('button', { name: 'Create an account' }).click();
    await p.getByLabel('First name').fill(input.firstName);
    await p.getByLabel('Last name').fill(input.lastName);
    await p.getByLabel('Email', { exact: true }).fill(input.email);
    await p.getByLabel('Password', { exact: true }).fill(input.password);
    await p.getByRole('button', { name: 'Create account', exact: true }).click();
    await expectSignedInLayout(p);
    await sidebar(p).getByText('Naledi Khumalo').waitFor({ state: 'visible' });
    // The session survives a reload: it is the server's cookie, not page state.
    await p.reload();
    await expectSignedInLayout(p);
  });

  test('a wrong password shows the error and stays on the landing', async () => {
    const { context, page: p } = await page();
    const input = await signUpInContext(context);
    await context.clearCookies();
    await p.goto('/');
    await signInWithEmailForm(p, { ...input, password: 'not my password' });
    await p.getByRole('alert').filter({ hasText: 'Invalid email or password.' }).waitFor({ state: 'visible' });
    await expectLanding(p);
  });

  test('signing out from the profile menu returns to the landing; the e-mail form signs in again', async () => {
    const { context, page: p } = await page();
    const input = await signUpInContext(context);
    await p.goto('/');
    await expectSignedInLayout(p);

    await p.getByRole('button', { name: 'Account menu' }).click();
    await p.getByRole('menuitem', { name: 'Log out' }).click();
    await p.waitForURL((url) => url.pathname === '/');
    await expectLanding(p);
    expect((await context.cookies()).some((c) => c.name === 'saffa.sid')).toBe(false);

    await signInWithEmailForm(p, input);
    await expectSignedInLayout(p);
  });

  test('navigating to /api/logout signs out', async () => {
    const { context, page: p } = await page();
    await signUpInContext(context);
    await p.goto('/profile');
    await expectSignedInLayout(p);
    await p.goto('/api/logout');
    await p.waitForURL((url) => url.pathname === '/');
    await expectLanding(p);
  });

  test('a link to /api/logout on another site does not sign out; the page it shows has a Log out button that does', async () => {
    const { context, page: p } = await page();
    await signUpInContext(context);
    await context.route('http://elsewhere.test/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: `<a href="${app.url}/api/logout">Win a prize</a>` }),
    );
    await p.goto('http://elsewhere.test/');
    await p.getByRole('link', { name: 'Win a prize' }).click();
    await p.getByRole('heading', { name: 'Log out of Saffa?' }).waitFor();
    expect((await context.cookies()).some((c) => c.name === 'saffa.sid')).toBe(true);
    const other = await context.newPage();
    await other.goto('/profile');
    await expectSignedInLayout(other);
    await other.close();
    await p.getByRole('button', { name: 'Log out' }).click();
    await p.waitForURL((url) => url.pathname === '/');
    await expectLanding(p);
    expect((await context.cookies()).some((c) => c.name === 'saffa.sid')).toBe(false);
  });
});

describe('signed-in layout', () => {
  test('every route of the route table shows its screen with an <h1>', async () => {
    const { context, page: p } = await page();
    await signUpInContext(context);
    await p.goto(ROUTES[0]);
    await expectSignedInLayout(p);
    const seen = new Map<string, string>();
    for (const route of ROUTES) {
      // Client-side navigation (what Back and Forward do): a full load per route would triple the time.
      const title = route === ROUTES[0] ? await heading(p) : await navigateInApp(p, route);
      expect(title, route).not.toBe('');
      expect(await p.getByText(NOT_FOUND_TEXT).count(), `${route} must not be the not-found screen`).toBe(0);
      expect(await p.getByTestId('topbar').isVisible(), route).toBe(true);
      seen.set(route, title);
    }
    // A deep link is served the app too (the server's fallback to index.html).
    await p.goto('/bragging-rights/championships/x');
    expect(await heading(p)).toBe(seen.get('/bragging-rights/championships/x'));
  });

  test('an unknown path shows the not-found screen inside the layout', async () => {
    const { context, page: p } = await page();
    await signUpInContext(context);
    await p.goto('/no-such-page/at-all');
    await heading(p);
    await p.getByText(NOT_FOUND_TEXT).waitFor({ state: 'visible' });
    await expectSignedInLayout(p);
  });

  test('/privacy and /terms still show when signed in, and lead the member back to Saffa, not to login', async () => {
    const { context, page: p } = await page();
    await signUpInContext(context);
    for (const route of ['/privacy', '/terms']) {
      await p.goto(route);
      await heading(p);
      expect(await p.locator('body').innerText()).toContain('14 October 2025');
      expect(await p.getByRole('link', { name: /back to login/i }).count()).toBe(0);
      const home = await headingAfter(p, '/', () => p.getByRole('link', { name: 'Back to Saffa' }).click());
      expect(home).toBe('Home');
      await expectSignedInLayout(p);
    }
  });

  test('Ctrl+B collapses the sidebar and the choice survives a reload', async () => {
    const { context, page: p } = await page();
    await signUpInContext(context);
    await p.goto('/');
    await expectSignedInLayout(p);
    expect(await sidebar(p).getAttribute('data-state')).toBe('expanded');

    await p.keyboard.press('Control+B');
    await until(
      p,
      () => document.querySelector('[data-testid="sidebar"]')?.getAttribute('data-state') === 'collapsed',
      null,
    );
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    // Kept for 7 days.
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    await p.reload();
    await expectSignedInLayout(p);
    expect(await sidebar(p).getAttribute('data-state')).toBe('collapsed');

    await p.keyboard.press('Control+B');
    await until(
      p,
      () => document.querySelector('[data-testid="sidebar"]')?.getAttribute('data-state') === 'expanded',
      null,
    );
    await p.reload();
    await expectSignedInLayout(p);
    expect(await sidebar(p).getAttribute('data-state')).toBe('expanded');
  });

  test('the theme toggle switches between light and dark and survives a reload', async () => {
    const { context, page: p } = await page();
    await signUpInContext(context);
    await p.goto('/');
    await expectSignedInLayout(p);
    // The default follows the system preference (light in this context).
    await waitUntil(async () => (await htmlClass(p)).split(' ').includes('light'), 'the light class');

    await p.getByRole('button', { name: 'Toggle theme' }).click();
    await waitUntil(async () => (await htmlClass(p)).split(' ').includes('dark'), 'the dark class');
    expect((await htmlClass(p)).split(' ')).not.toContain('light');

    await p.reload();
    await expectSignedInLayout(p);
    await waitUntil(async () => (await htmlClass(p)).split(' ').includes('dark'), 'the dark class after reload');

    await p.getByRole('button', { name: 'Toggle theme' }).click();
    await waitUntil(async () => (await htmlClass(p)).split(' ').includes('light'), 'the light class again');
  });
});

describe('mobile (390 x 844)', () => {
  test('no sidebar; a bottom bar; the menu sheet navigates and closes', async () => {
    const { context, page: p } = await page({ viewport: { width: 390, height: 844 }, hasTouch: true });
    await signUpInContext(context);
    await p.goto('/');
    await testId(p, 'topbar');
    await testId(p, 'bottom-bar');
    expect(await sidebar(p).isVisible()).toBe(false);

    await heading(p);
    await p.getByRole('button', { name: 'Open menu' }).click();
    await testId(p, 'mobile-sheet');
    const sheet = p.getByTestId('mobile-sheet');
    const marketplace = await headingAfter(p, '/marketplace', () =>
      sheet.getByRole('link', { name: 'Marketplace' }).click(),
    );
    expect(marketplace).toMatch(/marketplace/i);
    await testId(p, 'mobile-sheet', false);

    // The bottom bar repeats the five main items.
    const explore = await headingAfter(p, '/explore', () =>
      p.getByTestId('bottom-bar').getByRole('link', { name: 'Explore' }).click(),
    );
    expect(explore).toMatch(/explore/i);
  });

  test("the menu sheet's Settings opens the profile's Settings tab; its Logout signs out", async () => {
    const { context, page: p } = await page({ viewport: { width: 390, height: 844 }, hasTouch: true });
    await signUpInContext(context);
    await p.goto('/');
    await heading(p);
    await p.getByRole('button', { name: 'Open menu' }).click();
    await testId(p, 'mobile-sheet');
    const profile = await headingAfter(p, '/profile', () =>
      p.getByTestId('mobile-sheet').getByRole('link', { name: 'Settings' }).click(),
    );
    expect(profile).toBe('Profile');
    expect(new URL(p.url()).searchParams.get('tab')).toBe('settings');
    await testId(p, 'mobile-sheet', false);

    await p.getByRole('button', { name: 'Open menu' }).click();
    await testId(p, 'mobile-sheet');
    await p.getByTestId('mobile-sheet').getByRole('button', { name: 'Logout' }).click();
    await p.waitForURL((url) => url.pathname === '/');
    await expectLanding(p);
    expect((await context.cookies()).some((c) => c.name === 'saffa.sid')).toBe(false);
  });
});
