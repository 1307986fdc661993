/**
 * Two-factor sign-in (issue 24 item 16) as a member uses it: in the profile's Settings tab they set up an
 * authenticator app (the code is computed here with otplib from the secret shown once), see ten recovery codes
 * once, sign out, and signing in with their password then asks for the second step: a code works, a recovery code
 * works once (at phone width, with the keyboard). Passkeys go through Chromium's virtual authenticator (CDP
 * WebAuthn.addVirtualAuthenticator): registered in Settings, then a password-less sign-in.
 *
 * One server for the file, at http://localhost:<port> (PUBLIC_URL), since browsers refuse an IP address such as
 * 127.0.0.1 as a WebAuthn relying party.
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { generate } from 'otplib';
import { describe, expect, test } from 'vitest';
import { browserSuite } from '../support/suite';

const ADMINS = ['annelie.2fa@example.com', 'bongani.2fa@example.com'];
const {
  page: openPage,
  gql,
  signUp: register,
} = browserSuite(
  { RATE_SIGNUP_PER_IP: '1000', RATE_SIGNIN_PER_IP: '1000', ADMIN_EMAILS: ADMINS.join(',') },
  { host: 'localhost' },
);
const page = (viewport = { width: 1280, height: 800 }) => openPage({ viewport });
const signUp = (context: BrowserContext, firstName: string, email?: string) =>
  register(context, firstName, 'Secure', email);

/** Serious and critical accessibility violations inside `within`. */
async function violations(p: Page, within: string): Promise<string[]> {
  const results = await new AxeBuilder({ page: p })
    .options({ resultTypes: ['violations'] })
    .include(within)
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.target.join(' ')}`));
}

const me = async (context: BrowserContext) => (await gql<{ me: { id: string } | null }>(context, '{ me { id } }')).me;

async function signOut(p: Page) {
  await p.goto('/api/logout');
  await p.waitForURL((url) => url.pathname === '/');
  await p.getByRole('button', { name: 'Email', exact: true }).waitFor();
}

async function passwordStep(p: Page, input: { email: string; password: string }) {
  await p.getByRole('button', { name: 'Email', exact: true }).click();
  await p.getByLabel('Email', { exact: true }).fill(input.email);
  await p.getByLabel('Password', { exact: true }).fill(input.password);
  await p.getByRole('button', { name: 'Sign in', exact: true }).click();
  await p.getByTestId('second-step').waitFor();
}

/** The code of the next time step: the enrolment used the current one, and a used step is never accepted again. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

describe('two-factor sign-in', () => {
  test('set up an authenticator app in Settings, sign out, sign in with password and a code; a recovery code works once', async () => {
    const { context, page: p } = await page();
    const { input, id } = await signUp(context, 'Tumi');
    await p.goto('/profile?tab=settings');
    const section = p.getByTestId('two-factor');
    await section.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await section.getByTestId('totp-state').getByText('Off').waitFor();
    await section.getByText('You have no passkeys.').waitFor();

    await section.getByRole('button', { name: 'Set up authenticator app' }).click();
    const dialog = p.getByTestId('enrol-totp-dialog');
    const secret = (await dialog.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await violations(p, '[data-testid="enrol-totp-dialog"]')).toEqual([]);
    // A wrong code is refused with a message at the field.
    await dialog.getByTestId('totp-code').fill('000000');
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await dialog
      .getByTestId('totp-error')
      .getByText(/not right/)
      .waitFor();
    await dialog.getByTestId('totp-code').fill(await generate({ secret }));
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await p.getByTestId('recovery-codes').waitFor();
    const codes = (await p.getByTestId('recovery-codes').locator('li').allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    expect(await violations(p, '[data-testid="recovery-codes-dialog"]')).toEqual([]);
    await p.getByTestId('twofactor-done').click();
    await section.getByTestId('totp-state').getByText('On').waitFor();
    await section.getByText('Recovery codes left: 10.').waitFor();
    // The secret is never shown again.
    await p.reload();
    await section.getByTestId('totp-state').getByText('On').waitFor();
    expect(await p.content()).not.toContain(secret);

    // Password alone gives no session: the second step asks for a code.
    await signOut(p);
    await passwordStep(p, input);
    expect(await me(context)).toBeNull();
    expect(await violations(p, '[data-testid="second-step"]')).toEqual([]);
    await p.getByTestId('second-step-code').fill('123456');
    await p.getByRole('button', { name: 'Verify' }).click();
    await p
      .getByRole('alert')
      .getByText(/not right/)
      .waitFor();
    await p.getByTestId('second-step-code').fill(await nextCode(secret));
    await p.getByRole('button', { name: 'Verify' }).click();
    await p.getByTestId('topbar').waitFor();
    expect((await me(context))?.id).toBe(id);

    // At phone width, with the keyboard: a recovery code signs in once.
    const phone = await page({ width: 390, height: 844 });
    await phone.page.goto('/');
    await passwordStep(phone.page, input);
    await phone.page.getByTestId('second-step-code').fill(codes[0]);
    await phone.page.getByTestId('second-step-code').press('Enter');
    await phone.page.getByTestId('topbar').waitFor();
    expect((await me(phone.context))?.id).toBe(id);
    await signOut(phone.page);
    await passwordStep(phone.page, input);
    await phone.page.getByTestId('second-step-code').fill(codes[0]);
    await phone.page.getByTestId('second-step-code').press('Enter');
    await phone.page
      .getByRole('alert')
      .getByText(/not right/)
      .waitFor();
    expect(await me(phone.context)).toBeNull();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('register a passkey in Settings through the virtual authenticator, then sign in with it without a password', async () => {
    const { context, page: p } = await page();
    const cdp = await context.newCDPSession(p);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    const { id, input } = await signUp(context, 'Palesa');
    await p.goto('/profile?tab=settings');
    const section = p.getByTestId('two-factor');
    await section.getByText('You have no passkeys.').waitFor();
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = p.getByTestId('add-passkey-dialog');
    // A name is required.
    await dialog.getByRole('button', { name: 'Create passkey' }).click();
    await dialog.getByTestId('passkey-error').getByText('Name is required.').waitFor();
    await dialog.getByTestId('passkey-name').fill('Laptop');
    await dialog.getByRole('button', { name: 'Create passkey' }).click();
    await section.getByTestId('passkey').getByText('Laptop').waitFor();
    await section.getByTestId('passkey').getByText('Never used').waitFor();
    expect(await violations(p, '[data-testid="two-factor"]')).toEqual([]);

    await signOut(p);
    expect(await me(context)).toBeNull();
    await p.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await p.getByTestId('topbar').waitFor();
    expect((await me(context))?.id).toBe(id);

    await p.goto('/profile?tab=settings');
    await section
      .getByTestId('passkey')
      .getByText(/Last used/)
      .waitFor();

    // With a passkey, a password sign-in asks for the second step too, and the passkey answers it.
    await signOut(p);
    await passwordStep(p, input);
    expect(await me(context)).toBeNull();
    await p.getByRole('button', { name: 'Use a passkey instead' }).click();
    await p.getByTestId('topbar').waitFor();
    expect((await me(context))?.id).toBe(id);
  });

  test('an admin requires two-factor sign-in for admins; an admin without it is sent to set it up', async () => {
    const { context, page: p } = await page();
    await signUp(context, 'Annelie', ADMINS[0]);
    await p.goto('/admin');
    const security = p.getByTestId('admin-security');
    const toggle = security.getByRole('switch', { name: 'Require two-factor sign-in for admins' });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    // Not without a second factor of their own: the switch stays off and says why.
    await toggle.click();
    await p.getByText('Turn on two-factor sign-in for your own account first.').waitFor();
    expect(await toggle.isChecked()).toBe(false);

    const started = await gql(context, 'mutation { startTotpEnrolment { secret } }');
    await gql(context, 'mutation($c: String!) { confirmTotpEnrolment(code: $c) }', {
      c: await generate({ secret: started.startTotpEnrolment.secret }),
    });
    await toggle.click();
    await p.getByText('Two-factor sign-in is now required for admins').waitFor();
    expect(await toggle.isChecked()).toBe(true);

    // Another admin without a second factor sees only where to set it up, at phone width too.
    const other = await page({ width: 390, height: 844 });
    await signUp(other.context, 'Bongani', ADMINS[1]);
    await other.page.goto('/admin');
    const gate = other.page.getByTestId('admin-needs-2fa');
    await gate.getByText('Turn on two-factor sign-in to use the admin panel').waitFor();
    expect(await other.page.getByText('User Management').count()).toBe(0);
    expect(await violations(other.page, '[data-testid="admin-needs-2fa"]')).toEqual([]);
    await gate.getByRole('link', { name: 'Set up two-factor sign-in' }).click();
    await other.page.waitForURL((url) => url.pathname === '/profile');
    await other.page.getByTestId('two-factor').getByRole('button', { name: 'Set up authenticator app' }).waitFor();

    await toggle.click();
    await p.getByText('Two-factor sign-in is no longer required for admins').waitFor();
  });
});
