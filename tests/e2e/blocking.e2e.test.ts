/**
 * Blocking a member (issue 13): A blocks B from B's profile after confirming; the profile is left for the feed and
 * B's posts vanish from it; B can no longer open A's profile ("Member not found") nor start a conversation with A;
 * A unblocks B in the profile's Settings tab (Blocked members), by keyboard, and B's posts are back.
 *
 * One server for the file.
 */
import { describe, expect, test } from 'vitest';
import { browserSuite } from '../support/suite';

const suite = browserSuite();
const { gql } = suite;

describe('blocking', () => {
  test("A blocks B from B's profile; B vanishes from A's feed; B cannot reach A; A unblocks from Settings", async () => {
    const a = await suite.page();
    const anele = await suite.signUp(a.context, 'Anele', 'Blocker');
    const b = await suite.page();
    const bongani = await suite.signUp(b.context, 'Bongani', 'Blocked');
    const text = `Bongani's braai post ${Date.now()}`;
    const mine = `Anele's own post ${Date.now()}`;
    const CREATE = 'mutation($input: CreatePostInput!) { createPost(input: $input) { id } }';
    await gql(b.context, CREATE, { input: { content: text } });
    await gql(a.context, CREATE, { input: { content: mine } });

    // A sees B's post in the feed, then opens B's profile and blocks B (Cancel first: nothing happens).
    await a.page.goto('/');
    const post = a.page.getByTestId('post-card').filter({ hasText: text });
    await post.waitFor();
    await a.page.goto(`/profile/${bongani.id}`);
    await a.page.getByTestId('profile-header').getByText('Bongani Blocked').first().waitFor();
    await a.page.getByTestId('block-member').click();
    const dialog = a.page.getByRole('alertdialog');
    await dialog.getByText('Are you sure you want to block Bongani Blocked?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await a.page.getByTestId('block-member').click();
    await a.page.getByRole('alertdialog').getByRole('button', { name: 'Block', exact: true }).click();

    // The profile is left for the feed, where B's post is gone.
    await a.page.waitForURL((url) => url.pathname === '/');
    await a.page.getByText('Member Blocked').first().waitFor();
    await a.page.getByTestId('post-card').filter({ hasText: mine }).waitFor();
    expect(await post.count()).toBe(0);
    await a.page.reload();
    await a.page.getByTestId('post-card').filter({ hasText: mine }).waitFor();
    expect(await post.count()).toBe(0);

    // B cannot open A's profile, nor message A.
    await b.page.goto(`/profile/${anele.id}`);
    await b.page.getByTestId('profile-not-found').waitFor();
    expect(await b.page.getByRole('button', { name: 'Message' }).count()).toBe(0);
    const start = await b.context.request.post('/graphql', {
      data: {
        query: 'mutation($id: ID!) { startConversation(input: { memberId: $id }) { id } }',
        variables: { id: anele.id },
      },
    });
    const body = await start.json();
    expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(body.errors?.[0]?.message).toBe('You cannot interact with this member.');

    // A unblocks B in Settings, by keyboard; the list is then empty, and B's post is back in the feed.
    await a.page.goto('/profile?tab=settings');
    const blocked = a.page.getByTestId('blocked-members');
    const row = blocked.getByTestId('blocked-member').filter({ hasText: 'Bongani Blocked' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Unblock Bongani Blocked' }).focus();
    await a.page.keyboard.press('Enter');
    await blocked.getByText('You have not blocked anyone.').waitFor();
    await a.page.goto('/');
    await a.page.getByTestId('post-card').filter({ hasText: text }).waitFor();
    await b.page.goto(`/profile/${anele.id}`);
    await b.page.getByTestId('profile-header').getByText('Anele Blocker').first().waitFor();
  }, 120_000);
});
