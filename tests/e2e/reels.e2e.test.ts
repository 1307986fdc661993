/**
 * Reels as members use them (spec 001 section 2.5): a member uploads a video reel from the home strip's Add Reel
 * tile, sees it in the strip and on /reels, opens it full screen (the video plays from the media store) and likes it.
 *
 * One server for the file. Addresses outside the app are refused, never fetched.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { memberInput, REPO_ROOT, startApp, type App } from '../support/app';
import { launchBrowser, newPage, type TestPage } from '../support/browser';
import { MP4_BYTES } from '../support/files';

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
  const pages = open.splice(0);
  const errors = pages.flatMap((p) => p.pageErrors.map((e) => e.message));
  await Promise.all(pages.map((p) => p.close()));
  expect(errors, 'uncaught errors in the page').toEqual([]);
});

afterAll(async () => {
  await Promise.all([browser?.close(), app?.stop()]);
});

async function page(): Promise<TestPage> {
  const tp = await newPage(browser, app.url, {});
  open.push(tp);
  const origin = new URL(app.url).origin;
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

describe('reels', () => {
  test('upload a video reel from the home strip, see it in the strip and on /reels, play it full screen and like it', async () => {
    const title = `Braai reel ${Date.now().toString(36)}`;
    const a = await page();
    const res = await a.context.request.post('/api/auth/register', {
      data: memberInput({ firstName: 'Reeler', lastName: 'Member' }),
    });
    expect(res.status(), await res.text()).toBe(201);
    await gql(a.context, 'mutation { updateTutorial(tutorialCompleted: true, tutorialStep: 9) { id } }');

    await a.page.goto('/');
    await a.page.getByRole('button', { name: 'Add Reel' }).click();
    const dialog = a.page.getByTestId('upload-reel-dialog');
    await dialog.getByRole('button', { name: 'Upload Reel' }).click();
    await a.page.getByText('Please enter a title for your reel.').waitFor();
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Caption (optional)').fill('Lekker times');
    await dialog
      .getByTestId('reel-file-input')
      .setInputFiles({ name: 'braai.mp4', mimeType: 'video/mp4', buffer: MP4_BYTES });
    await dialog.getByLabel('Reel preview').waitFor();
    await dialog.getByRole('button', { name: 'Upload Reel' }).click();
    await a.page.getByText('Reel Uploaded').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await a.page.getByTestId('reel-strip').getByRole('link', { name: title }).waitFor();

    await a.page.goto('/reels');
    await a.page.getByRole('button', { name: title }).click();
    const player = a.page.getByTestId('reel-player');
    const src = await player.getByTestId('reel-video').getAttribute('src');
    expect(src).toMatch(/^\/media\/videos\/.+\.mp4$/);
    const file = await a.context.request.get(src!);
    expect(file.status()).toBe(200);
    expect(Buffer.from(await file.body()).equals(MP4_BYTES)).toBe(true);
    await player.getByText('Lekker times').waitFor();
    await player.getByRole('button', { name: 'Like · 0' }).click();
    await player.getByRole('button', { name: 'Liked · 1' }).waitFor();
    const { reels } = await gql(a.context, '{ reels(first: 5) { nodes { title likeCount viewerLiked } } }');
    expect(reels.nodes[0]).toEqual({ title, likeCount: 1, viewerLiked: true });
  });
});
