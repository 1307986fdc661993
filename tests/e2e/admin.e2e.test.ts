/**
 * The admin panel between real members (spec 002 section 2 "Admin panel", issue 14): a member gets Access Denied;
 * the admin edits a member's name, broadcasts a notification that arrives live in another member's bell, suspends a
 * member whose open page loses its session at once, and sees those actions in the audit log.
 *
 * One server for the file; the admin is the member whose e-mail is in ADMIN_EMAILS.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { memberInput } from '../support/app';
import { waitUntil } from '../support/browser';
import { browserSuite, shown } from '../support/suite';

const ADMIN_EMAIL = 'panel-admin@e2e.example';
const { page, gql, signUp } = browserSuite({
  RATE_SIGNUP_PER_IP: '1000',
  RATE_SIGNIN_PER_IP: '1000',
  ADMIN_EMAILS: ADMIN_EMAIL,
});

async function signUpAdmin(context: BrowserContext) {
  const res = await context.request.post('/api/auth/register', {
    data: memberInput({ email: ADMIN_EMAIL, firstName: 'Annelie', lastName: 'Admin' }),
  });
  expect(res.status(), await res.text()).toBe(201);
  await gql(context, 'mutation { updateTutorial(tutorialCompleted: true, tutorialStep: 9) { id } }');
}

/** Resolves once the page's live socket has subscribed to new notifications. */
function notificationSubscription(p: Page): Promise<void> {
  return new Promise((resolve) => {
    p.on('websocket', (ws) => {
      ws.on('framesent', (frame) => {
        if (String(frame.payload).includes('notificationAdded')) resolve();
      });
    });
  });
}

const toast = (p: Page, title: string) => p.getByRole('status').filter({ has: p.getByText(title, { exact: true }) });
const bell = (p: Page) => p.getByRole('button', { name: /^Notifications(, \S+ unread)?$/ });

describe('admin panel', () => {
  test('Access Denied for members; the admin edits, broadcasts live, suspends, and sees it all in the audit log', async () => {
    const admin = await page();
    const member = await page();
    const listener = await page();
    const suspended = await page();
    await signUpAdmin(admin.context);
    const [sipho] = await Promise.all([
      signUp(member.context, 'Sipho', 'Member'),
      signUp(listener.context, 'Lerato', 'Listener'),
      signUp(suspended.context, 'Thabo', 'Suspended'),
    ]);

    // A member is refused, in the spec's words, and the server refuses them too.
    await member.page.goto('/admin');
    await shown(member.page.getByRole('heading', { name: 'Access Denied' }), 'Access Denied for a member');
    await shown(
      member.page.getByText(
        "You don't have permission to access the admin panel. This area is restricted to administrators only.",
      ),
      'the Access Denied text',
    );
    const refused = await member.context.request.get('/api/admin/users');
    expect(refused.status()).toBe(403);

    // Two members have the app open with their live sockets.
    const listening = notificationSubscription(listener.page);
    const thaboListening = notificationSubscription(suspended.page);
    await Promise.all([listener.page.goto('/'), suspended.page.goto('/')]);
    await Promise.all([listening, thaboListening]);

    // The admin finds Sipho and renames him.
    const ap = admin.page;
    await ap.goto('/admin');
    await shown(ap.getByRole('tab', { name: 'User Management' }), 'the User Management tab');
    await ap.getByRole('searchbox', { name: 'Search users' }).fill('Sipho');
    const row = ap.getByRole('listitem', { name: 'Sipho Member' });
    await shown(row, "Sipho's row");
    await shown(row.getByText('User', { exact: true }), 'the User role badge');
    await row.getByRole('button', { name: 'Edit Sipho Member' }).click();
    const dialog = ap.getByTestId('admin-edit-user');
    await dialog.getByRole('textbox', { name: /First Name/ }).fill('Siphokazi');
    await dialog.getByRole('textbox', { name: /First Name/ }).press('Enter');
    await shown(toast(ap, 'User updated'), "the 'User updated' toast");
    await shown(ap.getByRole('listitem', { name: 'Siphokazi Member' }), 'the renamed row');
    expect((await gql(member.context, '{ me { id firstName } }')).me).toEqual({ id: sipho.id, firstName: 'Siphokazi' });

    // A blank broadcast is refused in the spec's words; a real one reaches Lerato's bell live.
    await ap.getByRole('tab', { name: 'Send Notifications' }).click();
    await ap.getByRole('button', { name: 'Send Notification' }).click();
    await shown(ap.getByRole('alert').filter({ hasText: 'Please fill in all fields' }), "'Please fill in all fields'");
    await ap.getByRole('textbox', { name: /Title/ }).fill('Load shedding tonight');
    await ap.getByRole('textbox', { name: /Message/ }).fill('Stage 4 from 18:00. Charge your phones.');
    await ap.getByRole('combobox', { name: 'Type' }).selectOption('warning');
    await ap.getByRole('button', { name: 'Send Notification' }).click();
    await shown(toast(ap, 'Notification sent'), "the 'Notification sent' toast");
    await shown(
      listener.page.getByRole('button', { name: 'Notifications, 1 unread' }),
      "Lerato's bell counting the broadcast live",
    );
    await bell(listener.page).click();
    await shown(
      listener.page.getByTestId('notifications-panel').getByText('Load shedding tonight'),
      'the broadcast in the bell',
    );

    // The admin suspends Thabo: his open page loses its session at once, and he cannot sign in again.
    await ap.getByRole('tab', { name: 'User Management' }).click();
    await ap.getByRole('searchbox', { name: 'Search users' }).fill('Thabo');
    const thabo = ap.getByRole('listitem', { name: 'Thabo Suspended' });
    await thabo.getByRole('button', { name: 'Suspend Thabo Suspended' }).click();
    await shown(thabo.getByText('Suspended', { exact: true }), 'the Suspended badge');
    await shown(suspended.page.getByTestId('auth-card'), "Thabo's page back on the landing screen");
    expect((await gql(suspended.context, '{ me { id } }')).me).toBeNull();

    // The audit log shows the three actions, newest first, with who did them; the action filter narrows it.
    await ap.getByRole('tab', { name: 'Audit Log' }).click();
    const entries = ap.getByTestId('admin-audit-entry');
    await waitUntil(async () => (await entries.count()) >= 3, 'three audit entries');
    const texts = await entries.allInnerTexts();
    expect(texts.slice(0, 3).map((t) => t.split('\n')[0])).toEqual([
      'User suspended',
      'Notification sent',
      'User updated',
    ]);
    for (const t of texts.slice(0, 3)) expect(t).toContain('Annelie Admin');
    expect(texts[2]).toContain('first name: Sipho → Siphokazi');
    expect(texts[0]).toContain('Member: Thabo Suspended');
    for (const t of texts) expect(t, 'names, not ids').not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    await ap.getByTestId('admin-audit-action').selectOption('notification.broadcast');
    await waitUntil(async () => (await entries.count()) === 1, 'only the broadcast');
    await shown(entries.first().getByText('Notification sent'), 'the filtered entry');
  }, 120_000);
});
