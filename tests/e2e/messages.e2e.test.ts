/**
 * Messages between two members, live (spec 001 section 2.8 with stored conversations): a member opens a
 * conversation with a friend from the friends panel and writes; the friend's Messages badge counts it at once,
 * the friend opens the thread (the badge goes and the sender sees Seen), answers with Enter, and the answer reaches
 * the first member without a reload. Two browser contexts: two members on two websockets.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { browserSuite, shown } from '../support/suite';

const { page, gql, signUp } = browserSuite();

const topBarMessages = (p: Page) =>
  p.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: /^Messages/ });

test('two members message each other live: the badge counts, the receipt shows, the answer arrives without a reload', async () => {
  const a = await page();
  const b = await page();
  const ayanda = await signUp(a.context, 'Ayanda', 'Writer');
  const bongani = await signUp(b.context, 'Bongani', 'Reader');
  await gql(a.context, 'mutation($id: ID!) { sendFriendRequest(userId: $id) { id } }', { id: bongani.id });
  await gql(b.context, 'mutation($id: ID!) { acceptFriendRequest(userId: $id) { id } }', { id: ayanda.id });

  // Bongani waits on the home feed: no badge yet.
  const bp = b.page;
  await bp.goto('/');
  await shown(topBarMessages(bp), 'the Messages link in the top bar');
  expect(
    await topBarMessages(bp)
      .getByLabel(/unread messages/)
      .count(),
  ).toBe(0);

  // Ayanda: the friends panel's Message button opens the conversation.
  const ap = a.page;
  await ap.goto('/');
  await ap.getByRole('button', { name: /^Friends/ }).click();
  const panel = await shown(ap.getByTestId('friends-panel'), 'the friends panel');
  await panel.getByRole('button', { name: 'Message Bongani Reader' }).click();
  await ap.waitForURL(/\/messages\?conversation=/);
  await shown(ap.getByTestId('thread-peer').filter({ hasText: 'Bongani Reader' }), 'the thread with Bongani');
  const box = ap.getByRole('textbox', { name: 'Message' });
  expect(await ap.getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(true);
  await box.fill('Sawubona! See https://example.com/braai');
  await box.press('Enter');
  const own = ap.getByTestId('bubble-own').filter({ hasText: 'Sawubona!' });
  await shown(own, 'the sent bubble');
  expect(await own.getByRole('link', { name: 'https://example.com/braai' }).getAttribute('rel')).toContain('noopener');
  await shown(ap.getByTestId('read-receipt').filter({ hasText: 'Sent' }), 'Sent under the own message');

  // Bongani's badge counts the conversation live, on the top bar.
  await shown(topBarMessages(bp).getByLabel('1 unread messages'), 'the Messages badge at 1');

  // Bongani opens the conversation: the badge goes, and Ayanda sees Seen without a reload.
  await topBarMessages(bp).click();
  const row = await shown(
    bp.getByRole('button', { name: /^Ayanda Writer.*1\s*unread$/ }),
    'the conversation with its unread count',
  );
  await row.click();
  await shown(bp.getByTestId('bubble-other').filter({ hasText: 'Sawubona!' }), 'the message in the thread');
  await shown(ap.getByTestId('read-receipt').filter({ hasText: 'Seen' }), 'Seen under the own message');
  await expect
    .poll(
      () =>
        topBarMessages(bp)
          .getByLabel(/unread messages/)
          .count(),
      { timeout: 15_000 },
    )
    .toBe(0);

  // Bongani answers with Shift+Enter for a new line and Enter to send; it reaches Ayanda live.
  const reply = bp.getByRole('textbox', { name: 'Message' });
  await reply.fill('Yebo!');
  await reply.press('Shift+Enter');
  await reply.pressSequentially('Coming at six');
  expect(await reply.inputValue()).toBe('Yebo!\nComing at six');
  await reply.press('Enter');
  await shown(bp.getByTestId('bubble-own').filter({ hasText: 'Coming at six' }), 'the answer on its sender side');
  await shown(ap.getByTestId('bubble-other').filter({ hasText: 'Coming at six' }), 'the answer on Ayanda side, live');
  // Ayanda has the thread open: the answer is read at once, so Ayanda's badge does not stay.
  await expect
    .poll(
      () =>
        topBarMessages(ap)
          .getByLabel(/unread messages/)
          .count(),
      { timeout: 15_000 },
    )
    .toBe(0);

  // Stored: after a reload both messages are still there, in order.
  await ap.reload();
  const bubbles = ap.getByTestId('thread-messages').getByTestId(/^bubble-/);
  await shown(bubbles.filter({ hasText: 'Coming at six' }), 'the answer after a reload');
  expect(await bubbles.allTextContents()).toEqual(['Sawubona! See https://example.com/braai', 'Yebo!\nComing at six']);
});
