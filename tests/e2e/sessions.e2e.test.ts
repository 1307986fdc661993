/**
 * Sessions and tokens (issue 24, finding 18) as a member uses them: signed in on a computer and on two phones
 * (three browser contexts), the computer's Settings lists every session with its device and "This device", and the
 * member's API token alongside; "Sign out" ends one phone's session and "Sign out other sessions" the rest, and those
 * browsers are signed out at once.
 *
 * One server for the file.
 */
import { describe, expect, test } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { browserSuite, toast } from '../support/suite';

const suite = browserSuite({
  RATE_SIGNUP_PER_IP: '1000',
  RATE_SIGNIN_PER_IP: '1000',
  WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'true',
});
const { gql } = suite;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 ' +
  'Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile ' +
  'Safari/537.36';

/** Who the context's session belongs to (null: signed out), asked the way the app asks. */
async function whoAmI(context: BrowserContext): Promise<string | null> {
  const res = await context.request.post('/graphql', { data: { query: '{ me { id } }' } });
  return ((await res.json()) as { data?: { me: { id: string } | null } }).data?.me?.id ?? null;
}

describe('sessions and tokens', () => {
  test('see every signed-in device and the API tokens in Settings, sign out one session, then all the others', async () => {
    const computer = await suite.page();
    const me = await suite.signUp(computer.context, 'Sipho', 'Sessions');
    await gql(
      computer.context,
      'mutation { createAccessToken(input: { name: "Home automation", scope: read }) { secret } }',
    );
    const phone = await suite.page({ userAgent: IPHONE, viewport: { width: 390, height: 844 } });
    const tablet = await suite.page({ userAgent: ANDROID });
    for (const other of [phone, tablet]) {
      const login = await other.context.request.post('/api/auth/login', {
        data: { email: me.input.email, password: me.input.password },
      });
      expect(login.status(), await login.text()).toBe(200);
      expect(await whoAmI(other.context)).toBe(me.id);
    }

    await computer.page.goto('/profile?tab=settings');
    const section = computer.page.getByTestId('sessions-and-tokens');
    await section.getByRole('heading', { name: 'Sessions and tokens' }).waitFor();
    const rows = section.getByTestId('session');
    await expect.poll(() => rows.count()).toBe(3);
    // This browser first, marked; the others by device.
    await expect.poll(() => rows.first().textContent()).toContain('This device');
    await section.getByText('Safari on iPhone').waitFor();
    await section.getByText('Chrome on Android').waitFor();
    await section.getByTestId('session-token').getByText('Home automation').waitFor();

    // Sign out the iPhone only.
    await section.getByRole('button', { name: /^Sign out Safari on iPhone/ }).click();
    await toast(computer.page, 'Session signed out').waitFor();
    await expect.poll(() => rows.count()).toBe(2);
    expect(await whoAmI(phone.context)).toBeNull();
    expect(await whoAmI(tablet.context)).toBe(me.id);

    // Then every other session.
    await section.getByTestId('sign-out-others').click();
    await toast(computer.page, 'Signed out other sessions').waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await whoAmI(tablet.context)).toBeNull();
    expect(await whoAmI(computer.context)).toBe(me.id);
    await expect.poll(() => section.getByTestId('sign-out-others').count()).toBe(0);

    // The signed-out phone, reloaded, shows the landing with its sign-in choices.
    await phone.page.goto('/profile');
    await phone.page.getByRole('button', { name: 'Email', exact: true }).waitFor({ state: 'visible' });
    expect(await phone.page.getByTestId('sidebar').count()).toBe(0);
  });

  test('change the password in Settings: the API tokens are revoked and the webhooks turned off, told why, and turned on again', async () => {
    const { page: p, context } = await suite.page();
    const me = await suite.signUp(context, 'Refilwe', 'Recovery');
    const { createAccessToken } = await gql(
      context,
      'mutation { createAccessToken(input: { name: "Planted", scope: readWrite }) { secret } }',
    );
    const hook = 'http://127.0.0.1:9/collect';
    await gql(
      context,
      'mutation($u: String!) { createWebhook(input: { url: $u, events: [newMessage] }) { webhook { id } } }',
      { u: hook },
    );

    await p.goto('/profile?tab=settings');
    const form = p.getByTestId('change-password');
    await form.getByRole('heading', { name: 'Change password' }).waitFor();
    await p.getByTestId('sessions-and-tokens').getByText('Planted').waitFor();
    expect(
      await form.getByRole('checkbox', { name: 'Also revoke my API tokens and turn off my webhooks' }).isChecked(),
    ).toBe(true);
    await form.getByLabel('Current password').fill(me.input.password);
    await form.getByLabel('New password').fill('Kx9-rumbling-otter-42-quietly');
    await form.getByRole('button', { name: 'Change password' }).click();
    await toast(p, 'Password changed').waitFor();

    // The token no longer works; the webhook is off and says why; the member turns it on again.
    const refused = await context.request.post('/graphql', {
      headers: { authorization: `Bearer ${createAccessToken.secret}` },
      data: { query: '{ me { id } }' },
    });
    expect(refused.status()).toBe(401);
    await p.getByTestId('sessions-and-tokens').getByTestId('session-tokens-empty').waitFor();
    const webhook = p.getByTestId('webhook');
    await webhook
      .getByTestId('webhook-disabled-reason')
      .getByText('Turned off when you changed your password', { exact: false })
      .waitFor();
    await webhook.getByRole('button', { name: `Turn on ${hook}` }).click();
    await toast(p, 'Webhook turned on').waitFor();
    await expect.poll(() => webhook.getByTestId('webhook-disabled-reason').count()).toBe(0);
    expect(await whoAmI(context)).toBe(me.id);
  });
});
