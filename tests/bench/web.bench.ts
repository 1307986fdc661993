/**
 * Web benchmark on a slow line (not part of npm test; part of `npm run bench`, after `npm run build`): the built app
 * with demo data, the demo member signed in, Chromium's "Fast 3G" profile (DevTools' values: 562.5 ms latency,
 * 1.6 Mbit/s down and 750 kbit/s up, each times 0.9), no CPU throttling and a cold cache (a fresh browser context
 * per run). The page comes rendered by the server (web/src/app/server.tsx) and the app takes it over once its
 * scripts have run. Reports the medians of the first contentful paint, "first post visible" (navigation start until
 * the first post card of the feed is on screen), the arrival of the scripts index.html loads up front, and "taken
 * over" (until the app answers clicks: the root element loses data-server-render), the script bytes loaded over the
 * wire, and the size of the up-front scripts (raw, gzip, brotli). Fails when a budget is missed.
 * Records its row in the bench table (support/results.ts). BENCH_RUNS sets the number of runs (5, or 3 with --quick);
 * BENCH_TRACE=1 prints every request of each run (start, end, bytes).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoMember, REPO_ROOT, startApp, type App } from '../support/app';
import { launchBrowser } from '../support/browser';
import { QUICK, record } from './support/results';

/**
 * firstPostVisibleMs and takenOverMs: absolute, so they bind in the full run only (a busy machine slows Chromium
 * itself). CI's quick run holds the two budgets no machine moves much: the first post shows long before the
 * up-front scripts have even arrived (the server rendered it: without that it comes some 0.8 s after them, at
 * 1.3x), and the bytes of those scripts. takenOverMs: the price of the server render. Before it, the app answered
 * clicks from its first render, and the feed's list was complete at about 4.0 s; taking the server's markup over
 * costs more (the page's extra bytes share the line with the scripts, and hydrating does more than rendering), and
 * the list is complete at about 4.6 s, the takeover itself at about 4.4 s.
 */
const BUDGET = {
  firstPostVisibleMs: 1_500,
  firstPostOverScripts: 0.6,
  takenOverMs: 5_000,
  initialScriptsBrotliBytes: 280_000,
};
const RUNS = Number(process.env.BENCH_RUNS ?? (QUICK ? 3 : 5));
/** DevTools' "Fast 3G" preset (front_end/core/sdk/NetworkManager.ts), in bytes per second and milliseconds. */
const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: ((1.6 * 1024 * 1024) / 8) * 0.9,
  uploadThroughput: ((750 * 1024) / 8) * 0.9,
};
const DIST = path.join(REPO_ROOT, 'web', 'dist');

let app: App;
let browser: Browser;

beforeAll(async () => {
  if (!fs.existsSync(path.join(DIST, 'index.html')))
    throw new Error('web/dist/index.html is missing: run "npm run build" first');
  [app, browser] = await Promise.all([startApp({ DEMO_DATA: 'true', LOG_LEVEL: 'warn' }), launchBrowser()]);
});

