import { Friendship, FriendshipStatus } from '../../modules/friends/friendship.entity';
import { User } from '../../modules/users/user.entity';
import { MemberFollow } from '../../modules/follows/member-follow.entity';
import { RadarPosition } from '../../modules/radar/radar-position.entity';
import { UserBlock } from '../../modules/blocks/user-block.entity';
import { buildUser, insert, insertByKey, memberRef } from './core';

/**
 * A friendship between `a` and `b` (new members unless given): accepted by default, or a pending request
 * from `a` to `b` with `status: pending`. The pair is stored in its canonical order.
 */
export async function buildFriendship(
  opts: { a?: User; b?: User; status?: FriendshipStatus; createdAt?: Date } = {},
): Promise<Friendship> {
  const a = opts.a ?? (await buildUser());
  const b = opts.b ?? (await buildUser());
  const status = opts.status ?? FriendshipStatus.accepted;
  const [low, high] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
  return insert(Friendship, {
    userLowId: low,
    userHighId: high,
    requesterId: a.id,
    status,
    acceptedAt: status === FriendshipStatus.accepted ? new Date() : null,
    ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
  });
}

/** A member following another (new members unless given). */
export async function buildMemberFollow(overrides: Partial<MemberFollow> = {}): Promise<MemberFollow> {
  const key = { followerId: await memberRef(overrides.followerId), followeeId: await memberRef(overrides.followeeId) };
  return insertByKey(MemberFollow, key, overrides);
}

/** A member blocking another (new members unless given). */
export async function buildUserBlock(overrides: Partial<UserBlock> = {}): Promise<UserBlock> {
  const key = { blockerId: await memberRef(overrides.blockerId), blockedId: await memberRef(overrides.blockedId) };
  return insertByKey(UserBlock, key, overrides);
}

/** A member's last position on the radar (a new member unless given): Cape Town's city centre, located now. */
export async function buildRadarPosition(overrides: Partial<RadarPosition> = {}): Promise<RadarPosition> {
  return insertByKey(
    RadarPosition,
    { memberId: await memberRef(overrides.memberId) },
    { latitude: -33.9249, longitude: 18.4241, ...overrides },
  );
}
