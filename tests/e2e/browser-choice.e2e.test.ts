import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type App } from '../support/app';
import { chooseChromium, launchBrowser, newPage } from '../support/browser';

/**
 * `npm test` on a machine with only Node.js: with no CHROMIUM_PATH and no /usr/bin/chromium (hidden here with
 * SAFFA_IGNORE_SYSTEM_CHROMIUM), the browser suites drive the Chromium inside the @sparticuz/chromium package.
 */
const BARE = { ...process.env, CHROMIUM_PATH: '/nowhere/chromium', SAFFA_IGNORE_SYSTEM_CHROMIUM: '1' };

let app: App;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

describe('Chromium on a machine with only Node.js', () => {
  it('uses the packaged Chromium, which shows the landing page', async () => {
    const choice = await chooseChromium(BARE);
    expect(choice.source).toBe('@sparticuz/chromium');
    expect(choice.args).not.toContain('--single-process');
    expect(choice.args).not.toContain('--disable-web-security');
    const browser = await launchBrowser(BARE);
    try {
      expect(browser.version()).toMatch(/^\d+\./);
      const { page, pageErrors, close } = await newPage(browser, app.url);
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(pageErrors).toEqual([]);
      await close();
    } finally {
      await browser.close();
    }
  });

  it('prefers an existing CHROMIUM_PATH', async () => {
    const choice = await chooseChromium({ CHROMIUM_PATH: process.execPath, SAFFA_IGNORE_SYSTEM_CHROMIUM: '1' });
    expect(choice).toMatchObject({ source: 'CHROMIUM_PATH', executablePath: process.execPath });
  });
});