afterAll(async () => {
  await Promise.all([browser?.close(), app?.stop()]);
});

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** The scripts index.html loads before anything renders: its module script and the modulepreload links. */
function initialScripts() {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const urls = [
    ...html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g),
  ].map((m) => m[1]);
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const url of new Set(urls)) {
    const bytes = fs.readFileSync(path.join(DIST, url.replace(/^\//, '')));
    raw += bytes.length;
    gzip += zlib.gzipSync(bytes, { level: 9 }).length;
    brotli += zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { count: new Set(urls).size, urls: [...new Set(urls)], raw, gzip, brotli };
}

interface Run {
  fcp: number;
  firstPost: number;
  /** When the app had taken the server's markup over (it then answers clicks and keys). */
  takenOver: number;
  /** When the last script index.html loads up front had arrived. */
  scriptsEnd: number;
  /**
   * Bytes of script received over the wire (compressed when the server compresses) until the app took the page over.
   */
  scriptBytes: number;
  scripts: number;
}

async function measure(credentials: { email: string; password: string }): Promise<Run> {
  const context = await browser.newContext({
    baseURL: app.url,
    viewport: { width: 1440, height: 900 },
    colorScheme: 'light',
  });
  try {
    const login = await context.request.post('/api/auth/login', { data: credentials });
    expect(login.status(), await login.text()).toBe(200);
    // Like the browser suites: nothing outside the app is fetched (map embeds would measure someone else's server).
    const origin = new URL(app.url).origin;
    await context.route(
      (url) => url.origin !== origin,
      (route) => route.abort(),
    );
    const page = await context.newPage();
    // Records when the first post card is laid out on screen, checked every frame from the first one.
    await page.addInitScript(() => {
      const check = () => {
        const card = document.querySelector('[data-testid="post-card"]');
        const box = card?.getBoundingClientRect();
        if (card && box && box.height > 0 && box.top < window.innerHeight && card.checkVisibility()) {
          (window as unknown as { __firstPost: number }).__firstPost = performance.now();
          return;
        }
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
      // When the app has taken the server's markup over (web/src/lib/pageHints.ts, ServerRenderEnd).
      new MutationObserver((_, observer) => {
        const root = document.getElementById('root');
        if (root && !root.hasAttribute('data-server-render') && root.firstElementChild) {
          (window as unknown as { __takenOver: number }).__takenOver = performance.now();
          observer.disconnect();
        }
      }).observe(document, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-server-render'],
      });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const scriptRequests = new Set<string>();
    let scriptBytes = 0;
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Script') scriptRequests.add(e.requestId);
    });
    cdp.on('Network.loadingFinished', (e) => {
      if (scriptRequests.has(e.requestId)) scriptBytes += e.encodedDataLength;
    });
    await page.goto('/', { waitUntil: 'commit', timeout: 60_000 });
    await page.waitForFunction(() => (window as unknown as { __firstPost?: number }).__firstPost, undefined, {
      timeout: 60_000,
      polling: 100,
    });
    // The paint entry is queued after the frame is presented: when the first post is the first content (its data came
    // with the page), it may not be there yet at the frame that showed the post.
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, {
      timeout: 10_000,
      polling: 50,
    });
    await page.waitForFunction(() => (window as unknown as { __takenOver?: number }).__takenOver, undefined, {
      timeout: 60_000,
      polling: 100,
    });
    if (process.env.BENCH_TRACE) {
      const entries = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((e) => {
          const r = e as PerformanceResourceTiming;
          return (
            `${r.startTime.toFixed(0).padStart(6)} ${r.responseEnd.toFixed(0).padStart(6)} ` +
            `${String(r.encodedBodySize).padStart(8)} ${r.name.replace(location.origin, '')}`
          );
        }),
      );
      process.stdout.write(`${entries.join('\n')}\n`);
    }
    const { fcp, firstPost, takenOver, scriptsEnd } = await page.evaluate(
      (urls) => ({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        firstPost: (window as unknown as { __firstPost: number }).__firstPost,
        takenOver: (window as unknown as { __takenOver: number }).__takenOver,
        scriptsEnd: Math.max(
          ...performance
            .getEntriesByType('resource')
            .filter((e) => urls.includes(new URL(e.name).pathname))
            .map((e) => (e as PerformanceResourceTiming).responseEnd),
        ),
      }),
      initialScripts().urls,
    );
    return { fcp, firstPost, takenOver, scriptsEnd, scriptBytes, scripts: scriptRequests.size };
  } finally {
    await context.close();
  }
}

it(`feed on Fast 3G: the first post before the scripts, the scripts up front, and within ${BUDGET.firstPostVisibleMs} ms in a full run (median of ${RUNS})`, async () => {
  const credentials = demoMember(app);
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measure(credentials));
  const initial = initialScripts();
  const fcp = median(runs.map((r) => r.fcp));
  const firstPost = median(runs.map((r) => r.firstPost));
  const scriptsEnd = median(runs.map((r) => r.scriptsEnd));
  const takenOver = median(runs.map((r) => r.takenOver));
  const lines = [
    `initial scripts of index.html (${initial.count}): ${kB(initial.raw)} raw, ${kB(initial.gzip)} ` +
      `gzip, ${kB(initial.brotli)} brotli`,
    `feed, signed in, scripts over the wire until the app took over: ${kB(median(runs.map((r) => r.scriptBytes)))} ` +
      `in ${median(runs.map((r) => r.scripts))} files`,
    `Fast 3G, cold cache, ${RUNS} runs: first contentful paint median ${fcp.toFixed(0)} ms ` +
      `(${runs.map((r) => r.fcp.toFixed(0)).join(', ')})`,
    `Fast 3G, cold cache, ${RUNS} runs: first post visible median ${firstPost.toFixed(0)} ms ` +
      `(${runs.map((r) => r.firstPost.toFixed(0)).join(', ')})`,
    `Fast 3G, cold cache, ${RUNS} runs: up-front scripts arrived median ${scriptsEnd.toFixed(0)} ms ` +
      `(${runs.map((r) => r.scriptsEnd.toFixed(0)).join(', ')})`,
    `Fast 3G, cold cache, ${RUNS} runs: app took the page over median ${takenOver.toFixed(0)} ms ` +
      `(${runs.map((r) => r.takenOver.toFixed(0)).join(', ')})`,
  ];
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
  const rows = [
    {
      figure:
        `web: first post visible vs the up-front scripts' arrival, Fast 3G, cold cache ` +
        `[${runs.map((r) => r.firstPost.toFixed(0)).join(', ')} ms]`,
      baseline: `scripts arrived ${scriptsEnd.toFixed(0)} ms`,
      value: `${firstPost.toFixed(0)} ms`,
      ratio: scriptsEnd / firstPost,
      budget:
        `≥ ${(1 / BUDGET.firstPostOverScripts).toFixed(2)}× (first post ≤ ${BUDGET.firstPostOverScripts}× the ` +
        `scripts' arrival)`,
      pass: firstPost <= scriptsEnd * BUDGET.firstPostOverScripts,
    },
    {
      figure: `web: scripts index.html loads up front (${initial.count} files)`,
      baseline: `${kB(initial.raw)} raw, ${kB(initial.gzip)} gzip`,
      value: `${kB(initial.brotli)} brotli`,
      ratio: null,
      budget: `≤ ${kB(BUDGET.initialScriptsBrotliBytes)} brotli`,
      pass: initial.brotli <= BUDGET.initialScriptsBrotliBytes,
    },
    {
      figure: 'web: first post visible, Fast 3G, cold cache (absolute)',
      baseline: 'the emulated line',
      value: `${firstPost.toFixed(0)} ms`,
      ratio: null,
      budget: QUICK
        ? `≤ ${BUDGET.firstPostVisibleMs.toLocaleString('en')} ms (full run only)`
        : `≤ ${BUDGET.firstPostVisibleMs.toLocaleString('en')} ms`,
      pass: QUICK || firstPost <= BUDGET.firstPostVisibleMs,
    },
    {
      figure:
        `web: the app takes the page over, Fast 3G, cold cache (absolute) ` +
        `[${runs.map((r) => r.takenOver.toFixed(0)).join(', ')} ms]`,
      baseline: `first contentful paint ${fcp.toFixed(0)} ms`,
      value: `${takenOver.toFixed(0)} ms`,
      ratio: null,
      budget: QUICK
        ? `≤ ${BUDGET.takenOverMs.toLocaleString('en')} ms (full run only)`
        : `≤ ${BUDGET.takenOverMs.toLocaleString('en')} ms`,
      pass: QUICK || takenOver <= BUDGET.takenOverMs,
    },
  ];
  record(rows);
  expect(rows.filter((r) => !r.pass).map((r) => r.figure)).toEqual([]);
}, 600_000);
