import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import {
  buildBusiness,
  buildBusinessReview,
  buildComment,
  buildConversation,
  buildEvent,
  buildFriendship,
  buildListing,
  buildMemberFollow,
  buildPost,
  buildReaction,
  buildRecipe,
  buildRecipeComment,
  buildRecipeReaction,
  buildReel,
  buildUser,
} from '../../test/factories';
import { ReactionType } from '../reactions/reaction.entity';
import { codeOf, gql } from '../../test/helpers';
import { FriendshipStatus } from '../friends/friendship.entity';
import type { User } from '../users/user.entity';
import { assertNotBlocked, isBlockedEitherWay, notBlockedSql } from './block.service';

const BLOCK = `mutation($id: ID!) { blockMember(userId: $id) { id blockedByMe } }`;
const UNBLOCK = `mutation($id: ID!) { unblockMember(userId: $id) { id blockedByMe } }`;
const BLOCKED =
  `query($first: Int, $after: String) { blockedMembers(first: $first, after: $after) { nodes { id ` +
  `displayName blockedByMe } pageInfo { endCursor hasNextPage } } }`;
const USER = `query($id: ID!) { user(id: $id) { id blockedByMe } }`;

const NOWHERE = '00000000-0000-4000-8000-000000000000';
const rows = async (blocker: User, blocked: User) =>
  Number(
    (
      await db().query('SELECT count(*) FROM user_blocks WHERE blocker_id = $1 AND blocked_id = $2', [
        blocker.id,
        blocked.id,
      ])
    )[0].count,
  );

async function block(blocker: User, blocked: User) {
  const r = await gql(BLOCK, { id: blocked.id }, { as: blocker });
  expect(r.errors).toBeUndefined();
  return r.data.blockMember;
}

/** A pair where `a` blocked `b`, and a third member `c` nobody blocked. */
async function blockedPair() {
  const [a, b, c] = await Promise.all([buildUser(), buildUser(), buildUser()]);
  await block(a, b);
  return { a, b, c };
}

/** Both directions: the blocker cannot reach the blocked member, nor the blocked member the blocker. */
const bothWays = (p: { a: User; b: User }) =>
  [
    ['the blocker', p.a, p.b],
    ['the blocked member', p.b, p.a],
  ] as const;

