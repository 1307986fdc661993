/**
 * Business pages as members use them (spec 001 section 2.2): a member creates a page with a logo at their position,
 * finds it in the directory within a radius, another member follows and reviews it and sees the rating, the owner
 * customises its colours; and the directory at phone width.
 *
 * One server for the file. The browser's position is set per context (geolocation permission granted), near
 * Windhoek, where no demo or other page lies. Addresses outside the app are refused, never fetched.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { memberInput, REPO_ROOT, startApp, type App } from '../support/app';
import { launchBrowser, newPage, type TestPage } from '../support/browser';
import { PNG_BYTES } from '../support/files';

let app: App;
let browser: Browser;
const open: TestPage[] = [];
const HERE = { latitude: -22.5609, longitude: 17.0658 };

beforeAll(async () => {
  const index = path.join(REPO_ROOT, 'web', 'dist', 'index.html');
  if (!fs.existsSync(index)) throw new Error(`${index} is missing: run "npm run build" first`);
  [app, browser] = await Promise.all([
    startApp({ RATE_SIGNUP_PER_IP: '1000', RATE_SIGNIN_PER_IP: '1000', GEOCODER_URL: 'http://127.0.0.1:9/reverse' }),
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

/** A page in its own context at `position` (geolocation granted); requests to other origins are aborted. */
async function page(
  options: BrowserContextOptions = {},
  position: { latitude: number; longitude: number } = HERE,
): Promise<TestPage> {
  const tp = await newPage(browser, app.url, { geolocation: position, permissions: ['geolocation'], ...options });
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

async function signUp(context: BrowserContext, firstName: string) {
  const res = await context.request.post('/api/auth/register', {
    data: memberInput({ firstName, lastName: 'Business' }),
  });
  expect(res.status(), await res.text()).toBe(201);
  await gql(context, 'mutation { updateTutorial(tutorialCompleted: true, tutorialStep: 9) { id } }');
}

describe('business pages', () => {
  test('create with a logo, find by radius, follow and review as another member, customise as the owner', async () => {
    const name = `Kapana Corner ${Date.now().toString(36)}`;
    const a = await page();
    await signUp(a.context, 'Owner');

    // A creates a page at their position, with a logo.
    await a.page.goto('/business?tab=mine');
    await a.page.getByText('No business pages yet').waitFor();
    await a.page.getByRole('button', { name: 'Create Business Page' }).click();
    const form = a.page.getByTestId('business-form-dialog');
    await form.getByRole('button', { name: 'Create Page' }).click();
    await a.page.getByText('Please fill in business name and category').waitFor();
    await form.getByLabel('Business name').fill(name);
    await form.getByLabel('Category').fill('Restaurant');
    await form.getByLabel('Address').fill('Independence Avenue, Windhoek');
    await form.getByLabel('Phone').fill('+264 61 555 0101');
    await form.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_BYTES });
    await form.getByRole('img', { name: 'Logo preview' }).waitFor();
    await form.getByRole('button', { name: 'Create Page' }).click();
    await a.page.getByText('Business Page Created').waitFor();
    await a.page.getByText('1 business page').waitFor();
    const { myBusinessPages } = await gql(
      a.context,
      '{ myBusinessPages { nodes { id imageUrl latitude longitude } } }',
    );
    const created = myBusinessPages.nodes[0];
    expect(created.imageUrl).toMatch(/^\/media\//);
    expect(created.latitude).toBeCloseTo(HERE.latitude, 3);
    expect(created.longitude).toBeCloseTo(HERE.longitude, 3);

    // Another member a few km away finds it within 10 km, follows it and reviews it.
    const b = await page({}, { latitude: HERE.latitude + 0.03, longitude: HERE.longitude });
    await signUp(b.context, 'Reviewer');
    await b.page.goto('/business');
    await b.page.getByText('Distances from your location').waitFor();
    await b.page.getByTestId('radius-select').selectOption('10');
    await b.page.getByText('Showing 1 business(es) within 10 km').waitFor();
    const card = b.page.getByTestId('business-card').filter({ hasText: name });
    await expect(card.getByText('Restaurant · 3.3 km').isVisible()).resolves.toBe(true);
    await card.getByRole('button', { name: `Follow ${name}` }).click();
    await b.page.getByText(`You are now following ${name}`).waitFor();
    await card.getByRole('button', { name: `Following ${name}` }).waitFor();
    await card.getByRole('button', { name: `View details of ${name}` }).click();
    const detail = b.page.getByTestId('business-detail-dialog');
    await detail.getByRole('button', { name: 'Write a Review' }).click();
    const review = b.page.getByTestId('review-dialog');
    await review.getByRole('radio', { name: '4 stars: Very Good' }).click();
    await review.getByRole('textbox').fill('Kapana and a cold drink, lekker!');
    await review.getByRole('button', { name: 'Submit Review' }).click();
    await b.page.getByText('Thank you for your feedback!').waitFor();
    await detail.getByRole('img', { name: 'Rated 4.0 out of 5 from 1 review' }).first().waitFor();
    await detail.getByText('Kapana and a cold drink, lekker!').waitFor();
    expect(new URL(b.page.url()).searchParams.get('company')).toBe(name);

    // The owner customises the colours and the gradient border.
    await a.page.goto(`/business?company=${encodeURIComponent(name)}`);
    const ownerDetail = a.page.getByTestId('business-detail-dialog');
    await ownerDetail.getByRole('img', { name: 'Rated 4.0 out of 5 from 1 review' }).first().waitFor();
    await ownerDetail.getByRole('button', { name: 'Customize Colors' }).click();
    const customize = a.page.getByTestId('customize-dialog');
    await customize.getByLabel('Button colour hex value').fill('#aa3300');
    await customize.getByRole('radio', { name: 'Ocean' }).click();
    await customize.getByRole('button', { name: 'Save' }).click();
    await a.page.getByText('Your business page style has been updated successfully.').waitFor();
    const { business } = await gql(a.context, 'query($id: ID!) { business(id: $id) { buttonColor gradientBorder } }', {
      id: created.id,
    });
    expect(business.buttonColor).toBe('#aa3300');
    expect(business.gradientBorder).toContain('#0072ff');
  });

  test('the directory at phone width: cards in one column, no horizontal scroll', async () => {
    const owner = await page();
    await signUp(owner.context, 'Phone');
    await gql(owner.context, 'mutation($i: BusinessPageInput!) { createBusinessPage(input: $i) { id } }', {
      i: { name: `Oshana Movers ${Date.now().toString(36)}`, category: 'Relocation', ...HERE },
    });
    const m = await page({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signUp(m.context, 'Mobile');
    await m.page.goto('/business');
    await m.page.getByTestId('business-card').first().waitFor();
    const widths = await m.page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    const box = await m.page.getByTestId('business-card').first().boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    const follow = m.page
      .getByTestId('business-card')
      .first()
      .getByRole('button', { name: /^Follow / });
    expect((await follow.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  });
});
