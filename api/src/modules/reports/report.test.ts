import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { sessionFromToken } from '../auth/session.service';
import { DatingAlias } from '../dating/dating-alias.entity';
import {
  buildBusinessReview,
  buildComment,
  buildConversation,
  buildDatingAlias,
  buildEvent,
  buildListing,
  buildMessage,
  buildNootSong,
  buildPost,
  buildRecipe,
  buildRecipeComment,
  buildReel,
  buildReport,
  buildSession,
  buildUser,
  TEST_PASSWORD,
} from '../../test/factories';
import { codeOf, countQueries, files, gql, mediaFile, sessionsEndAnnounced } from '../../test/helpers';
import { Role, type User } from '../users/user.entity';
import { Report, ReportKind } from './report.entity';

const REPORT = `mutation($k: ReportKind!, $id: ID!, $r: ReportReason!, $key: String) {
  reportContent(kind: $k, subjectId: $id, reason: $r, idempotencyKey: $key) { id kind subjectId reason status } }`;
const REPORT_POST =
  `mutation($id: ID!, $r: ReportReason!) { reportPost(postId: $id, reason: $r) { id reason postId ` + `} }`;
const ENTRY = `id kind subjectId reason status reportCount reasons createdAt reporter { id } reporters { id }
  content { authorId author { id } text mediaUrls url removed }`;
const QUEUE =
  `query($status: ReportStatus, $kind: ReportKind, $first: Int, $after: String) {
  moderationQueue(status: $status, kind: $kind, first: $first, after: $after) { nodes { ${ENTRY} } pageInfo { ` +
  `endCursor hasNextPage } } }`;
const DISMISS = `mutation($id: ID!) { dismissReport(id: $id) { ${ENTRY} } }`;
const REMOVE = `mutation($id: ID!) { removeReportedContent(id: $id) { ${ENTRY} } }`;
const SUSPEND = `mutation($id: ID!) { suspendReportedAuthor(id: $id) { ${ENTRY} } }`;
const SIGN_IN = `mutation($i: SignInInput!) { signIn(input: $i) { id } }`;

const ok = <T = any>(r: { data?: any; errors?: unknown }): T => {
  expect(r.errors).toBeUndefined();
  return r.data as T;
};
const KINDS = Object.values(ReportKind);
const reportRows = async (kind: ReportKind, subjectId: string) =>
  (await db().query(
    `SELECT reporter_id, status, resolved_by FROM reports WHERE kind = $1 AND subject_id = $2 ORDER BY created_at`,
    [kind, subjectId],
  )) as Array<{
    reporter_id: string;
    status: string;
    resolved_by: string | null;
  }>;
const audits = async (action: string, targetId: string) =>
  (await db().query(`SELECT actor_id, target_type FROM admin_audit_log WHERE action = $1 AND target_id = $2`, [
    action,
    targetId,
  ])) as Array<{ actor_id: string; target_type: string }>;

/** The table each kind lives in, to see that removal really deletes the row. */
const TABLE: Record<ReportKind, string> = {
  post: 'posts',
  comment: 'comments',
  reel: 'reels',
  recipe: 'recipes',
  recipeComment: 'recipe_comments',
  review: 'business_reviews',
  listing: 'marketplace_listings',
  group: 'groups',
  groupMessage: 'group_messages',
  directMessage: 'messages',
  alias: 'dating_aliases',
  song: 'noot_songs',
};
const exists = async (kind: ReportKind, id: string) =>
  (await db().query(`SELECT 1 FROM ${TABLE[kind]} WHERE id = $1`, [id])).length === 1;

async function createGroup(as: User) {
  const r = await gql(
    `mutation($input: CreateGroupInput!) { createGroup(input: $input) { id } }`,
    {
      input: {
        name: `Group ${Math.random().toString(36).slice(2, 10)}`,
        locationName: 'Sea Point',
        type: 'Braai',
        latitude: -33.9249,
        longitude: 18.4241,
      },
    },
    { as },
  );
  return ok(r).createGroup.id as string;
}

