import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { buildUser } from '../../test/factories';
import { codeOf, gql } from '../../test/helpers';
import type { User } from '../users/user.entity';

const FOLLOW = `mutation($id: ID!) { followMember(userId: $id) { id viewerFollows followerCount } }`;
const UNFOLLOW = `mutation($id: ID!) { unfollowMember(userId: $id) { id viewerFollows followerCount } }`;
const COUNTS = `query($id: ID!) { user(id: $id) { followingCount followerCount viewerFollows } }`;
const rows = async (follower: User, followee: User) =>
  Number(
    (
      await db().query('SELECT count(*) FROM member_follows WHERE follower_id = $1 AND followee_id = $2', [
        follower.id,
        followee.id,
      ])
    )[0].count,
  );

describe('member follows', () => {
  it('requires authentication', async () => {
    const u = await buildUser();
    expect(codeOf(await gql(FOLLOW, { id: u.id }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(UNFOLLOW, { id: u.id }))).toBe('UNAUTHENTICATED');
  });

  it('follows and unfollows, counted under Following and followers, idempotently', async () => {
    const a = await buildUser();
    const b = await buildUser();
    expect((await gql(FOLLOW, { id: b.id }, { as: a })).data.followMember).toEqual({
      id: b.id,
      viewerFollows: true,
      followerCount: 1,
    });
    expect((await gql(FOLLOW, { id: b.id }, { as: a })).data.followMember).toEqual({
      id: b.id,
      viewerFollows: true,
      followerCount: 1,
    });
    expect((await gql(COUNTS, { id: a.id }, { as: b })).data.user).toEqual({
      followingCount: 1,
      followerCount: 0,
      viewerFollows: false,
    });
    expect((await gql(COUNTS, { id: b.id }, { as: a })).data.user).toEqual({
      followingCount: 0,
      followerCount: 1,
      viewerFollows: true,
    });
    expect((await gql(UNFOLLOW, { id: b.id }, { as: a })).data.unfollowMember).toEqual({
      id: b.id,
      viewerFollows: false,
      followerCount: 0,
    });
    expect((await gql(UNFOLLOW, { id: b.id }, { as: a })).data.unfollowMember).toEqual({
      id: b.id,
      viewerFollows: false,
      followerCount: 0,
    });
    expect((await gql(COUNTS, { id: a.id }, { as: a })).data.user.followingCount).toBe(0);
  });

  it('fifty parallel clicks make one row', async () => {
    const a = await buildUser();
    const b = await buildUser();
    const answers = await Promise.all(Array.from({ length: 50 }, () => gql(FOLLOW, { id: b.id }, { as: a })));
    expect(answers.filter((r) => r.errors && codeOf(r) !== 'RATE_LIMITED')).toEqual([]);
    expect(await rows(a, b)).toBe(1);
  });

  it('refuses following yourself, a member who does not exist, and an id that is not one', async () => {
    const a = await buildUser();
    expect(codeOf(await gql(FOLLOW, { id: a.id }, { as: a }))).toBe('BAD_USER_INPUT');
    expect(await rows(a, a)).toBe(0);
    expect(codeOf(await gql(FOLLOW, { id: '00000000-0000-4000-8000-000000000000' }, { as: a }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(FOLLOW, { id: 'nope' }, { as: a }))).toBe('BAD_USER_INPUT');
    // The table refuses it too, whatever path writes it.
    await expect(
      db().query('INSERT INTO member_follows (follower_id, followee_id) VALUES ($1, $1)', [a.id]),
    ).rejects.toThrow(/CHK_member_follows_not_self/);
  });
});