describe('blocking members', () => {
  it('requires authentication', async () => {
    const u = await buildUser();
    expect(codeOf(await gql(BLOCK, { id: u.id }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(UNBLOCK, { id: u.id }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(BLOCKED))).toBe('UNAUTHENTICATED');
  });

  it("blocks and unblocks idempotently; blockedByMe is the viewer's own view", async () => {
    const [a, b] = await Promise.all([buildUser(), buildUser()]);
    expect(await block(a, b)).toEqual({ id: b.id, blockedByMe: true });
    expect(await block(a, b)).toEqual({ id: b.id, blockedByMe: true });
    expect(await rows(a, b)).toBe(1);
    expect(await rows(b, a)).toBe(0);
    // b did not block a: b's view of a says so (though a is hidden from b elsewhere).
    expect((await gql(`{ me { id blockedByMe } }`, {}, { as: b })).data.me).toEqual({ id: b.id, blockedByMe: false });
    expect((await gql(UNBLOCK, { id: b.id }, { as: a })).data.unblockMember).toEqual({ id: b.id, blockedByMe: false });
    expect((await gql(UNBLOCK, { id: b.id }, { as: a })).data.unblockMember).toEqual({ id: b.id, blockedByMe: false });
    expect(await rows(a, b)).toBe(0);
  });

  it('fifty parallel clicks make one row', async () => {
    const [a, b] = await Promise.all([buildUser(), buildUser()]);
    const answers = await Promise.all(Array.from({ length: 50 }, () => gql(BLOCK, { id: b.id }, { as: a })));
    expect(answers.filter((r) => r.errors && codeOf(r) !== 'RATE_LIMITED')).toEqual([]);
    expect(await rows(a, b)).toBe(1);
  });

  it('refuses blocking yourself, a member who does not exist, an id that is not one, and a missing or wrong-typed id', async () => {
    const a = await buildUser();
    expect(codeOf(await gql(BLOCK, { id: a.id }, { as: a }))).toBe('BAD_USER_INPUT');
    expect(await rows(a, a)).toBe(0);
    expect(codeOf(await gql(BLOCK, { id: NOWHERE }, { as: a }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(UNBLOCK, { id: NOWHERE }, { as: a }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(BLOCK, { id: 'nope' }, { as: a }))).toBe('BAD_USER_INPUT');
    expect((await gql(BLOCK, {}, { as: a })).errors?.[0].message).toMatch(/userId|\$id/);
    expect((await gql(BLOCK, { id: { not: 'an id' } }, { as: a })).errors).toBeDefined();
    expect(Number((await db().query('SELECT count(*) FROM user_blocks WHERE blocker_id = $1', [a.id]))[0].count)).toBe(
      0,
    );
    // The table refuses it too, whatever path writes it.
    await expect(
      db().query('INSERT INTO user_blocks (blocker_id, blocked_id) VALUES ($1, $1)', [a.id]),
    ).rejects.toThrow(/CHK_user_blocks_not_self/);
  });

  it('ends their friendship, a pending request and follows either way, in the same transaction as the block', async () => {
    const [a, b, c] = await Promise.all([buildUser(), buildUser(), buildUser()]);
    await buildFriendship({ a, b });
    await buildFriendship({ a: c, b: a, status: FriendshipStatus.pending });
    for (const [follower, followee] of [
      [a, b],
      [b, a],
      [a, c],
    ])
      await buildMemberFollow({ followerId: follower.id, followeeId: followee.id });
    await block(a, b);
    await block(a, c);
    const left = await db().query(
      `SELECT (SELECT count(*) FROM friendships WHERE $1 IN (user_low_id, user_high_id))::int AS friendships,
              (SELECT count(*) FROM member_follows WHERE $1 IN (follower_id, followee_id))::int AS follows`,
      [a.id],
    );
    expect(left[0]).toEqual({ friendships: 0, follows: 0 });
  });

  it('lists the members I blocked, most recent first, a page at a time, each with its name', async () => {
    const me = await buildUser();
    const others = await Promise.all([1, 2, 3].map(() => buildUser()));
    for (const o of others) await block(me, o);
    // another member's blocks are not mine
    await block(others[0], me);
    const first = (await gql(BLOCKED, { first: 2 }, { as: me })).data.blockedMembers;
    expect(first.nodes.map((n: { id: string }) => n.id)).toEqual([others[2].id, others[1].id]);
    expect(first.nodes[0]).toEqual({
      id: others[2].id,
      displayName: `${others[2].firstName} ${others[2].lastName}`,
      blockedByMe: true,
    });
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = (await gql(BLOCKED, { first: 2, after: first.pageInfo.endCursor }, { as: me })).data.blockedMembers;
    expect(second.nodes.map((n: { id: string }) => n.id)).toEqual([others[0].id]);
    expect(second.pageInfo.hasNextPage).toBe(false);
    expect((await gql(BLOCKED, {}, { as: await buildUser() })).data.blockedMembers.nodes).toEqual([]);
    expect(codeOf(await gql(BLOCKED, { after: 'forged' }, { as: me }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(BLOCKED, { first: 101 }, { as: me }))).toBe('BAD_USER_INPUT');
  });

  it('the API for other modules: both directions and a SQL condition', async () => {
    const { a, b, c } = await blockedPair();
    expect(await isBlockedEitherWay(a.id, b.id)).toBe(true);
    expect(await isBlockedEitherWay(b.id, a.id)).toBe(true);
    expect(await isBlockedEitherWay(a.id, c.id)).toBe(false);
    await expect(assertNotBlocked(b.id, a.id)).rejects.toMatchObject({
      extensions: { code: 'FORBIDDEN' },
      message: 'You cannot interact with this member.',
    });
    await expect(assertNotBlocked(a.id, c.id)).resolves.toBeUndefined();
    const visible = await db().query(
      `SELECT u.id FROM users u WHERE u.id = ANY($2) AND ${notBlockedSql('$1', 'u.id')} ORDER BY u.id`,
      [a.id, [b.id, c.id]],
    );
    expect(visible.map((r: { id: string }) => r.id)).toEqual([c.id]);
  });
});

describe('a blocked pair cannot reach one another, in every feature', () => {
  it('profile: user(id) is null both ways (the web app shows "not found"); oneself and others stay visible', async () => {
    const { a, b, c } = await blockedPair();
    for (const [, viewer, other] of bothWays({ a, b }))
      expect((await gql(USER, { id: other.id }, { as: viewer })).data.user).toBeNull();
    expect((await gql(USER, { id: c.id }, { as: b })).data.user).toEqual({ id: c.id, blockedByMe: false });
    expect((await gql(USER, { id: b.id }, { as: b })).data.user).toEqual({ id: b.id, blockedByMe: false });
    await gql(UNBLOCK, { id: b.id }, { as: a });
    expect((await gql(USER, { id: a.id }, { as: b })).data.user).toEqual({ id: a.id, blockedByMe: false });
  });

  it("feed, a member's posts, check-ins and a single post: the other's posts are gone both ways, pages stay full", async () => {
    const { a, b, c } = await blockedPair();
    const at = (m: number) => new Date(Date.UTC(2098, 0, 1, 0, m));
    const [pa, pb, pc] = [
      await buildPost({ authorId: a.id, createdAt: at(3) }),
      await buildPost({ authorId: b.id, createdAt: at(2) }),
      await buildPost({ authorId: c.id, createdAt: at(1) }),
    ];
    const FEED = `{ feed(first: 2) { nodes { id } } }`;
    expect((await gql(FEED, {}, { as: a })).data.feed.nodes.map((p: { id: string }) => p.id)).toEqual([pa.id, pc.id]);
    expect((await gql(FEED, {}, { as: b })).data.feed.nodes.map((p: { id: string }) => p.id)).toEqual([pb.id, pc.id]);
    for (const [, viewer, other] of bothWays({ a, b })) {
      const mine = other.id === a.id ? pa : pb;
      expect(
        (await gql(`query($id: ID!) { postsBy(authorId: $id) { nodes { id } } }`, { id: other.id }, { as: viewer }))
          .data.postsBy.nodes,
      ).toEqual([]);
      expect(
        (await gql(`query($id: ID!) { post(id: $id) { id } }`, { id: mine.id }, { as: viewer })).data.post,
      ).toBeNull();
      expect(
        codeOf(
          await gql(
            `mutation($id: ID!) { setReaction(postId: $id, type: lekker) { reactionType } }`,
            { id: mine.id },
            { as: viewer },
          ),
        ),
      ).toBe('FORBIDDEN');
      expect(
        codeOf(
          await gql(`mutation($id: ID!) { react(postId: $id, type: lekker) { id } }`, { id: mine.id }, { as: viewer }),
        ),
      ).toBe('FORBIDDEN');
      expect(
        codeOf(
          await gql(`mutation($id: ID!) { sharePost(id: $id, target: link) { id } }`, { id: mine.id }, { as: viewer }),
        ),
      ).toBe('FORBIDDEN');
    }
    const checkin = await buildPost({
      authorId: b.id,
      createdAt: at(4),
      latitude: 1,
      longitude: 1,
      location: 'Somewhere',
    });
    const CHECKINS = `{ discoverCheckins(first: 50) { nodes { id } } }`;
    expect(
      (await gql(CHECKINS, {}, { as: a })).data.discoverCheckins.nodes.map((p: { id: string }) => p.id),
    ).not.toContain(checkin.id);
    expect((await gql(CHECKINS, {}, { as: c })).data.discoverCheckins.nodes.map((p: { id: string }) => p.id)).toContain(
      checkin.id,
    );
  });

  it("comments: a blocked member's comments are hidden, and neither comments on or reads the other's post", async () => {
    const { a, b, c } = await blockedPair();
    const post = await buildPost({ authorId: c.id });
    const [ca, cb, cc] = [
      await buildComment({ postId: post.id, authorId: a.id }),
      await buildComment({ postId: post.id, authorId: b.id }),
      await buildComment({ postId: post.id, authorId: c.id }),
    ];
    const LIST = `query($id: ID!) { comments(postId: $id) { nodes { id } } }`;
    const ADD = `mutation($id: ID!) { addComment(postId: $id, text: "Hi") { id } }`;
    expect((await gql(LIST, { id: post.id }, { as: a })).data.comments.nodes.map((x: { id: string }) => x.id)).toEqual([
      ca.id,
      cc.id,
    ]);
    expect((await gql(LIST, { id: post.id }, { as: b })).data.comments.nodes.map((x: { id: string }) => x.id)).toEqual([
      cb.id,
      cc.id,
    ]);
    expect((await gql(LIST, { id: post.id }, { as: c })).data.comments.nodes).toHaveLength(3);
    for (const [, viewer, other] of bothWays({ a, b })) {
      const theirs = await buildPost({ authorId: other.id });
      const refused = await gql(ADD, { id: theirs.id }, { as: viewer });
      expect(codeOf(refused)).toBe('FORBIDDEN');
      expect(refused.errors?.[0].message).toBe('You cannot interact with this member.');
      expect(codeOf(await gql(LIST, { id: theirs.id }, { as: viewer }))).toBe('FORBIDDEN');
      expect(Number((await db().query('SELECT count(*) FROM comments WHERE post_id = $1', [theirs.id]))[0].count)).toBe(
        0,
      );
    }
  });

  it("reels: neither sees the other's reels (the strip and a member's reels) nor likes them", async () => {
    const { a, b, c } = await blockedPair();
    const at = new Date(Date.UTC(2098, 5, 1));
    const [ra, rb, rc] = await Promise.all([
      buildReel({ authorId: a.id, createdAt: at }),
      buildReel({ authorId: b.id, createdAt: at }),
      buildReel({ authorId: c.id, createdAt: at }),
    ]);
    const STRIP = `{ reels(first: 100) { nodes { id } } }`;
    const ids = async (u: User) => (await gql(STRIP, {}, { as: u })).data.reels.nodes.map((r: { id: string }) => r.id);
    expect(await ids(a)).toEqual(expect.arrayContaining([ra.id, rc.id]));
    expect(await ids(a)).not.toContain(rb.id);
    expect(await ids(b)).not.toContain(ra.id);
    for (const [, viewer, other] of bothWays({ a, b })) {
      expect(
        (await gql(`query($id: ID!) { reelsBy(authorId: $id) { nodes { id } } }`, { id: other.id }, { as: viewer }))
          .data.reelsBy.nodes,
      ).toEqual([]);
      expect(
        codeOf(
          await gql(
            `mutation($id: ID!) { likeReel(id: $id) { id } }`,
            { id: (other.id === a.id ? ra : rb).id },
            { as: viewer },
          ),
        ),
      ).toBe('FORBIDDEN');
    }
  });

  it('messages: neither starts a conversation nor sends in one they had; the old one stays readable', async () => {
    const { a, b } = await blockedPair();
    const START = `mutation($id: ID!) { startConversation(input: { memberId: $id }) { id } }`;
    const conversation = await buildConversation({ a: a.id, b: b.id });
    for (const [, viewer, other] of bothWays({ a, b })) {
      const r = await gql(START, { id: other.id }, { as: viewer });
      expect(codeOf(r)).toBe('FORBIDDEN');
      expect(r.errors?.[0].message).toBe('You cannot interact with this member.');
      expect(
        codeOf(
          await gql(
            `mutation($c: ID!) { sendMessage(conversationId: $c, body: "hello") { id } }`,
            { c: conversation.id },
            { as: viewer },
          ),
        ),
      ).toBe('FORBIDDEN');
      expect(
        (
          await gql(
            `query($c: ID!) { messages(conversationId: $c) { nodes { id } } }`,
            { c: conversation.id },
            { as: viewer },
          )
        ).errors,
      ).toBeUndefined();
    }
    expect(
      Number(
        (await db().query('SELECT count(*) FROM messages WHERE conversation_id = $1', [conversation.id]))[0].count,
      ),
    ).toBe(0);
  });

  it('friend requests and follows: refused both ways; suggestions leave the other out', async () => {
    const { a, b } = await blockedPair();
    for (const [, viewer, other] of bothWays({ a, b })) {
      expect(
        codeOf(
          await gql(`mutation($id: ID!) { sendFriendRequest(userId: $id) { id } }`, { id: other.id }, { as: viewer }),
        ),
      ).toBe('FORBIDDEN');
      expect(
        codeOf(await gql(`mutation($id: ID!) { followMember(userId: $id) { id } }`, { id: other.id }, { as: viewer })),
      ).toBe('FORBIDDEN');
    }
    // A request that was pending is gone; accepting it is refused as well.
    expect(
      codeOf(await gql(`mutation($id: ID!) { acceptFriendRequest(userId: $id) { id } }`, { id: a.id }, { as: b })),
    ).toBe('FORBIDDEN');
    expect(
      Number(
        (await db().query('SELECT count(*) FROM friendships WHERE $1 IN (user_low_id, user_high_id)', [a.id]))[0].count,
      ),
    ).toBe(0);
    const suggested = (
      await gql(`{ friendSuggestions(first: 50) { user { id } } }`, {}, { as: b })
    ).data.friendSuggestions.map((s: { user: { id: string } }) => s.user.id);
    expect(suggested).not.toContain(a.id);
  });

  it('search: people search leaves out a member either side of a block', async () => {
    const name = `Blockable${Date.now()}`;
    const [a, b, c] = await Promise.all([
      buildUser({ firstName: name }),
      buildUser({ firstName: name }),
      buildUser({ firstName: name }),
    ]);
    await block(a, b);
    const SEARCH = `query($q: String) { search(kind: people, query: $q, first: 10) { nodes { ... on User { id } } } }`;
    const found = async (u: User) =>
      (await gql(SEARCH, { q: name }, { as: u })).data.search.nodes.map((n: { id: string }) => n.id).sort();
    expect(await found(a)).toEqual([a.id, c.id].sort());
    expect(await found(b)).toEqual([b.id, c.id].sort());
    expect(await found(c)).toEqual([a.id, b.id, c.id].sort());
  });

  it('notifications: nothing a blocked member does notifies the blocker, nor the other way', async () => {
    const { a, b, c } = await blockedPair();
    const { notify } = await import('../notifications/notification.service');
    for (const [, viewer, other] of bothWays({ a, b })) {
      expect(await notify(other.id, { title: 'Poke', message: 'poke', actorId: viewer.id })).toBeNull();
    }
    expect(await notify(a.id, { title: 'Poke', message: 'poke', actorId: c.id })).not.toBeNull();
    const count = async (u: User) =>
      Number(
        (await db().query(`SELECT count(*) FROM notifications WHERE recipient_id = $1 AND title = 'Poke'`, [u.id]))[0]
          .count,
      );
    expect([await count(a), await count(b)]).toEqual([1, 0]);
  });

  it('radar: neither appears to the other nearby; others still do', async () => {
    const { a, b, c } = await blockedPair();
    const here = {
      latitude: Math.round((Math.random() * 100 - 50) * 1e3) / 1e3,
      longitude: Math.round((Math.random() * 300 - 150) * 1e3) / 1e3,
    };
    const SET =
      `mutation($lat: Float, $lng: Float) { updateRadarSettings(radarEnabled: true, latitude: $lat, ` +
      `longitude: $lng) { id } }`;
    for (const [u, km] of [
      [a, 0],
      [b, 1],
      [c, 2],
    ] as const) {
      expect(
        (await gql(SET, { lat: here.latitude + km / 111.195, lng: here.longitude }, { as: u })).errors,
      ).toBeUndefined();
    }
    const NEAR = `{ nearbyUsers(radiusKm: 10, first: 1) { nodes { id } pageInfo { hasNextPage } } }`;
    // first: 1 — the page is full with the next visible member, not cut short by the blocked one.
    expect((await gql(NEAR, {}, { as: a })).data.nearbyUsers).toEqual({
      nodes: [{ id: c.id }],
      pageInfo: { hasNextPage: false },
    });
    expect((await gql(NEAR, {}, { as: b })).data.nearbyUsers).toEqual({
      nodes: [{ id: c.id }],
      pageInfo: { hasNextPage: false },
    });
    expect((await gql(NEAR, {}, { as: c })).data.nearbyUsers.pageInfo.hasNextPage).toBe(true);
  });

  it("dating: only the blocker's alias is kept from the member they blocked; the blocker's own view of aliases does not change (dating.safety.test.ts)", async () => {
    const [a, b] = await Promise.all([buildUser(), buildUser()]);
    const SAVE = `mutation($input: SaveDatingAliasInput!) { saveDatingAlias(input: $input) { id } }`;
    const place = {
      latitude: Math.round((Math.random() * 100 - 50) * 1e3) / 1e3,
      longitude: Math.round((Math.random() * 300 - 150) * 1e3) / 1e3,
    };
    const alias = async (u: User, name: string) => {
      const r = await gql(
        SAVE,
        {
          input: {
            aliasName: name,
            age: 30,
            bio: 'x',
            interests: 'braai',
            lookingFor: 'long-term',
            gender: 'male',
            interestedIn: 'everyone',
            radiusKm: 10,
            ...place,
          },
        },
        { as: u },
      );
      expect(r.errors).toBeUndefined();
      return r.data.saveDatingAlias.id as string;
    };
    const aliasA = await alias(a, 'Aardvark');
    const aliasB = await alias(b, 'Bokkie');
    await block(b, a);
    const DISCOVER = `{ datingProfiles(first: 50) { id } }`;
    // b's alias is kept from a, whom b blocked; b (who steers the block) still sees a's alias as before.
    expect((await gql(DISCOVER, {}, { as: a })).data.datingProfiles.map((p: { id: string }) => p.id)).not.toContain(
      aliasB,
    );
    expect((await gql(DISCOVER, {}, { as: b })).data.datingProfiles.map((p: { id: string }) => p.id)).toContain(aliasA);
    const REACT = `mutation($id: ID!) { reactToDatingAlias(aliasId: $id, kind: "like") { kind } }`;
    expect(codeOf(await gql(REACT, { id: aliasB }, { as: a }))).toBe('NOT_FOUND');
    expect((await gql(REACT, { id: aliasA }, { as: b })).errors).toBeUndefined();
    // A match made before a block: gone only for the member blocked by the other alias's owner.
    await gql(UNBLOCK, { id: a.id }, { as: b });
    await gql(REACT, { id: aliasB }, { as: a });
    const MATCHES = `{ datingMatches { nodes { id } } }`;
    expect((await gql(MATCHES, {}, { as: a })).data.datingMatches.nodes).toHaveLength(1);
    await block(a, b);
    expect((await gql(MATCHES, {}, { as: a })).data.datingMatches.nodes).toHaveLength(1);
    expect((await gql(MATCHES, {}, { as: b })).data.datingMatches.nodes).toEqual([]);
  });

  it("counts and lists on a third member's post: the other's comments and reactions are neither counted nor listed", async () => {
    const { a, b, c } = await blockedPair();
    const post = await buildPost({ authorId: c.id });
    for (const u of [a, b, c]) {
      await buildComment({ postId: post.id, authorId: u.id });
      await buildReaction({ postId: post.id, memberId: u.id, reactionType: ReactionType.lekker });
    }
    const Q =
      `query($id: ID!) { post(id: $id) { commentCount reactionCounts { lekker } } postReactions(postId: $id) ` +
      `{ reactionType } }`;
    const seen = async (u: User) => {
      const d = (await gql(Q, { id: post.id }, { as: u })).data;
      return [d.post.commentCount, d.post.reactionCounts.lekker, d.postReactions.length];
    };
    expect(await seen(a)).toEqual([2, 2, 2]);
    expect(await seen(b)).toEqual([2, 2, 2]);
    expect(await seen(c)).toEqual([3, 3, 3]);
    // Who reacted to the other's own post: refused, like its comments.
    for (const [, viewer, other] of bothWays({ a, b })) {
      const theirs = await buildPost({ authorId: other.id });
      expect(
        codeOf(
          await gql(
            `query($id: ID!) { postReactions(postId: $id) { reactionType } }`,
            { id: theirs.id },
            { as: viewer },
          ),
        ),
      ).toBe('FORBIDDEN');
    }
  });

  it("recipes: the other's recipes leave the list (pages stay full), their comments and reactions are hidden and counted out, and neither reacts to, comments on or shares the other's recipe", async () => {
    const { a, b, c } = await blockedPair();
    const at = (m: number) => new Date(Date.UTC(2099, 0, 1, 0, m));
    const [ra, rb, rc] = [
      await buildRecipe({ authorId: a.id, createdAt: at(3) }),
      await buildRecipe({ authorId: b.id, createdAt: at(2) }),
      await buildRecipe({ authorId: c.id, createdAt: at(1) }),
    ];
    const LIST = `{ recipes(first: 2) { nodes { id } } }`;
    expect((await gql(LIST, {}, { as: a })).data.recipes.nodes.map((r: { id: string }) => r.id)).toEqual([
      ra.id,
      rc.id,
    ]);
    expect((await gql(LIST, {}, { as: b })).data.recipes.nodes.map((r: { id: string }) => r.id)).toEqual([
      rb.id,
      rc.id,
    ]);
    for (const u of [a, b, c]) {
      await buildRecipeComment({ recipeId: rc.id, authorId: u.id });
      await buildRecipeReaction({ recipeId: rc.id, memberId: u.id, reactionType: ReactionType.care });
    }
    const ON_C =
      `query($id: ID!) { recipeComments(recipeId: $id) { nodes { author { id } } } recipes(first: 3) { ` +
      `nodes { id commentCount reactionCounts { care } } } }`;
    const seen = async (u: User) => {
      const d = (await gql(ON_C, { id: rc.id }, { as: u })).data;
      const r = d.recipes.nodes.find((n: { id: string }) => n.id === rc.id);
      return [
        d.recipeComments.nodes.map((n: { author: { id: string } }) => n.author.id).sort(),
        r.commentCount,
        r.reactionCounts.care,
      ];
    };
    expect(await seen(a)).toEqual([[a.id, c.id].sort(), 2, 2]);
    expect(await seen(b)).toEqual([[b.id, c.id].sort(), 2, 2]);
    expect(await seen(c)).toEqual([[a.id, b.id, c.id].sort(), 3, 3]);
    for (const [, viewer, other] of bothWays({ a, b })) {
      const id = (other.id === a.id ? ra : rb).id;
      for (const op of [
        `mutation($id: ID!) { reactToRecipe(id: $id, type: lekker) { id } }`,
        `mutation($id: ID!) { setRecipeReaction(id: $id, type: lekker) { id } }`,
        `mutation($id: ID!) { addRecipeComment(recipeId: $id, text: "Yum") { id } }`,
        `mutation($id: ID!) { shareRecipe(id: $id, target: link) { id } }`,
        `query($id: ID!) { recipeComments(recipeId: $id) { nodes { id } } }`,
      ]) {
        const r = await gql(op, { id }, { as: viewer });
        expect(codeOf(r)).toBe('FORBIDDEN');
        expect(r.errors?.[0].message).toBe('You cannot interact with this member.');
      }
      const left = await db().query(
        `SELECT (SELECT count(*) FROM recipe_reactions WHERE recipe_id = $1)::int + (SELECT count(*) FROM ` +
          `recipe_comments WHERE recipe_id = $1)::int + (SELECT count(*) FROM recipe_shares WHERE recipe_id = ` +
          `$1)::int AS n`,
        [id],
      );
      expect(left[0].n).toBe(0);
    }
  });

  it("marketplace: the other's listings leave browsing (pages stay full) and the count, their detail is null, and Message Seller is refused", async () => {
    const { a, b, c } = await blockedPair();
    const here = {
      latitude: Math.round((Math.random() * 100 - 50) * 1e3) / 1e3,
      longitude: Math.round((Math.random() * 300 - 150) * 1e3) / 1e3,
    };
    const at = (km: number) => ({ latitude: here.latitude + km / 111.195, longitude: here.longitude });
    const [la, lb, lc] = [
      await buildListing({ sellerId: a.id, ...at(0.5) }),
      await buildListing({ sellerId: b.id, ...at(1) }),
      await buildListing({ sellerId: c.id, ...at(2) }),
    ];
    const BROWSE =
      `query($lat: Float!, $lng: Float!) { marketplaceListings(latitude: $lat, longitude: $lng, ` +
      `radiusKm: 5, first: 1) { nodes { id } pageInfo { hasNextPage endCursor } } marketplaceListingCount(latitude: ` +
      `$lat, longitude: $lng, radiusKm: 5) }`;
    const browse = async (u: User) =>
      (await gql(BROWSE, { lat: at(1).latitude, lng: at(1).longitude }, { as: u })).data;
    // From b's listing's spot: the nearest visible listing fills a page of one.
    const seenByA = await browse(a);
    expect(seenByA.marketplaceListings.nodes).toEqual([{ id: la.id }]);
    expect(seenByA.marketplaceListingCount).toBe(2);
    const seenByB = await browse(b);
    expect(seenByB.marketplaceListings.nodes).toEqual([{ id: lb.id }]);
    expect(seenByB.marketplaceListingCount).toBe(2);
    expect((await browse(c)).marketplaceListingCount).toBe(3);
    const NEXT =
      `query($lat: Float!, $lng: Float!, $after: String) { marketplaceListings(latitude: $lat, longitude: ` +
      `$lng, radiusKm: 5, first: 5, after: $after) { nodes { id } } }`;
    expect(
      (
        await gql(
          NEXT,
          { lat: at(1).latitude, lng: at(1).longitude, after: seenByA.marketplaceListings.pageInfo.endCursor },
          { as: a },
        )
      ).data.marketplaceListings.nodes,
    ).toEqual([{ id: lc.id }]);
    const START = `mutation($id: ID!) { startConversation(input: { listingId: $id }) { id } }`;
    for (const [, viewer, other] of bothWays({ a, b })) {
      const theirs = other.id === a.id ? la : lb;
      expect(
        (await gql(`query($id: ID!) { marketplaceListing(id: $id) { id } }`, { id: theirs.id }, { as: viewer })).data
          .marketplaceListing,
      ).toBeNull();
      const r = await gql(START, { id: theirs.id }, { as: viewer });
      expect(codeOf(r)).toBe('FORBIDDEN');
      expect(r.errors?.[0].message).toBe('You cannot interact with this member.');
    }
    expect(
      Number(
        (
          await db().query(
            `SELECT count(*) FROM conversations WHERE origin_key LIKE 'listing:%' AND (origin_key LIKE $1 OR ` +
              `origin_key LIKE $2)`,
            [`listing:${la.id}:%`, `listing:${lb.id}:%`],
          )
        )[0].count,
      ),
    ).toBe(0);
    expect((await gql(START, { id: lc.id }, { as: a })).errors).toBeUndefined();
  });

  it("events: the other's events leave browsing (pages stay full) and search, the event link is null, and booking one is refused", async () => {
    const { a, b, c } = await blockedPair();
    const title = `Blockparty${Date.now()}`;
    const at = (m: number) => new Date(Date.UTC(2099, 2, 1, 0, m));
    const [ea, eb, ec] = [
      await buildEvent({ hostId: a.id, createdAt: at(3), title }),
      await buildEvent({ hostId: b.id, createdAt: at(2), title }),
      await buildEvent({ hostId: c.id, createdAt: at(1), title }),
    ];
    const BROWSE = `{ events(first: 2) { nodes { id } } }`;
    expect((await gql(BROWSE, {}, { as: a })).data.events.nodes.map((e: { id: string }) => e.id)).toEqual([
      ea.id,
      ec.id,
    ]);
    expect((await gql(BROWSE, {}, { as: b })).data.events.nodes.map((e: { id: string }) => e.id)).toEqual([
      eb.id,
      ec.id,
    ]);
    const SEARCH = `query($q: String) { search(kind: events, query: $q, first: 10) { nodes { ... on Event { id } } } }`;
    const found = async (u: User) =>
      (await gql(SEARCH, { q: title }, { as: u })).data.search.nodes.map((n: { id: string }) => n.id).sort();
    expect(await found(a)).toEqual([ea.id, ec.id].sort());
    expect(await found(b)).toEqual([eb.id, ec.id].sort());
    expect(await found(c)).toEqual([ea.id, eb.id, ec.id].sort());
    for (const [, viewer, other] of bothWays({ a, b })) {
      const theirs = other.id === a.id ? ea : eb;
      expect(
        (await gql(`query($id: ID!) { event(id: $id) { id } }`, { id: theirs.id }, { as: viewer })).data.event,
      ).toBeNull();
      const r = await gql(
        `mutation($id: ID!) { bookEventTickets(eventId: $id, quantity: 1) { id } }`,
        { id: theirs.id },
        { as: viewer },
      );
      expect(codeOf(r)).toBe('FORBIDDEN');
      expect(
        Number((await db().query('SELECT count(*) FROM event_bookings WHERE event_id = $1', [theirs.id]))[0].count),
      ).toBe(0);
    }
    expect(
      (await gql(`mutation($id: ID!) { bookEventTickets(eventId: $id, quantity: 1) { id } }`, { id: ec.id }, { as: a }))
        .errors,
    ).toBeUndefined();
  });

  it("business reviews: the other's review leaves the Reviews tab (pages stay full); the rating and count stay the page's totals", async () => {
    const { a, b, c } = await blockedPair();
    const business = await buildBusiness();
    const at = (m: number) => new Date(Date.UTC(2099, 3, 1, 0, m));
    const [ra, rb, rc] = [
      await buildBusinessReview({ businessId: business.id, memberId: a.id, rating: 5, createdAt: at(3) }),
      await buildBusinessReview({ businessId: business.id, memberId: b.id, rating: 1, createdAt: at(2) }),
      await buildBusinessReview({ businessId: business.id, memberId: c.id, rating: 3, createdAt: at(1) }),
    ];
    const Q =
      `query($id: ID!) { businessReviews(businessId: $id, first: 2) { nodes { id } } business(id: $id) { ` +
      `reviewCount rating } }`;
    const seen = async (u: User) => {
      const d = (await gql(Q, { id: business.id }, { as: u })).data;
      return [d.businessReviews.nodes.map((r: { id: string }) => r.id), d.business.reviewCount, d.business.rating];
    };
    expect(await seen(a)).toEqual([[ra.id, rc.id], 3, 3]);
    expect(await seen(b)).toEqual([[rb.id, rc.id], 3, 3]);
    expect(await seen(c)).toEqual([[ra.id, rb.id], 3, 3]);
  });
});
