import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { Notification } from '../notifications/notification.entity';
import { buildCheckin, buildFriendship, buildUser } from '../../test/factories';
import { codeOf, countQueries, gql } from '../../test/helpers';
import { FriendshipStatus } from './friendship.entity';

type U = Awaited<ReturnType<typeof buildUser>>;
const request = (as: U, to: U) =>
  gql(`mutation($id: ID!) { sendFriendRequest(userId: $id) { friendStatus } }`, { id: to.id }, { as });
const accept = (as: U, from: U) =>
  gql(`mutation($id: ID!) { acceptFriendRequest(userId: $id) { friendStatus } }`, { id: from.id }, { as });
const befriend = async (a: U, b: U) => {
  await request(a, b);
  await accept(b, a);
};

describe('friends', () => {
  it('requires authentication', async () => {
    const u = await buildUser();
    expect(codeOf(await gql(`{ friends { mutualFriendCount } }`))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(`mutation($id: ID!) { sendFriendRequest(userId: $id) { id } }`, { id: u.id }))).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('sends, counts, accepts and notifies', async () => {
    const a = await buildUser();
    const b = await buildUser();
    expect((await request(a, b)).data.sendFriendRequest.friendStatus).toBe('requestSent');
    expect(codeOf(await request(a, b))).toBe('CONFLICT');
    expect((await gql(`{ pendingFriendRequestCount friendRequests { from { id } } }`, {}, { as: b })).data).toEqual({
      pendingFriendRequestCount: 1,
      friendRequests: [{ from: { id: a.id } }],
    });
    expect(codeOf(await accept(a, b))).toBe('NOT_FOUND'); // only the addressee accepts
    expect((await accept(b, a)).data.acceptFriendRequest.friendStatus).toBe('friends');
    expect(codeOf(await request(b, a))).toBe('CONFLICT');
    const titles = (
      await db()
        .getRepository(Notification)
        .find({ where: [{ recipientId: a.id }, { recipientId: b.id }] })
    ).map((n) => n.title);
    expect(titles.sort()).toEqual(['Friend request', 'Friend request accepted']);
  });

  it('50 concurrent accepts of one request: one succeeds, one notification, the rest CONFLICT', async () => {
    const a = await buildUser();
    const b = await buildUser();
    await request(a, b);
    const results = await Promise.all(Array.from({ length: 50 }, () => accept(b, a)));
    expect(results.filter((r) => !r.errors).length).toBe(1);
    expect(results.filter((r) => r.errors).map(codeOf)).toEqual(Array(49).fill('CONFLICT'));
    const accepted = await db()
      .getRepository(Notification)
      .countBy({ recipientId: a.id, title: 'Friend request accepted' });
    expect(accepted).toBe(1);
    expect(codeOf(await accept(b, a))).toBe('CONFLICT'); // a late retry too
  });

  it('a friend request retried with its idempotency key succeeds again with one request and one notification', async () => {
    const a = await buildUser();
    const b = await buildUser();
    const SEND_ONCE =
      `mutation($id: ID!, $key: String) { sendFriendRequest(userId: $id, idempotencyKey: $key) { ` + `friendStatus } }`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => gql(SEND_ONCE, { id: b.id, key: 'befriend-1' }, { as: a })),
    );
    expect(results.filter((r) => r.errors).map((r) => r.errors![0].message)).toEqual([]);
    expect(results.map((r) => r.data.sendFriendRequest.friendStatus)).toEqual(Array(10).fill('requestSent'));
    expect(codeOf(await request(a, b))).toBe('CONFLICT'); // without the key it is a new request
    expect(await db().getRepository(Notification).countBy({ recipientId: b.id, title: 'Friend request' })).toBe(1);
  });

  it('declines, refuses yourself and unknown members', async () => {
    const a = await buildUser();
    const b = await buildUser();
    await request(a, b);
    expect(
      (await gql(`mutation($id: ID!) { declineFriendRequest(userId: $id) { friendStatus } }`, { id: a.id }, { as: b }))
        .data.declineFriendRequest.friendStatus,
    ).toBe('none');
    expect(codeOf(await request(a, a))).toBe('BAD_USER_INPUT');
    expect(
      codeOf(
        await gql(
          `mutation { sendFriendRequest(userId: "00000000-0000-4000-8000-000000000000") { id } }`,
          {},
          { as: a },
        ),
      ),
    ).toBe('NOT_FOUND');
  });

  it('counts mutual friends and suggests friends of friends', async () => {
    const [me, f1, f2, fof, stranger] = await Promise.all([
      buildUser(),
      buildUser(),
      buildUser(),
      buildUser(),
      buildUser(),
    ]);
    await befriend(me, f1);
    await befriend(me, f2);
    await befriend(f1, f2);
    await befriend(f1, fof);
    await befriend(f2, fof);
    void stranger;
    const r = await gql(
      `{ friends { user { id } mutualFriendCount } friendSuggestions { user { id } via { id } mutualFriendCount ` +
        `reason } }`,
      {},
      { as: me },
    );
    const mutual = Object.fromEntries(
      r.data.friends.map((f: { user: { id: string }; mutualFriendCount: number }) => [f.user.id, f.mutualFriendCount]),
    );
    expect(mutual).toEqual({ [f1.id]: 1, [f2.id]: 1 });
    const [first, ...others] = r.data.friendSuggestions;
    expect(first).toMatchObject({ user: { id: fof.id }, mutualFriendCount: 2, reason: 'friendOfFriend' });
    expect([f1.id, f2.id]).toContain(first.via.id);
    // After friends of friends come members the viewer has no link with yet: never a friend, never twice.
    expect(others.every((o: { via: unknown; reason: string }) => o.via === null && o.reason !== 'friendOfFriend')).toBe(
      true,
    );
    const ids = r.data.friendSuggestions.map((s: { user: { id: string } }) => s.user.id);
    expect(ids).not.toContain(f1.id);
    expect(ids).not.toContain(me.id);
    expect(new Set(ids).size).toBe(ids.length);
    await gql(`mutation($id: ID!) { unfriend(userId: $id) { id } }`, { id: f1.id }, { as: me });
    const after = await gql(`{ friends { user { id } } }`, {}, { as: me });
    expect(after.data.friends.map((f: { user: { id: string } }) => f.user.id)).toEqual([f2.id]);
  });

  describe('suggestions for a brand-new member', () => {
    const SUGGEST =
      `query($first: Int) { friendSuggestions(first: $first) { user { id } via { id } ` +
      `mutualFriendCount reason } }`;
    type S = { user: { id: string }; via: { id: string } | null; mutualFriendCount: number; reason: string };
    const suggested = async (as: U, first = 50): Promise<S[]> =>
      (await gql(SUGGEST, { first }, { as })).data.friendSuggestions;

    it('suggests the newest members, never themself, a friend, or anyone with a request either way', async () => {
      const me = await buildUser();
      const friend = await buildUser();
      const asked = await buildUser();
      const asking = await buildUser();
      const newest = await buildUser();
      await buildFriendship({ a: me, b: friend });
      await buildFriendship({ a: me, b: asked, status: FriendshipStatus.pending });
      await buildFriendship({ a: asking, b: me, status: FriendshipStatus.pending });
      // Those four joined after everyone else: without the exclusions they would lead the newest members.
      const list = await suggested(me, 5);
      expect(list.length).toBeGreaterThan(0);
      expect(list[0]).toEqual({ user: { id: newest.id }, via: null, mutualFriendCount: 0, reason: 'newMember' });
      const ids = list.map((s) => s.user.id);
      for (const excluded of [me, friend, asked, asking]) expect(ids).not.toContain(excluded.id);
    });

    it('never suggests a suspended member, until the suspension is lifted', async () => {
      const me = await buildUser();
      const newest = await buildUser();
      await db().query(`UPDATE users SET suspended_at = now() WHERE id = $1`, [newest.id]);
      expect((await suggested(me, 5)).map((s) => s.user.id)).not.toContain(newest.id);
      await db().query(`UPDATE users SET suspended_at = NULL WHERE id = $1`, [newest.id]);
      expect((await suggested(me, 5))[0].user.id).toBe(newest.id);
    });

    it('gives a member with no friends and no posts someone to add', async () => {
      const me = await buildUser();
      const list = await suggested(me, 3);
      expect(list).toHaveLength(3);
      expect(list.map((s) => s.user.id)).not.toContain(me.id);
    });

    it('puts members who checked in near my latest check-in before the newest members', async () => {
      const me = await buildUser();
      const near = await buildUser();
      const far = await buildUser();
      await buildCheckin({ authorId: me.id, latitude: -33.92, longitude: 18.42 }); // Cape Town
      await buildCheckin({ authorId: near.id, latitude: -34.03, longitude: 18.46 }); // about 13 km away
      await buildCheckin({ authorId: far.id, latitude: 51.5, longitude: -0.12 }); // London
      const list = await suggested(me);
      expect(list[0]).toMatchObject({ user: { id: near.id }, reason: 'nearby' });
      expect(list.find((s) => s.user.id === far.id)?.reason).not.toBe('nearby');
    });

    it('answers in a fixed number of SQL statements, however many members there are', async () => {
      const me = await buildUser();
      const few = await countQueries(() => gql(SUGGEST, { first: 2 }, { as: me }));
      const many = await countQueries(() => gql(SUGGEST, { first: 30 }, { as: me }));
      expect(many.result.data.friendSuggestions.length).toBeGreaterThan(2);
      expect(many.queries.length).toBe(few.queries.length);
      expect(codeOf(await gql(SUGGEST, { first: 2 }))).toBe('UNAUTHENTICATED');
    });
  });
});
