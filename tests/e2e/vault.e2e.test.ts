/**
 * The document vault as a member uses it (spec 002, the profile's Vault tab): set a vault password (the spec's
 * messages for a mismatch), add a passport photo with an expiry inside its reminder window ('Expiring Soon'), lock,
 * reload, fail once with a wrong password, unlock with the right one and open the document: the decrypted file comes
 * back exactly, to its owner only.
 *
 * The Vault tab lives on the profile (`/profile?tab=vault`), which renders the vault feature's VaultTab: this test
 * needs the profile's tabs (clicking the tab named "Vault" when the profile shows tabs).
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { PNG_BYTES } from '../support/files';
import { browserSuite, shown } from '../support/suite';

const suite = browserSuite();
const PASSWORD = 'braai-tongs-42';

/** The profile's Vault tab. */
async function openVault(page: Page) {
  await page.goto('/profile?tab=vault');
  const tab = page.getByRole('tab', { name: 'Vault' });
  if (await tab.count()) await tab.click();
  await shown(page.getByTestId('vault-tab'), 'the Vault tab');
}

describe('document vault', () => {
  test('add a document, reload, unlock with the password and open it; nobody else can', async () => {
    const { page, context } = await suite.page();
    await suite.signUp(context, 'Vault', 'Keeper');
    await openVault(page);

    // Set Vault Password: the pair must match.
    await page.getByRole('button', { name: 'Set Vault Password' }).click();
    const pw = page.getByTestId('vault-password-dialog');
    await pw.getByLabel(/^Password/).fill(PASSWORD);
    await pw.getByLabel(/Confirm Password/).fill(`${PASSWORD}x`);
    await pw.getByRole('button', { name: 'Set Password' }).click();
    await shown(page.getByText("Passwords Don't Match").first(), "'Passwords Don't Match'");
    await pw.getByLabel(/Confirm Password/).fill(PASSWORD);
    await pw.getByRole('button', { name: 'Set Password' }).click();
    await shown(page.getByText('No Documents Yet'), "the empty vault ('No Documents Yet')");

    // Add Document to Vault: a passport photo expiring in 10 days, reminded 30 days before.
    await page.getByRole('button', { name: 'Add Document' }).first().click();
    const add = page.getByTestId('vault-add-dialog');
    await add.getByLabel(/Document Type/).selectOption('passport');
    await add.getByLabel(/Document Name/).fill('Green passport');
    await add
      .getByTestId('vault-file-input')
      .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG_BYTES });
    await add.getByText(/passport\.png/).waitFor();
    const expiry = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await add.getByLabel('Expiration Date').fill(expiry);
    await add.getByRole('button', { name: 'Add Document' }).click();
    await shown(page.getByTestId('vault-document').filter({ hasText: 'Green passport' }), 'the added document');
    await shown(page.getByText('Expiring Soon'), "the 'Expiring Soon' badge");

    // Lock, reload: locked. A wrong password is refused; the right one opens the list again.
    await page.getByRole('button', { name: 'Lock' }).click();
    await shown(page.getByTestId('vault-locked'), 'the locked vault');
    await page.reload();
    await shown(page.getByTestId('vault-locked'), 'the locked vault after a reload');
    await page.getByLabel('Vault Password').fill('not the password');
    await page.getByRole('button', { name: 'Unlock Vault' }).click();
    await shown(page.getByText('Incorrect vault password.'), 'the wrong-password message');
    await page.getByLabel('Vault Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Unlock Vault' }).click();
    const view = page.getByRole('link', { name: 'View Green passport' });
    await shown(view, 'View on the document');

    // View opens the decrypted file in a new tab: exactly the bytes that were added, as an image, never cached.
    const href = (await view.getAttribute('href'))!;
    expect(href).toMatch(/^\/api\/vault\/documents\/[0-9a-f-]{36}\/file$/);
    const [popup] = await Promise.all([context.waitForEvent('page'), view.click()]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toBe(href);
    await popup.close();
    const file = await context.request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    expect(file.headers()['cache-control']).toBe('private, no-store');
    expect(Buffer.from(await file.body()).equals(PNG_BYTES)).toBe(true);

    // Another member, and nobody signed in, get nothing.
    const other = await suite.page();
    await suite.signUp(other.context, 'Other', 'Member');
    expect((await other.context.request.get(href)).status()).toBe(403);
    const anonymous = await suite.page();
    expect((await anonymous.context.request.get(href)).status()).toBe(401);
  });
});