/** An item of `kind` written by `author` that `reporter` can see (and so report). */
async function subjectOf(kind: ReportKind, author: User, reporter: User): Promise<string> {
  switch (kind) {
    case ReportKind.post:
      return (await buildPost({ authorId: author.id, content: 'report me' })).id;
    case ReportKind.comment:
      return (await buildComment({ authorId: author.id })).id;
    case ReportKind.reel:
      return (await buildReel({ authorId: author.id })).id;
    case ReportKind.recipe:
      return (await buildRecipe({ authorId: author.id })).id;
    case ReportKind.recipeComment:
      return (await buildRecipeComment({ authorId: author.id })).id;
    case ReportKind.review:
      return (await buildBusinessReview({ memberId: author.id })).id;
    case ReportKind.listing:
      return (await buildListing({ sellerId: author.id })).id;
    case ReportKind.group:
      return createGroup(author);
    case ReportKind.groupMessage: {
      const g = await createGroup(author);
      ok(await gql(`mutation($id: ID!) { joinGroup(id: $id) { id } }`, { id: g }, { as: reporter }));
      return ok(
        await gql(
          `mutation($g: ID!, $b: String!) { sendGroupMessage(groupId: $g, body: $b) { id } }`,
          { g, b: 'rude words' },
          { as: author },
        ),
      ).sendGroupMessage.id;
    }
    case ReportKind.directMessage: {
      const c = await buildConversation({ a: author.id, b: reporter.id });
      return (await buildMessage({ conversationId: c.id, senderId: author.id, body: 'rude words' })).id;
    }
    case ReportKind.alias: {
      // A member reports an alias from an alias of their own (Discover, a match's chat).
      const alias = async (member: User) =>
        (await db().getRepository(DatingAlias).findOneBy({ memberId: member.id })) ??
        (await buildDatingAlias({
          memberId: member.id,
          aliasName: 'Rude Alias',
          bio: 'rude words',
          latitude: 0,
          longitude: 0,
        }));
      await alias(reporter);
      return (await alias(author)).id;
    }
    case ReportKind.song:
      return (await buildNootSong({ uploaderId: author.id })).id;
  }
}

