import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { codeOf, createUser, gql } from '../../test/helpers';
import { Notification } from '../notifications/notification.entity';

type U = Awaited<ReturnType<typeof createUser>>;
const request = (as: U, to: U) => gql(`mutation($id: ID!) { sendFriendRequest(userId: $id) { friendStatus } }`, { id: to.id }, { as });
const accept = (as: U, from: U) => gql(`mutation($id: ID!) { acceptFriendRequest(userId: $id) { friendStatus } }`, { id: from.id }, { as });
const befriend = async (a: U, b: U) => {
  await request(a, b);
  await accept(b, a);
};

describe('friends', () => {
  it('requires authentication', async () => {
    const u = await createUser();
    expect(codeOf(await gql(`{ friends { mutualFriendCount } }`))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(`mutation($id: ID!) { sendFriendRequest(userId: $id) { id } }`, { id: u.id }))).toBe('UNAUTHENTICATED');
  });

  it('sends, counts, accepts and notifies', async () => {
    const a = await createUser();
    const b = await createUser();
    expect((await request(a, b)).data.sendFriendRequest.friendStatus).toBe('requestSent');
    expect(codeOf(await request(a, b))).toBe('CONFLICT');
    expect((await gql(`{ pendingFriendRequestCount friendRequests { from { id } } }`, {}, { as: b })).data).toEqual({
      pendingFriendRequestCount: 1,
      friendRequests: [{ from: { id: a.id } }],
    });
    expect(codeOf(await accept(a, b))).toBe('NOT_FOUND'); // only the addressee accepts
    expect((await accept(b, a)).data.acceptFriendRequest.friendStatus).toBe('friends');
    expect(codeOf(await request(b, a))).toBe('CONFLICT');
    const titles = (await db().getRepository(Notification).find({ where: [{ recipientId: a.id }, { recipientId: b.id }] })).map((n) => n.title);
    expect(titles.sort()).toEqual(['Friend request', 'Friend request accepted']);
  });

  it('declines, refuses yourself and unknown members', async () => {
    const a = await createUser();
    const b = await createUser();
    await request(a, b);
    expect((await gql(`mutation($id: ID!) { declineFriendRequest(userId: $id) { friendStatus } }`, { id: a.id }, { as: b })).data.declineFriendRequest.friendStatus).toBe('none');
    expect(codeOf(await request(a, a))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(`mutation { sendFriendRequest(userId: "00000000-0000-4000-8000-000000000000") { id } }`, {}, { as: a }))).toBe('NOT_FOUND');
  });

  it('counts mutual friends and suggests friends of friends', async () => {
    const [me, f1, f2, fof, stranger] = await Promise.all([createUser(), createUser(), createUser(), createUser(), createUser()]);
    await befriend(me, f1);
    await befriend(me, f2);
    await befriend(f1, f2);
    await befriend(f1, fof);
    await befriend(f2, fof);
    void stranger;
    const r = await gql(`{ friends { user { id } mutualFriendCount } friendSuggestions { user { id } via { id } mutualFriendCount } }`, {}, { as: me });
    const mutual = Object.fromEntries(r.data.friends.map((f: { user: { id: string }; mutualFriendCount: number }) => [f.user.id, f.mutualFriendCount]));
    expect(mutual).toEqual({ [f1.id]: 1, [f2.id]: 1 });
    expect(r.data.friendSuggestions).toHaveLength(1);
    expect(r.data.friendSuggestions[0].user.id).toBe(fof.id);
    expect([f1.id, f2.id]).toContain(r.data.friendSuggestions[0].via.id);
    expect(r.data.friendSuggestions[0].mutualFriendCount).toBe(2);
    await gql(`mutation($id: ID!) { unfriend(userId: $id) { id } }`, { id: f1.id }, { as: me });
    const after = await gql(`{ friends { user { id } } }`, {}, { as: me });
    expect(after.data.friends.map((f: { user: { id: string } }) => f.user.id)).toEqual([f2.id]);
  });
});
