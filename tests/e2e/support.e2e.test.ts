/**
 * The support inbox between a real member and an admin (issue 14, "User Conversations"): the member opens Contact
 * support from the profile menu and writes; the admin, in another browser context, sees the conversation arrive
 * live with its unread badge, opens it and answers; the member sees the answer live and a notification in the bell.
 *
 * One server for the file; the admin is the member whose e-mail is in ADMIN_EMAILS.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { memberInput } from '../support/app';
import { browserSuite, shown } from '../support/suite';

const ADMIN_EMAIL = 'support-admin@e2e.example';
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

/** Resolves once the page's live socket has sent a subscription naming `field`. */
function subscribed(p: Page, field: string): Promise<void> {
  return new Promise((resolve) => {
    p.on('websocket', (ws) => {
      ws.on('framesent', (frame) => {
        if (String(frame.payload).includes(field)) resolve();
      });
    });
  });
}

describe('support inbox', () => {
  test('a member writes from Contact support; the admin sees it live, answers; the member gets the answer live and in the bell', async () => {
    const admin = await page();
    const member = await page();
    await signUpAdmin(admin.context);
    await signUp(member.context, 'Pieter', 'Botha');

    // The admin has User Conversations open, first among the tabs, empty so far, listening.
    const ap = admin.page;
    const inboxLive = subscribed(ap, 'supportInboxMessageAdded');
    await ap.goto('/admin');
    const tabs = ap.getByRole('tab');
    await shown(tabs.first(), 'the admin tabs');
    expect(await tabs.first().textContent()).toBe('User Conversations');
    await tabs.first().click();
    await shown(ap.getByText('No conversations yet'), 'the empty inbox');
    await inboxLive;

    // The member opens Contact support from the profile menu and writes.
    const mp = member.page;
    const answersLive = subscribed(mp, 'supportMessageAdded');
    const bellLive = subscribed(mp, 'notificationAdded');
    await mp.goto('/');
    await mp.getByRole('button', { name: 'Account menu' }).click();
    await mp.getByRole('menuitem', { name: 'Contact support' }).click();
    await shown(mp.getByRole('heading', { name: 'Contact support', level: 1 }), 'the Contact support screen');
    expect(new URL(mp.url()).pathname).toBe('/support');
    await Promise.all([answersLive, bellLive]);
    const box = mp.getByRole('textbox', { name: 'Message' });
    await box.fill('My photo upload keeps failing');
    await box.press('Enter');
    await shown(
      mp.getByTestId('bubble-own').filter({ hasText: 'My photo upload keeps failing' }),
      "the member's message",
    );

    // It arrives in the admin's inbox live: the member's name, the last line, an unread badge, the tab's count.
    const row = ap.getByTestId('support-thread-row').filter({ hasText: 'Pieter Botha' });
    await shown(row, "Pieter's conversation in the inbox");
    await shown(row.getByText('My photo upload keeps failing'), 'the last line');
    await shown(row.getByTestId('support-thread-unread'), 'the unread badge');
    await shown(ap.getByLabel('1 unread conversations'), "the tab's live count");

    // The admin opens it (reading it for the team) and answers.
    await row.click();
    await shown(
      ap.getByTestId('support-thread-messages').getByText('My photo upload keeps failing'),
      'the message in the thread',
    );
    await expect.poll(() => ap.getByLabel('1 unread conversations').count(), { timeout: 10_000 }).toBe(0);
    const reply = ap.getByRole('textbox', { name: 'Message' });
    await reply.fill('Sorry about that! Try a photo under 10 MB.');
    await reply.press('Enter');
    await shown(ap.getByTestId('bubble-own').filter({ hasText: 'Sorry about that!' }), "the admin's answer");

    // The member sees the answer live, from Saffa Support, and a notification in the bell.
    await shown(
      mp.getByTestId('bubble-other').filter({ hasText: 'Sorry about that! Try a photo under 10 MB.' }),
      'the answer, live',
    );
    await shown(
      mp.getByTestId('support-author').filter({ hasText: 'Saffa Support · Annelie' }),
      'the answer under the Saffa Support name',
    );
    const bell = mp.getByRole('button', { name: /^Notifications, 1 unread$/ });
    await shown(bell, 'the bell counting the answer');
    await bell.click();
    await shown(
      mp.getByTestId('notifications-panel').getByText(/Saffa Support replied: Sorry about that!/),
      'the answer in the bell',
    );
  });
});
