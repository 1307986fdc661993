/**
 * Reports of every kind of content as members file them (issue 14): one member reports another's comment and reel
 * through the Report actions and the shared report dialog (the six reasons), sees the success toast, and a second
 * report of the same comment says "Already reported"; the recipient of a direct message reports it from the thread
 * (the sender has no Report on their own message). The Report actions are reached with the keyboard.
 *
 * One server for the file. Addresses outside the app are refused, never fetched.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { waitUntil } from '../support/browser';
import { dataUrl, PNG_BYTES } from '../support/files';
import { browserSuite, shown } from '../support/suite';

const { page, gql, signUp: register } = browserSuite();

/** Registers a member in the context (tutorial done) and answers their id and display name. */
async function signUp(
  context: BrowserContext,
  firstName: string,
  lastName: string,
): Promise<{ id: string; name: string }> {
  const { id } = await register(context, firstName, lastName);
  return { id, name: `${firstName} ${lastName}` };
}

/** The toast with this title and description (toasts are role=status). */
function toast(p: Page, title: string, description: string): Locator {
  return p
    .getByRole('status')
    .filter({ has: p.getByText(title, { exact: true }) })
    .filter({ hasText: description });
}

/**
 * Presses a Report button from the keyboard (focus, then Enter), picks `reason` in the dialog titled `title` and
 * submits; answers the dialog.
 */
async function report(p: Page, button: Locator, title: string, reason: string): Promise<Locator> {
  await shown(button, `the ${title} button`);
  await button.focus();
  await p.keyboard.press('Enter');
  const dialog = await shown(p.getByRole('dialog', { name: title }), `the ${title} dialog`);
  await waitUntil(async () => (await dialog.getByRole('radio').count()) === 6, 'the six reasons');
  await dialog.getByText(reason, { exact: true }).click();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  return dialog;
}

describe('reporting content', () => {
  test("a member reports another member's comment and reel; the same comment a second time is 'Already reported'", async () => {
    const [a, b] = [await page(), await page()];
    const [author] = await Promise.all([signUp(a.context, 'Anele', 'Author'), signUp(b.context, 'Bongi', 'Reporter')]);
    const { createPost } = await gql<{ createPost: { id: string } }>(
      a.context,
      'mutation ($input: CreatePostInput!) { createPost(input: $input) { id } }',
      {
        input: { content: `Braai this Saturday ${Date.now().toString(36)}` },
      },
    );
    await gql(
      a.context,
      'mutation ($postId: ID!, $text: String!) { addComment(postId: $postId, text: $text) { id } }',
      {
        postId: createPost.id,
        text: 'Buy cheap sunglasses at my site',
      },
    );
    const reelTitle = `Spam reel ${Date.now().toString(36)}`;
    await gql(a.context, 'mutation ($input: UploadReelInput!) { uploadReel(input: $input) { id } }', {
      input: { title: reelTitle, file: dataUrl('image/png', PNG_BYTES) },
    });

    // The comment, on the post's page.
    await b.page.goto(`/post/${createPost.id}`);
    await b.page.getByRole('button', { name: /^Comments \(1\)$/ }).click();
    const comment = b.page.getByTestId('comment').filter({ hasText: 'Buy cheap sunglasses' });
    const reportComment = comment.getByRole('button', { name: `Report comment by ${author.name}` });
    const dialog = await report(b.page, reportComment, 'Report Comment', 'Spam or misleading');
    await shown(toast(b.page, 'Success', 'Comment reported to administrators.'), 'the comment report toast');
    await waitUntil(async () => (await dialog.count()) === 0, 'the closed dialog');

    // Again: one report per member and item.
    await report(b.page, reportComment, 'Report Comment', 'Other');
    await shown(toast(b.page, 'Already reported', 'You have already reported this.'), 'the Already reported toast');

    // The author sees no Report on their own comment.
    await a.page.goto(`/post/${createPost.id}`);
    await a.page.getByRole('button', { name: /^Comments \(1\)$/ }).click();
    await shown(a.page.getByTestId('comment').filter({ hasText: 'Buy cheap sunglasses' }), "the author's comment");
    expect(
      await a.page
        .getByTestId('comment')
        .getByRole('button', { name: /^Report/ })
        .count(),
    ).toBe(0);

    // The reel, in the full-screen player on /reels.
    await b.page.goto('/reels');
    await b.page.getByRole('button', { name: new RegExp(`^${reelTitle}`) }).click();
    const player = await shown(b.page.getByTestId('reel-player'), 'the reel player');
    await report(
      b.page,
      player.getByRole('button', { name: 'Report reel' }),
      'Report Reel',
      'Harassment or hate speech',
    );
    await shown(toast(b.page, 'Success', 'Reel reported to administrators.'), 'the reel report toast');
    await shown(player, 'the player, still open behind the closed dialog');
  });

  test('the recipient of a direct message reports it from the thread; the sender has no Report on it', async () => {
    const [a, b] = [await page(), await page()];
    const [, recipient] = await Promise.all([
      signUp(a.context, 'Sipho', 'Sender'),
      signUp(b.context, 'Riana', 'Recipient'),
    ]);
    const { startConversation } = await gql<{ startConversation: { id: string } }>(
      a.context,
      'mutation ($input: StartConversationInput!) { startConversation(input: $input) { id } }',
      { input: { memberId: recipient.id } },
    );
    await gql(
      a.context,
      'mutation ($id: ID!, $body: String!) { sendMessage(conversationId: $id, body: $body) { id } }',
      {
        id: startConversation.id,
        body: 'Send me your banking PIN please',
      },
    );

    await b.page.goto(`/messages?conversation=${startConversation.id}`);
    const thread = await shown(b.page.getByTestId('thread-messages'), 'the thread');
    await shown(thread.getByText('Send me your banking PIN please'), 'the received message');
    await report(
      b.page,
      thread.getByRole('button', { name: 'Report message' }),
      'Report Message',
      'Harassment or hate speech',
    );
    await shown(toast(b.page, 'Success', 'Message reported to administrators.'), 'the message report toast');

    await a.page.goto(`/messages?conversation=${startConversation.id}`);
    const own = await shown(a.page.getByTestId('thread-messages'), "the sender's thread");
    await shown(own.getByText('Send me your banking PIN please'), 'the sent message');
    expect(await own.getByRole('button', { name: 'Report message' }).count()).toBe(0);
  });
});
