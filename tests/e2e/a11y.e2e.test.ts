/**
 * Accessibility: axe-core over every route of the app (web/src/app/routes.tsx), signed out and signed in as the
 * demo member, in light and dark, at desktop (1440) and phone (390) widths. Any serious or critical violation
 * fails, listed with its rule, the elements and axe's summary.
 *
 * One server and one browser; the four theme × width combinations run side by side, each in its own pages.
 * Addresses outside the app (map embeds) are refused, never fetched. A11Y_DEBUG=1 prints the time each route takes.
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  client,
  demoMember,
  REPO_ROOT,
  signedUpClient,
  startApp,
  type App,
  type Client,
  type DemoCredentials,
} from '../support/app';
import { launchBrowser, waitUntil } from '../support/browser';

const WIDTHS = { desktop: { width: 1440, height: 900 }, mobile: { width: 390, height: 844 } };
const THEMES = ['light', 'dark'] as const;
const FAILING_IMPACTS = new Set(['serious', 'critical']);

let app: App;
let browser: Browser;
let member: DemoCredentials;
let signedInPaths: string[];

/** Every path of the signed-in route table, read from its source so that a new route is checked too. */
function routeTablePaths(postId: string): string[] {
  const source = fs.readFileSync(path.join(REPO_ROOT, 'web', 'src', 'app', 'routes.tsx'), 'utf8');
  const table = source.slice(source.indexOf('export const signedInRoutes'));
  const paths = [...table.matchAll(/\bpath: '([^']+)'/g)].map((m) => m[1]);
  if (paths.length < 10) throw new Error(`found only ${paths.length} routes in routes.tsx: update this test`);
  return paths.map((p) => p.replace('/post/:id', `/post/${postId}`).replace(/:id\b/, 'demo'));
}

const STANDALONE = ['/privacy', '/terms'];
const SIGNED_OUT_PATHS = ['/', '/?reset=not-a-real-token', ...STANDALONE, '/no-such-page'];

beforeAll(async () => {
  // Loading the demo data takes most of the start: more than startApp's usual minute while another file runs beside.
  [app, browser] = await Promise.all([
    startApp({ DEMO_DATA: 'true', RATE_SIGNIN_PER_IP: '1000' }, { timeoutMs: 110_000 }),
    launchBrowser(),
  ]);
  member = demoMember(app);
  const demo = client(app.url);
  const login = await demo.post('/api/auth/login', member);
  expect(login.status, login.text).toBe(200);
  const gql = async (c: Client, query: string, variables?: Record<string, unknown>) => {
    const res = await c.graphql(query, variables);
    expect(res.json.errors, JSON.stringify(res.json.errors)).toBeUndefined();
    return res.json.data;
  };
  const { me } = await gql(demo, '{ me { id } }');
  const { createPost } = await gql(demo, 'mutation { createPost(input: { content: "Accessible to all" }) { id } }');
  // Badges on the bell and the friends button: a friend request and a comment waiting for the demo member.
  const { client: other } = await signedUpClient(app.url);
  await gql(other, 'mutation($u: ID!) { sendFriendRequest(userId: $u) { id } }', { u: me.id });
  await gql(other, 'mutation($p: ID!) { addComment(postId: $p, text: "Lekker!") { id } }', { p: createPost.id });
  signedInPaths = [...routeTablePaths(createPost.id), '/no-such-page', ...STANDALONE];
});

afterAll(async () => {
  await Promise.all([browser?.close(), app?.stop()]);
});

async function context(
  theme: (typeof THEMES)[number],
  viewport: { width: number; height: number },
): Promise<BrowserContext> {
  const ctx = await browser.newContext({ baseURL: app.url, colorScheme: theme, viewport, reducedMotion: 'reduce' });
  ctx.setDefaultTimeout(15_000);
  const origin = new URL(app.url).origin;
  await ctx.route(
    (url) => url.origin !== origin,
    (route) => route.abort(),
  );
  return ctx;
}

/**
 * Requests in flight on a page, except media (a video or audio stream may stay open as long as it plays) and
 * live connections: what "the network is quiet" waits for. Playwright's own `networkidle` counts them all.
 */