describe('reports: members report every kind of content', () => {
  it('requires authentication; a malformed id is BAD_USER_INPUT, an unknown item NOT_FOUND', async () => {
    const id = (await buildPost()).id;
    expect(codeOf(await gql(REPORT, { k: 'post', id, r: 'spam' }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(REPORT_POST, { id, r: 'spam' }))).toBe('UNAUTHENTICATED');
    const m = await buildUser();
    for (const kind of KINDS) {
      expect(codeOf(await gql(REPORT, { k: kind, id: 'nope', r: 'spam' }, { as: m }))).toBe('BAD_USER_INPUT');
      expect(
        codeOf(await gql(REPORT, { k: kind, id: '00000000-0000-4000-8000-000000000000', r: 'spam' }, { as: m })),
      ).toBe('NOT_FOUND');
    }
    // not a ReportReason: refused by the schema
    expect((await gql(REPORT, { k: 'post', id, r: 'boring' }, { as: m })).errors).toBeDefined();
    expect(await db().query(`SELECT 1 FROM reports WHERE subject_id = $1`, [id])).toHaveLength(0);
  });

  it('every kind is reportable once per member (50 at once make one row), never by its author', async () => {
    for (const kind of KINDS) {
      const [author, reporter] = [await buildUser(), await buildUser()];
      const id = await subjectOf(kind, author, reporter);
      const own = await gql(REPORT, { k: kind, id, r: 'spam' }, { as: author });
      expect(codeOf(own), kind).toBe('FORBIDDEN');
      const results = await Promise.all(
        Array.from({ length: 50 }, () => gql(REPORT, { k: kind, id, r: 'harassment' }, { as: reporter })),
      );
      const done = results.filter((r) => !r.errors);
      expect(done, kind).toHaveLength(1);
      expect(done[0].data.reportContent).toMatchObject({ kind, subjectId: id, reason: 'harassment', status: 'open' });
      for (const r of results.filter((x) => x.errors)) expect(['CONFLICT', 'RATE_LIMITED']).toContain(codeOf(r));
      expect(
        (await reportRows(kind, id)).map((r) => r.reporter_id),
        kind,
      ).toEqual([reporter.id]);
      const again = await gql(REPORT, { k: kind, id, r: 'spam' }, { as: reporter });
      expect(again.errors?.[0]).toMatchObject({
        message: kind === 'post' ? 'You have already reported this post.' : 'You have already reported this.',
        extensions: { code: 'CONFLICT' },
      });
    }
  });

  it('keeps reportPost: own post refused with its text, once per member, retried with its key', async () => {
    const [author, m] = [await buildUser(), await buildUser()];
    const id = (await buildPost({ authorId: author.id })).id;
    expect((await gql(REPORT_POST, { id, r: 'other' }, { as: author })).errors?.[0].message).toBe(
      'You cannot report your own post.',
    );
    expect(ok(await gql(REPORT_POST, { id, r: 'harassment' }, { as: m })).reportPost).toMatchObject({
      reason: 'harassment',
      postId: id,
    });
    expect(codeOf(await gql(REPORT_POST, { id, r: 'spam' }, { as: m }))).toBe('CONFLICT');
    const other = await buildUser();
    const ONCE =
      `mutation($id: ID!, $r: ReportReason!, $key: String) { reportPost(postId: $id, reason: $r, ` +
      `idempotencyKey: $key) { id } }`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => gql(ONCE, { id, r: 'spam', key: 'report-1' }, { as: other })),
    );
    expect(results.filter((r) => r.errors).map((r) => r.errors![0].message)).toEqual([]);
    expect(new Set(results.map((r) => r.data.reportPost.id)).size).toBe(1);
    expect(await db().getRepository(Report).countBy({ kind: ReportKind.post, subjectId: id })).toBe(2);
  });

  it('a direct message is reported only by its recipient; a group chat message only by a member who did not write it', async () => {
    const [a, b, stranger] = [await buildUser(), await buildUser(), await buildUser()];
    const dm = await subjectOf(ReportKind.directMessage, a, b);
    expect(codeOf(await gql(REPORT, { k: 'directMessage', id: dm, r: 'spam' }, { as: stranger }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(REPORT, { k: 'directMessage', id: dm, r: 'spam' }, { as: a }))).toBe('FORBIDDEN');
    ok(await gql(REPORT, { k: 'directMessage', id: dm, r: 'spam' }, { as: b }));
    const gm = await subjectOf(ReportKind.groupMessage, a, b);
    expect(codeOf(await gql(REPORT, { k: 'groupMessage', id: gm, r: 'spam' }, { as: stranger }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(REPORT, { k: 'groupMessage', id: gm, r: 'spam' }, { as: a }))).toBe('FORBIDDEN');
    ok(await gql(REPORT, { k: 'groupMessage', id: gm, r: 'spam' }, { as: b }));
    expect((await reportRows(ReportKind.directMessage, dm)).map((r) => r.reporter_id)).toEqual([b.id]);
    expect((await reportRows(ReportKind.groupMessage, gm)).map((r) => r.reporter_id)).toEqual([b.id]);
  });

  it('what a block hides (either way) cannot be reported: NOT_FOUND', async () => {
    const BLOCK = `mutation($id: ID!) { blockMember(userId: $id) { id } }`;
    for (const kind of KINDS) {
      const [author, reporter] = [await buildUser(), await buildUser()];
      const id = await subjectOf(kind, author, reporter);
      const [blocker, blocked] = kind === ReportKind.post ? [author, reporter] : [reporter, author];
      ok(await gql(BLOCK, { id: blocked.id }, { as: blocker }));
      // An alias is the exception: the reporter's own block must not tell them whose alias it is
      // (dating.safety.test.ts).
      if (kind === ReportKind.alias)
        expect((await gql(REPORT, { k: kind, id, r: 'spam' }, { as: reporter })).errors).toBeUndefined();
      else expect(codeOf(await gql(REPORT, { k: kind, id, r: 'spam' }, { as: reporter })), kind).toBe('NOT_FOUND');
    }
    // A comment on the post of a member who blocked the reporter.
    const [postAuthor, reporter] = [await buildUser(), await buildUser()];
    const comment = await buildComment({ postId: (await buildPost({ authorId: postAuthor.id })).id });
    ok(await gql(BLOCK, { id: reporter.id }, { as: postAuthor }));
    expect(codeOf(await gql(REPORT, { k: 'comment', id: comment.id, r: 'spam' }, { as: reporter }))).toBe('NOT_FOUND');
  });
});

describe('reports: the admins moderation queue', () => {
  it('refuses a member (and no one) every admin operation, changing nothing', async () => {
    const [member, author, reporter] = [await buildUser(), await buildUser(), await buildUser()];
    const id = await subjectOf(ReportKind.reel, author, reporter);
    const report = ok(await gql(REPORT, { k: 'reel', id, r: 'spam' }, { as: reporter })).reportContent;
    const auditsBefore = (await db().query(`SELECT count(*)::int AS n FROM admin_audit_log`))[0].n;
    for (const as of [member, null]) {
      expect(codeOf(await gql(QUEUE, {}, { as }))).toBe(as ? 'FORBIDDEN' : 'UNAUTHENTICATED');
      for (const op of [DISMISS, REMOVE, SUSPEND])
        expect(codeOf(await gql(op, { id: report.id }, { as }))).toBe(as ? 'FORBIDDEN' : 'UNAUTHENTICATED');
    }
    // A member's own report does not show the admins' fields.
    expect(
      codeOf(
        await gql(
          `mutation($id: ID!) { reportContent(kind: post, subjectId: $id, reason: spam) { reportCount } }`,
          { id: (await buildPost()).id },
          { as: member },
        ),
      ),
    ).toBe('FORBIDDEN');
    expect(await exists(ReportKind.reel, id)).toBe(true);
    expect((await reportRows(ReportKind.reel, id)).map((r) => r.status)).toEqual(['open']);
    expect((await db().query(`SELECT suspended_at FROM users WHERE id = $1`, [author.id]))[0].suspended_at).toBeNull();
    expect((await db().query(`SELECT count(*)::int AS n FROM admin_audit_log`))[0].n).toBe(auditsBefore);
    const admin = await buildUser({ role: Role.admin });
    expect(codeOf(await gql(DISMISS, { id: 'nope' }, { as: admin }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(DISMISS, { id: '00000000-0000-4000-8000-000000000000' }, { as: admin }))).toBe('NOT_FOUND');
  });

  it('shows one entry per reported item, oldest first, with its count, reasons, reporters and content; filters by kind', async () => {
    const admin = await buildUser({ role: Role.admin });
    const author = await buildUser({ firstName: 'Rude', lastName: 'Reeler' });
    const reporters = [await buildUser(), await buildUser(), await buildUser()];
    const reel = await buildReel({
      authorId: author.id,
      title: 'Bad reel',
      caption: 'worse caption',
      thumbnailUrl: '/media/reels/t.jpg',
    });
    for (const [i, r] of reporters.entries())
      ok(await gql(REPORT, { k: 'reel', id: reel.id, r: i === 2 ? 'violence' : 'spam' }, { as: r }));
    const listing = await buildListing();
    ok(await gql(REPORT, { k: 'listing', id: listing.id, r: 'other' }, { as: reporters[0] }));
    const reels = ok(await gql(QUEUE, { kind: 'reel', first: 50 }, { as: admin })).moderationQueue.nodes.filter(
      (n: any) => n.subjectId === reel.id,
    );
    expect(reels).toHaveLength(1);
    expect(reels[0]).toMatchObject({
      kind: 'reel',
      status: 'open',
      reason: 'spam',
      reportCount: 3,
      reporter: { id: reporters[0].id },
      reporters: reporters.map((r) => ({ id: r.id })),
      content: {
        authorId: author.id,
        author: { id: author.id },
        text: 'Bad reel\nworse caption',
        mediaUrls: ['/media/reels/t.jpg'],
        url: `/reels?id=${reel.id}`,
        removed: false,
      },
    });
    expect([...reels[0].reasons].sort()).toEqual(['spam', 'violence']);
    const all = ok(await gql(QUEUE, { first: 50 }, { as: admin })).moderationQueue.nodes;
    const ids = all.map((n: any) => n.subjectId);
    expect(ids.indexOf(reel.id)).toBeLessThan(ids.indexOf(listing.id)); // oldest first
    expect(all.filter((n: any) => n.kind === 'listing' && n.subjectId === listing.id)[0].content.url).toBe(
      `/marketplace?item=${listing.id}`,
    );
    // Keyset pages of one entry each cover the queue without repeats.
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: any = ok(await gql(QUEUE, { first: 1, after }, { as: admin })).moderationQueue;
      seen.push(...page.nodes.map((n: any) => n.id));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen).toEqual(all.map((n: any) => n.id));
  });

  it('dismiss resolves every open report of the item, once (a second dismiss changes and records nothing)', async () => {
    const admin = await buildUser({ role: Role.admin });
    const author = await buildUser();
    const [r1, r2] = [await buildUser(), await buildUser()];
    const id = await subjectOf(ReportKind.comment, author, r1);
    const first = ok(await gql(REPORT, { k: 'comment', id, r: 'spam' }, { as: r1 })).reportContent;
    ok(await gql(REPORT, { k: 'comment', id, r: 'other' }, { as: r2 }));
    const results = await Promise.all([1, 2, 3].map(() => gql(DISMISS, { id: first.id }, { as: admin })));
    for (const r of results)
      expect(ok(r).dismissReport).toMatchObject({ status: 'dismissed', reportCount: 2, content: { removed: false } });
    expect(await reportRows(ReportKind.comment, id)).toEqual([
      { reporter_id: r1.id, status: 'dismissed', resolved_by: admin.id },
      { reporter_id: r2.id, status: 'dismissed', resolved_by: admin.id },
    ]);
    expect(await audits('report.dismiss', id)).toEqual([{ actor_id: admin.id, target_type: 'comment' }]);
    expect(await exists(ReportKind.comment, id)).toBe(true);
    const open = ok(await gql(QUEUE, { kind: 'comment', first: 50 }, { as: admin })).moderationQueue.nodes;
    expect(open.map((n: any) => n.subjectId)).not.toContain(id);
    const dismissed = ok(await gql(QUEUE, { status: 'dismissed', kind: 'comment', first: 50 }, { as: admin }))
      .moderationQueue.nodes;
    expect(dismissed.map((n: any) => n.subjectId)).toContain(id);
  });

  it('remove deletes the item (every kind) and its media files, resolves its reports as removed, with one audit entry', async () => {
    const admin = await buildUser({ role: Role.admin });
    const author = await buildUser();
    const reporter = await buildUser();
    const uploaded = ok(
      await gql(
        `mutation($input: UploadReelInput!) { uploadReel(input: $input) { id imageUrl thumbnailUrl } }`,
        { input: { title: 'Sunset', file: files.png } },
        { as: author },
      ),
    ).uploadReel;
    expect(fs.existsSync(mediaFile(uploaded.imageUrl))).toBe(true);
    const report = ok(
      await gql(REPORT, { k: 'reel', id: uploaded.id, r: 'copyright' }, { as: reporter }),
    ).reportContent;
    const removed = ok(await gql(REMOVE, { id: report.id }, { as: admin })).removeReportedContent;
    expect(removed).toMatchObject({ status: 'removed', content: { removed: true, text: '', mediaUrls: [] } });
    expect(await exists(ReportKind.reel, uploaded.id)).toBe(false);
    expect(fs.existsSync(mediaFile(uploaded.imageUrl))).toBe(false);
    ok(await gql(REMOVE, { id: report.id }, { as: admin })); // again: nothing more
    expect(await audits('report.remove', uploaded.id)).toHaveLength(1);
    for (const kind of KINDS) {
      const [a, r] = [await buildUser(), await buildUser()];
      const id = await subjectOf(kind, a, r);
      const rep = ok(await gql(REPORT, { k: kind, id, r: 'spam' }, { as: r })).reportContent;
      expect(ok(await gql(REMOVE, { id: rep.id }, { as: admin })).removeReportedContent, kind).toMatchObject({
        status: 'removed',
        content: { removed: true },
      });
      expect(await exists(kind, id), kind).toBe(false);
      expect(await audits('report.remove', id), kind).toEqual([{ actor_id: admin.id, target_type: kind }]);
    }
  });

  it('an item its author deleted stays in the queue as removed: true until an admin resolves it', async () => {
    const admin = await buildUser({ role: Role.admin });
    const [author, reporter] = [await buildUser(), await buildUser()];
    const post = await buildPost({ authorId: author.id });
    const report = ok(await gql(REPORT, { k: 'post', id: post.id, r: 'spam' }, { as: reporter })).reportContent;
    ok(await gql(`mutation($id: ID!) { deletePost(id: $id) }`, { id: post.id }, { as: author }));
    const entry = ok(await gql(QUEUE, { kind: 'post', first: 50 }, { as: admin })).moderationQueue.nodes.find(
      (n: any) => n.id === report.id,
    );
    expect(entry.content).toEqual({ authorId: null, author: null, text: '', mediaUrls: [], url: null, removed: true });
    expect(ok(await gql(REMOVE, { id: report.id }, { as: admin })).removeReportedContent.status).toBe('removed');
    expect(
      codeOf(
        await gql(
          SUSPEND,
          { id: (await buildReport({ kind: ReportKind.post, subjectId: post.id })).id },
          { as: admin },
        ),
      ),
    ).toBe('NOT_FOUND');
  });

  it('suspend: the author cannot sign in and their sessions end; reports actioned; audit entries; refused for oneself', async () => {
    const admin = await buildUser({ role: Role.admin });
    const [author, reporter] = [await buildUser(), await buildUser()];
    const sessions = [await buildSession({ memberId: author.id }), await buildSession({ memberId: author.id })];
    const id = await subjectOf(ReportKind.recipe, author, reporter);
    const report = ok(await gql(REPORT, { k: 'recipe', id, r: 'harassment' }, { as: reporter })).reportContent;
    const announced = sessionsEndAnnounced(sessions.map((s) => s.token));
    expect(ok(await gql(SUSPEND, { id: report.id }, { as: admin })).suspendReportedAuthor).toMatchObject({
      status: 'actioned',
      content: { removed: true },
    });
    await announced();
    for (const s of sessions) expect(await sessionFromToken(s.token)).toBeNull();
    const refused = await gql(SIGN_IN, { i: { email: author.email, password: TEST_PASSWORD } });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'This account has been suspended.',
      extensions: { code: 'FORBIDDEN' },
    });
    expect(await audits('user.suspend', author.id)).toEqual([{ actor_id: admin.id, target_type: 'user' }]);
    expect(await audits('report.suspendAuthor', id)).toEqual([{ actor_id: admin.id, target_type: 'recipe' }]);
    expect((await reportRows(ReportKind.recipe, id)).map((r) => r.status)).toEqual(['actioned']);
    ok(await gql(SUSPEND, { id: report.id }, { as: admin })); // again: nothing more
    expect(await audits('report.suspendAuthor', id)).toHaveLength(1);
    // An admin's own content: suspending its author (themselves) is refused and changes nothing.
    const mine = await subjectOf(ReportKind.post, admin, reporter);
    const onMine = ok(await gql(REPORT, { k: 'post', id: mine, r: 'spam' }, { as: reporter })).reportContent;
    expect((await gql(SUSPEND, { id: onMine.id }, { as: admin })).errors?.[0]).toMatchObject({
      message: 'You cannot suspend your own account.',
      extensions: { code: 'FORBIDDEN' },
    });
    expect((await reportRows(ReportKind.post, mine)).map((r) => r.status)).toEqual(['open']);
    expect(await audits('report.suspendAuthor', mine)).toHaveLength(0);
  });

  it('suspending a member (queue or members tab) removes what of theirs was reported and is open, hides the rest until lifted', async () => {
    const admin = await buildUser({ role: Role.admin });
    const [author, reporter, other, viewer] = [
      await buildUser(),
      await buildUser(),
      await buildUser(),
      await buildUser(),
    ];
    const SUSPEND_MEMBER = `mutation($id: ID!, $s: Boolean!) { adminSetUserSuspended(id: $id, suspended: $s) { id } }`;
    // Reported and open: a recipe and a comment of the author; dismissed (handled): a post of theirs; open: another
    // member's reel.
    const reported = (await buildRecipe({ authorId: author.id })).id;
    const reportedComment = await subjectOf(ReportKind.comment, author, reporter);
    const dismissedPost = (await buildPost({ authorId: author.id, content: 'judged fine' })).id;
    const othersReel = (await buildReel({ authorId: other.id })).id;
    const entry = ok(await gql(REPORT, { k: 'recipe', id: reported, r: 'spam' }, { as: reporter })).reportContent;
    ok(await gql(REPORT, { k: 'comment', id: reportedComment, r: 'spam' }, { as: reporter }));
    ok(await gql(REPORT, { k: 'recipe', id: reported, r: 'harassment' }, { as: viewer }));
    ok(
      await gql(
        DISMISS,
        { id: ok(await gql(REPORT, { k: 'post', id: dismissedPost, r: 'spam' }, { as: reporter })).reportContent.id },
        { as: admin },
      ),
    );
    ok(await gql(REPORT, { k: 'reel', id: othersReel, r: 'spam' }, { as: reporter }));
    // The rest of their content: never reported.
    const recipe = (await buildRecipe({ authorId: author.id })).id;
    const post = (await buildPost({ authorId: author.id, content: 'still mine' })).id;
    const listing = (await buildListing({ sellerId: author.id })).id;
    const event = (await buildEvent({ hostId: author.id })).id;
    const reel = (await buildReel({ authorId: author.id })).id;
    const LISTS =
      `query($post: ID!, $listing: ID!, $event: ID!, $author: ID!, $recipe: ID!, $reel: ID!) {
      recipe(id: $recipe) { id } reel(id: $reel) { id } recipes(first: 100) { nodes { id } } feed(first: 100) { ` +
      `nodes { id } } post(id: $post) { id } reels(first: 100) { nodes { id } }
      marketplaceListings(latitude: -33.9249, longitude: 18.4241, radiusKm: 5, first: 100) { nodes { id } }
      marketplaceListing(id: $listing) { id } event(id: $event) { id } events(first: 100) { nodes { id } } ` +
      `postsBy(authorId: $author, first: 100) { nodes { id } } }`;
    const seen = async () => {
      const d = ok(await gql(LISTS, { post, listing, event, author: author.id, recipe, reel }, { as: viewer }));
      return {
        recipe: !!d.recipe,
        reel: !!d.reel,
        recipes: d.recipes.nodes.map((n: any) => n.id).filter((id: string) => id === recipe || id === reported),
        feed: d.feed.nodes.some((n: any) => n.id === post),
        post: !!d.post,
        reels: d.reels.nodes.some((n: any) => n.id === reel),
        listings: d.marketplaceListings.nodes.some((n: any) => n.id === listing),
        listing: !!d.marketplaceListing,
        event: !!d.event,
        events: d.events.nodes.some((n: any) => n.id === event),
        postsBy: d.postsBy.nodes.length,
      };
    };
    const before = await seen();
    expect(before).toMatchObject({
      recipe: true,
      reel: true,
      feed: true,
      post: true,
      reels: true,
      listings: true,
      listing: true,
      event: true,
      events: true,
    });
    expect(before.recipes.sort()).toEqual([recipe, reported].sort());

    // The queue's "suspend author": the reported recipe and comment are removed and their reports actioned.
    ok(await gql(SUSPEND, { id: entry.id }, { as: admin }));
    expect(await exists(ReportKind.recipe, reported)).toBe(false);
    expect(await exists(ReportKind.comment, reportedComment)).toBe(false);
    expect((await reportRows(ReportKind.recipe, reported)).map((r) => r.status)).toEqual(['actioned', 'actioned']);
    expect((await reportRows(ReportKind.comment, reportedComment)).map((r) => r.status)).toEqual(['actioned']);
    // Handled before (dismissed) stays as judged; another member's report stays open.
    expect(await exists(ReportKind.post, dismissedPost)).toBe(true);
    expect((await reportRows(ReportKind.reel, othersReel)).map((r) => r.status)).toEqual(['open']);
    // Everything else of theirs leaves every list and lookup of other members...
    expect(await seen()).toEqual({
      recipe: false,
      reel: false,
      recipes: [],
      feed: false,
      post: false,
      reels: false,
      listings: false,
      listing: false,
      event: false,
      events: false,
      postsBy: 0,
    });
    expect(codeOf(await gql(REPORT, { k: 'recipe', id: recipe, r: 'spam' }, { as: viewer }))).toBe('NOT_FOUND');
    // ...and comes back when the suspension is lifted (what was removed stays removed).
    ok(await gql(SUSPEND_MEMBER, { id: author.id, s: false }, { as: admin }));
    expect(await seen()).toMatchObject({
      recipe: true,
      reel: true,
      recipes: [recipe],
      feed: true,
      post: true,
      reels: true,
      listings: true,
      listing: true,
      event: true,
      events: true,
    });

    // The members tab's suspension does the same: a newly reported reel goes, the report is actioned.
    const report = ok(await gql(REPORT, { k: 'reel', id: reel, r: 'spam' }, { as: viewer })).reportContent;
    ok(await gql(SUSPEND_MEMBER, { id: author.id, s: true }, { as: admin }));
    expect(await exists(ReportKind.reel, reel)).toBe(false);
    expect((await reportRows(ReportKind.reel, report.subjectId)).map((r) => r.status)).toEqual(['actioned']);
    expect((await reportRows(ReportKind.reel, othersReel)).map((r) => r.status)).toEqual(['open']);
    const [audit] = await db().query(
      `SELECT after FROM admin_audit_log WHERE action = 'user.suspend' AND target_id = $1 ORDER BY created_at DESC ` +
        `LIMIT 1`,
      [author.id],
    );
    expect(audit.after).toEqual({ removedReported: [{ kind: 'reel', id: reel }] });
  });

  it("every kind's content has a link that names the exact item (a comment by its own id, not only its post's)", async () => {
    const admin = await buildUser({ role: Role.admin });
    const [author, reporter] = [await buildUser(), await buildUser()];
    for (const kind of KINDS) {
      const id = await subjectOf(kind, author, reporter);
      await buildReport({ kind, subjectId: id, reporterId: reporter.id });
      const entry = ok(await gql(QUEUE, { kind, first: 100 }, { as: admin })).moderationQueue.nodes.find(
        (n: any) => n.subjectId === id,
      );
      if (kind === ReportKind.directMessage)
        expect(entry.content.url, kind).toBeNull(); // private to its conversation
      else if (kind === ReportKind.alias)
        // shown only in Discover, to members near it: the queue shows it whole
        expect(entry.content.url, kind).toBeNull();
      else if (kind === ReportKind.review)
        expect(entry.content.url, kind).toMatch(new RegExp(`^/business\\?company=.+&review=${id}$`));
      else
        expect(entry.content.url, kind).toMatch(
          new RegExp(`^/[a-z-]+(/[0-9a-f-]{36})?\\?[^#]*\\b(id|item|group|comment|message|song)=${id}$|^/post/${id}$`),
        );
    }
  });

  it('reads a page of the queue in the same number of statements whatever its size (5, 20, 50)', async () => {
    const admin = await buildUser({ role: Role.admin });
    const reporter = await buildUser();
    for (let i = 0; i < 50; i++)
      await buildReport({ kind: ReportKind.comment, subjectId: (await buildComment()).id, reporterId: reporter.id });
    for (let i = 0; i < 5; i++) {
      for (const kind of KINDS)
        await buildReport({
          kind,
          subjectId: await subjectOf(kind, await buildUser(), reporter),
          reporterId: reporter.id,
        });
    }
    const counts: number[] = [];
    for (const first of [5, 20, 50]) {
      const { result, queries } = await countQueries(() => gql(QUEUE, { first, kind: 'comment' }, { as: admin }));
      expect(ok(result).moderationQueue.nodes).toHaveLength(first);
      counts.push(queries.length);
      // Every kind on one page: one batch per kind at most.
      const mixed = await countQueries(() => gql(QUEUE, { first }, { as: admin }));
      expect(ok(mixed.result).moderationQueue.nodes).toHaveLength(first);
      expect(mixed.queries.length).toBeLessThanOrEqual(counts[0] + KINDS.length);
    }
    expect(new Set(counts).size).toBe(1);
    expect(counts[0]).toBeLessThanOrEqual(5);
  });
});
