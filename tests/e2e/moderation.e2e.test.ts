/**
 * The moderation queue between real members (issue 14, "Reports for every content type"): a member reports another
 * member's comment and reel, the admin opens Admin Panel > Reports, removes both (confirming each), and they are
 * gone for everyone: the reel from /reels (its file too), the comment from its post; the audit log shows both.
 *
 * One server for the file; the admin is the member whose e-mail is in ADMIN_EMAILS.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { memberInput } from '../support/app';
import { waitUntil } from '../support/browser';
import { browserSuite, shown } from '../support/suite';

const ADMIN_EMAIL = 'moderation-admin@e2e.example';
const SECOND_ADMIN_EMAIL = 'moderation-admin-2@e2e.example';
const { page, gql, signUp } = browserSuite({
  RATE_SIGNUP_PER_IP: '1000',
  RATE_SIGNIN_PER_IP: '1000',
  ADMIN_EMAILS: `${ADMIN_EMAIL},${SECOND_ADMIN_EMAIL}`,
});
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJ' +
  'AAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const REPORT =
  `mutation($k: ReportKind!, $id: ID!, $r: ReportReason!) { reportContent(kind: $k, subjectId: $id, ` +
  `reason: $r) { id status } }`;

async function signUpAdmin(context: BrowserContext, email = ADMIN_EMAIL) {
  const res = await context.request.post('/api/auth/register', {
    data: memberInput({ email, firstName: 'Annelie', lastName: 'Admin' }),
  });
  expect(res.status(), await res.text()).toBe(201);
  await gql(context, 'mutation { updateTutorial(tutorialCompleted: true, tutorialStep: 9) { id } }');
}

const toast = (p: Page, title: string) => p.getByRole('status').filter({ has: p.getByText(title, { exact: true }) });

describe('moderation queue', () => {
  test('a member reports a comment and a reel; the admin removes both from the queue; they are gone and audited', async () => {
    const admin = await page();
    const author = await page();
    const reporter = await page();
    await signUpAdmin(admin.context);
    await Promise.all([signUp(author.context, 'Rude', 'Author'), signUp(reporter.context, 'Kind', 'Reporter')]);

    // The author posts, comments and uploads a reel.
    const { createPost } = await gql(
      author.context,
      'mutation { createPost(input: { content: "Who is braaiing this weekend?" }) { id } }',
    );
    const { addComment } = await gql(
      author.context,
      'mutation($p: ID!) { addComment(postId: $p, text: "A nasty comment") { id } }',
      { p: createPost.id },
    );
    const { uploadReel } = await gql(
      author.context,
      'mutation($f: String!) { uploadReel(input: { title: "A nasty reel", file: $f }) { id imageUrl } }',
      { f: PNG },
    );
    expect((await reporter.context.request.get(uploadReel.imageUrl)).status()).toBe(200);

    await reporter.page.goto(`/post/${createPost.id}`);
    await shown(
      reporter.page.getByTestId('comment-count').filter({ hasText: /^1 comment$/ }),
      'the post counting its comment',
    );

    // The reporter sees both, and reports them (a second report of the same reel is refused).
    await reporter.page.goto('/reels');
    await shown(reporter.page.getByRole('button', { name: 'A nasty reel' }), 'the reel on /reels');
    await gql(reporter.context, REPORT, { k: 'comment', id: addComment.id, r: 'harassment' });
    await gql(reporter.context, REPORT, { k: 'reel', id: uploadReel.id, r: 'inappropriate' });
    const again = await (
      await reporter.context.request.post('/graphql', {
        data: { query: REPORT, variables: { k: 'reel', id: uploadReel.id, r: 'spam' } },
      })
    ).json();
    expect(again.errors?.[0]?.message).toBe('You have already reported this.');

    // The admin works through the queue.
    const ap = admin.page;
    await ap.goto('/admin?tab=reports');
    await shown(ap.getByRole('tab', { name: 'Reports', selected: true }), 'the Reports tab');
    const reel = ap.getByRole('listitem', { name: 'Reel by Rude Author' });
    const comment = ap.getByRole('listitem', { name: 'Comment by Rude Author' });
    await shown(reel, 'the reported reel');
    await shown(comment.getByText('A nasty comment'), 'the reported comment with its text');
    await shown(comment.getByText('Harassment or hate speech'), "the comment's reason label");
    await shown(reel.getByText(/Reported by Kind Reporter/), 'the reporter');
    await shown(reel.getByRole('img', { name: 'Reel media' }), "the reel's thumbnail");

    await reel.getByRole('button', { name: 'Remove content' }).click();
    const confirm = ap.getByRole('alertdialog', { name: 'Remove content' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await shown(toast(ap, 'Content removed'), "the 'Content removed' toast");
    await waitUntil(async () => (await reel.count()) === 0, 'the reel leaving the queue');

    await comment.getByRole('button', { name: 'Remove content' }).click();
    await ap.getByRole('alertdialog', { name: 'Remove content' }).getByRole('button', { name: 'Remove' }).click();
    await waitUntil(async () => (await comment.count()) === 0, 'the comment leaving the queue');
    await shown(ap.getByText('No reports to review'), 'the empty queue');

    // Gone for everyone: the reel from /reels with its file, the comment from its post (which stays).
    await reporter.page.goto('/reels');
    await shown(reporter.page.getByRole('heading', { name: 'Reels' }).first(), 'the reels screen');
    await reporter.page.waitForLoadState('networkidle');
    await waitUntil(
      async () => (await reporter.page.getByRole('button', { name: 'A nasty reel' }).count()) === 0,
      'the reel gone from /reels',
    );
    expect((await reporter.context.request.get(uploadReel.imageUrl)).status()).toBe(404);
    await reporter.page.goto(`/post/${createPost.id}`);
    await shown(reporter.page.getByText('Who is braaiing this weekend?'), 'the post itself');
    await shown(
      reporter.page.getByTestId('comment-count').filter({ hasText: /^0 comments$/ }),
      'the post counting no comments',
    );
    expect(await reporter.page.getByText('A nasty comment').count()).toBe(0);
    const { comments } = await gql(reporter.context, 'query($p: ID!) { comments(postId: $p) { nodes { id } } }', {
      p: createPost.id,
    });
    expect(comments.nodes).toEqual([]);

    // The audit log shows both removals, by the admin.
    await ap.getByRole('tab', { name: 'Audit Log' }).click();
    const entries = ap.getByTestId('admin-audit-entry');
    await waitUntil(async () => (await entries.count()) >= 2, 'two audit entries');
    const texts = await entries.allInnerTexts();
    expect(texts.slice(0, 2).map((t) => t.split('\n')[0])).toEqual([
      'Reported content removed',
      'Reported content removed',
    ]);
    for (const t of texts.slice(0, 2)) expect(t).toContain('Annelie Admin');
    expect(texts.join('\n')).toContain('Reel: A nasty reel');
    expect(texts.join('\n')).toContain('Comment: A nasty comment');
    for (const t of texts) expect(t, 'names, not ids').not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  }, 120_000);
  test('the admin suspends a recipe author from the queue: the reported recipe disappears for another member, the rest until lifted', async () => {
    const admin = await page();
    const cook = await page();
    const viewer = await page();
    await signUpAdmin(admin.context, SECOND_ADMIN_EMAIL);
    await Promise.all([signUp(cook.context, 'Rude', 'Cook'), signUp(viewer.context, 'Hungry', 'Viewer')]);
    const RECIPE =
      `mutation($n: String!) { createRecipe(input: { recipeName: $n, prepTime: "1 hour", servings: "4", ` +
      `ingredients: "mince", instructions: "bake" }) { id } }`;
    const reported = (await gql(cook.context, RECIPE, { n: 'Offensive bobotie' })).createRecipe.id as string;
    const other = (await gql(cook.context, RECIPE, { n: 'Plain melktert' })).createRecipe.id as string;

    // The other member sees both recipes, and reports one.
    const vp = viewer.page;
    const card = (name: string) => vp.getByTestId('recipe-card').filter({ hasText: name });
    await vp.goto('/recipes');
    await shown(card('Offensive bobotie'), 'the reported recipe on /recipes');
    await shown(card('Plain melktert'), 'the other recipe on /recipes');
    await gql(viewer.context, REPORT, { k: 'recipe', id: reported, r: 'harassment' });

    // The admin opens the entry's link (the exact recipe, marked), then suspends its author.
    const ap = admin.page;
    await ap.goto('/admin?tab=reports');
    const entry = ap.getByRole('listitem', { name: 'Recipe by Rude Cook' });
    await shown(entry.getByText(/Offensive bobotie/), 'the reported recipe in the queue');
    await entry.getByRole('link', { name: 'View where it is shown' }).click();
    await ap.waitForURL((url) => url.pathname === '/recipes' && url.searchParams.get('id') === reported);
    await shown(ap.getByTestId('recipe-shown').filter({ hasText: 'Offensive bobotie' }), 'the exact recipe, marked');
    await ap.goBack();
    await entry.getByRole('button', { name: 'Suspend author' }).click();
    await ap.getByRole('alertdialog', { name: 'Suspend author' }).getByRole('button', { name: 'Suspend' }).click();
    await shown(toast(ap, 'Author suspended'), "the 'Author suspended' toast");
    await waitUntil(async () => (await entry.count()) === 0, 'the entry leaving the open queue');

    // For the other member: the reported recipe is gone, the rest of the cook's content is hidden.
    await vp.goto('/recipes');
    await shown(vp.getByRole('heading', { level: 1, name: 'Recipes' }), 'the Recipes screen');
    await vp.waitForLoadState('networkidle');
    expect(await card('Offensive bobotie').count()).toBe(0);
    expect(await card('Plain melktert').count()).toBe(0);
    await vp.goto(`/recipes?id=${other}`);
    await shown(vp.getByTestId('recipe-gone'), 'the hidden recipe answered as not available');

    // Lifting the suspension brings back what was not judged; the removed recipe stays removed.
    await ap.goto('/admin?tab=users');
    await ap.getByRole('searchbox', { name: 'Search users' }).fill('Rude');
    const cookRow = ap.getByRole('listitem', { name: 'Rude Cook' });
    await cookRow.getByRole('button', { name: 'Unsuspend Rude Cook' }).click();
    await waitUntil(
      async () => (await cookRow.getByText('Suspended', { exact: true }).count()) === 0,
      'the suspension lifted',
    );
    await vp.goto('/recipes');
    await shown(card('Plain melktert'), 'the other recipe back on /recipes');
    expect(await card('Offensive bobotie').count()).toBe(0);

    // The audit log names the member and the recipe.
    await ap.getByRole('tab', { name: 'Audit Log' }).click();
    await shown(
      ap
        .getByTestId('admin-audit-entry')
        .filter({ hasText: 'Reported author suspended' })
        .filter({ hasText: 'Recipe: Offensive bobotie' }),
      'the suspension from the queue, by title',
    );
    await shown(
      ap
        .getByTestId('admin-audit-entry')
        .filter({ hasText: 'User unsuspended' })
        .filter({ hasText: 'Member: Rude Cook' }),
      'the lifting, by name',
    );
    await ap.getByTestId('admin-audit-action').selectOption('report.suspendAuthor');
    await waitUntil(async () => (await ap.getByTestId('admin-audit-entry').count()) === 1, 'the filter by action');
  }, 120_000);
});