function trackRequests(page: Page): () => string[] {
  const open = new Set<Request>();
  const longLived = new Set(['media', 'websocket', 'eventsource']);
  page.on('request', (r) => {
    if (!longLived.has(r.resourceType())) open.add(r);
  });
  const done = (r: Request) => open.delete(r);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => [...open].map((r) => `${r.method()} ${r.url()}`);
}

/** Waits until no tracked request has been open for 500 ms; on timeout names the route and what is still open. */
async function networkQuiet(pending: () => string[], route: string) {
  const deadline = Date.now() + 20_000;
  let quietSince = 0;
  while (Date.now() < deadline) {
    if (pending().length) quietSince = 0;
    else if (!quietSince) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the network did not go quiet on ${route}; still open: ${pending().join(', ')}`);
}

/** Waits for the screen: its heading, no spinner left, the feed's first post on the home route. */
async function settled(page: Page, route: string, signedIn: boolean, pending: () => string[]) {
  await page.locator('h1').first().waitFor();
  if (signedIn && route === '/') await page.locator('[data-testid="post-card"]').first().waitFor();
  await waitUntil(
    async () => (await page.locator('.chakra-spinner:visible').count()) === 0,
    `no spinner on ${route}`,
    15_000,
  );
  // Late answers (appConfig enables the composer's buttons) and the fades they start: axe measures colours as they
  // are at that instant, so a button halfway from disabled to enabled would read as low contrast.
  await networkQuiet(pending, route);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** The serious and critical violations on the page (or inside `within`), one line per element. */
async function violations(page: Page, label: string, within?: string): Promise<string[]> {
  // Also "label in name" (experimental in axe, so off by default): a button's name must contain the text it shows,
  // such as a count badge (UI.md: "Notifications, 3 unread").
  const axe = new AxeBuilder({ page }).options({
    rules: { 'label-content-name-mismatch': { enabled: true } },
    resultTypes: ['violations'], // passing nodes are not collected: faster
  });
  if (within) axe.include(within);
  const results = await axe.analyze();
  return results.violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${label}: [${v.impact}] ${v.id} (${v.help}) at ${n.target.join(' ')}\n   ` +
          ` ${(n.failureSummary ?? '').replace(/\n/g, '\n    ')}`,
      ),
    );
}

/**
 * Visits `paths` in one page: the first by loading the app, the next ones as a member does, through the router
 * (no reload). The first is checked whole; later screens inside the signed-in layout are checked within its
 * <main>, since the sidebar and bars around it are the ones already checked.
 */
async function check(ctx: BrowserContext, paths: string[], signedIn: boolean, label: string): Promise<string[]> {
  const page = await ctx.newPage();
  const pending = trackRequests(page);
  const found: string[] = [];
  for (const [i, route] of paths.entries()) {
    const t0 = Date.now();
    // The legal pages stand outside the layout: load them whole.
    const inLayout = signedIn && !STANDALONE.includes(route);
    if (i === 0 || !inLayout) await page.goto(route);
    else {
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, route);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    }
    await settled(page, route, signedIn, pending);
    const t1 = Date.now();
    const within = i > 0 && inLayout ? '#main' : undefined;
    found.push(...(await violations(page, `${label} ${route}`, within)));
    if (process.env.A11Y_DEBUG)
      process.stderr.write(`${label} ${route}: load ${t1 - t0} ms, axe ${Date.now() - t1} ms\n`);
  }
  await page.close();
  return found;
}

describe('no serious or critical accessibility violations on any route', () => {
  for (const theme of THEMES) {
    for (const [width, viewport] of Object.entries(WIDTHS)) {
      test.concurrent(
        `${theme}, ${width} (${viewport.width} px): signed out and signed in`,
        async () => {
          const label = `${theme}/${width}`;
          const out = await context(theme, viewport);
          const signedOut = await check(out, SIGNED_OUT_PATHS, false, `${label} signed out`).finally(() => out.close());

          const inside = await context(theme, viewport);
          const login = await inside.request.post('/api/auth/login', { data: member });
          expect(login.status(), await login.text()).toBe(200);
          const signedIn = await check(inside, signedInPaths, true, `${label} signed in`).finally(() => inside.close());

          const all = [...signedOut, ...signedIn];
          expect(all, `${all.length} violations:\n${all.join('\n')}`).toEqual([]);
        },
        420_000,
      );
    }
  }
});
