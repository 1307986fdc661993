import { In } from 'typeorm';
import { requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput, conflict, notFound } from '../../kernel/errors';
import { once, type RecordResult } from '../../kernel/idempotency';
import { checkUuid } from '../../kernel/ids';
import { assertNotBlocked, SUSPENDED_MEMBERS_SQL } from '../blocks/block.service';
import { NotificationType } from '../notifications/notification.entity';
import { notify } from '../notifications/notification.service';
import { User } from '../users/user.entity';
import { displayNameOfMember } from '../users/user.service';
import { friendPolicy } from './friend.policy';
import { Friend, FriendRequest, FriendStatus, FriendSuggestion, SuggestionReason } from './friend.types';
import { Friendship, FriendshipStatus } from './friendship.entity';

const friendships = () => db().getRepository(Friendship);
const pair = (a: string, b: string) => (a < b ? { userLowId: a, userHighId: b } : { userLowId: b, userHighId: a });

/** Accepted friendships in both directions, as (a, b) edges. */
const EDGES = `SELECT user_low_id AS a, user_high_id AS b, accepted_at FROM friendships WHERE status = 'accepted'
               UNION ALL SELECT user_high_id, user_low_id, accepted_at FROM friendships WHERE status = 'accepted'`;

async function otherMember(viewer: Viewer, userId: string): Promise<User> {
  const id = checkUuid(userId, 'userId');
  if (!friendPolicy.canRequest(viewer, id)) throw badInput('userId', 'must be another member');
  const user = await db().getRepository(User).findOneBy({ id });
  if (!user) throw notFound('Member');
  return user;
}

const findPair = (a: string, b: string) => friendships().findOneBy(pair(a, b));

/** Whether `a` and `b` are friends (an accepted request): the new-member sandbox limits messages to anyone else. */
export const areFriends = async (a: string, b: string) => (await findPair(a, b))?.status === FriendshipStatus.accepted;

/**
 * Sends a friend request. A request the other member already sent is accepted instead. A retry with the same
 * idempotency key answers the first request instead of CONFLICT.
 */
export async function sendFriendRequest(
  viewer: Viewer | null,
  userId: string,
  idempotencyKey?: string | null,
): Promise<Friendship> {
  const v = requireViewer(viewer);
  const target = await otherMember(v, userId);
  await assertNotBlocked(v.id, target.id);
  const write = async (record: RecordResult) => {
    const existing = await findPair(v.id, target.id);
    if (existing?.status === FriendshipStatus.accepted) throw conflict('ALREADY_FRIENDS', 'You are already friends.');
    if (existing && existing.requesterId === v.id)
      throw conflict('REQUEST_ALREADY_SENT', 'Friend request already sent.');
    if (existing) return acceptFriendRequest(v, target.id);
    const id = await db().transaction(async (m) => {
      const rows: Array<{ id: string }> = await m.query(
        `INSERT INTO friendships (user_low_id, user_high_id, requester_id, status) VALUES ($1, $2, $3, 'pending')
         ON CONFLICT (user_low_id, user_high_id) DO NOTHING RETURNING id`,
        [pair(v.id, target.id).userLowId, pair(v.id, target.id).userHighId, v.id],
      );
      if (!rows.length) throw conflict('REQUEST_ALREADY_SENT', 'Friend request already sent.');
      await record(m, rows[0].id);
      return rows[0].id;
    });
    await notify(target.id, {
      title: 'Friend request',
      message: `${await displayNameOfMember(v.id)} sent you a friend request.`,
      link: '/profile',
      actorId: v.id,
    });
    return friendships().findOneByOrFail({ id });
  };
  return once({ memberId: v.id, operation: 'sendFriendRequest', key: idempotencyKey }, write, (id) =>
    friendships().findOneByOrFail({ id }),
  );
}

/**
 * Accepts the request `userId` sent to the viewer. The change from pending to accepted is one guarded UPDATE,
 * so of any number of concurrent accepts exactly one succeeds and notifies; the others answer CONFLICT.
 */
export async function acceptFriendRequest(viewer: Viewer | null, userId: string): Promise<Friendship> {
  const v = requireViewer(viewer);
  const requester = await otherMember(v, userId);
  await assertNotBlocked(v.id, requester.id);
  const f = await findPair(v.id, requester.id);
  if (f?.status === FriendshipStatus.accepted) throw conflict('ALREADY_FRIENDS', 'You are already friends.');
  if (!friendPolicy.canAccept(v, f)) throw notFound('Friend request');
  const [accepted]: [Array<{ id: string }>, number] = await db().query(
    `UPDATE friendships SET status = 'accepted', accepted_at = now() WHERE id = $1 AND status = 'pending' RETURNING id`,
    [f.id],
  );
  if (!accepted.length) throw conflict('ALREADY_FRIENDS', 'You are already friends.');
  await notify(requester.id, {
    title: 'Friend request accepted',
    message: `${await displayNameOfMember(v.id)} accepted your friend request.`,
    type: NotificationType.success,
    link: '/profile',
    actorId: v.id,
  });
  return friendships().findOneByOrFail({ id: f.id });
}

/** Declines a request sent to the viewer, or withdraws one the viewer sent. */
export async function declineFriendRequest(viewer: Viewer | null, userId: string): Promise<void> {
  const v = requireViewer(viewer);
  const o = await otherMember(v, userId);
  const r = await friendships().delete({ ...pair(v.id, o.id), status: FriendshipStatus.pending });
  if (!r.affected) throw notFound('Friend request');
}

export async function unfriend(viewer: Viewer | null, userId: string): Promise<void> {
  const v = requireViewer(viewer);
  const o = await otherMember(v, userId);
  const r = await friendships().delete({ ...pair(v.id, o.id), status: FriendshipStatus.accepted });
  if (!r.affected) throw notFound('Friendship');
}

/** Members by id in the order asked, skipping ids that no longer exist: one query for a whole list. */
async function membersInOrder(ids: string[]): Promise<Map<string, User>> {
  const found = ids.length
    ? await db()
        .getRepository(User)
        .findBy({ id: In([...new Set(ids)]) })
    : [];
  return new Map(found.map((u) => [u.id, u]));
}

/** The viewer's friends, most recent first, each with the number of friends they share with the viewer. */
export async function listFriends(viewer: Viewer | null, first = 100): Promise<Friend[]> {
  const v = requireViewer(viewer);
  const rows: Array<{ userId: string; since: Date | null; mutualFriendCount: number }> = await db().query(
    `WITH edges AS (${EDGES}), mine AS (SELECT b AS fid, accepted_at FROM edges WHERE a = $1)
     SELECT m.fid AS "userId", m.accepted_at AS since,
            (SELECT count(*) FROM edges e WHERE e.a = m.fid AND e.b IN (SELECT fid FROM mine))::int AS ` +
      `"mutualFriendCount"
     FROM mine m ORDER BY m.accepted_at DESC NULLS LAST, m.fid LIMIT $2`,
    [v.id, Math.min(Math.max(first, 1), 100)],
  );
  const members = await membersInOrder(rows.map((r) => r.userId));
  return rows.flatMap((r) => {
    const user = members.get(r.userId);
    return user ? [{ user, mutualFriendCount: r.mutualFriendCount, since: r.since }] : [];
  });
}

/** How far (metres) from the viewer's latest check-in another member's check-in counts as nearby. */
export const NEARBY_METRES = 50_000;

/**
 * Members the viewer may know, so nobody starts alone: friends of friends (most shared friends first), then
 * members who checked in near the viewer's latest check-in, then the newest members, then the most active of
 * the last 30 days. Never the viewer, a friend, anyone with a pending request either way, either side of a block, or
 * a suspended member. One statement, each source bounded by `first`.
 */
export async function friendSuggestions(viewer: Viewer | null, first = 10): Promise<FriendSuggestion[]> {
  const v = requireViewer(viewer);
  const rows: Array<{ userId: string; viaUserId: string | null; mutualFriendCount: number; reason: SuggestionReason }> =
    await db().query(
      `WITH edges AS (${EDGES}),
     known AS (SELECT $1::uuid AS id UNION ALL
               SELECT CASE WHEN user_low_id = $1 THEN user_high_id ELSE user_low_id END FROM friendships
               WHERE user_low_id = $1 OR user_high_id = $1
               UNION ALL SELECT blocked_id FROM user_blocks WHERE blocker_id = $1
               UNION ALL SELECT blocker_id FROM user_blocks WHERE blocked_id = $1
               UNION ALL ${SUSPENDED_MEMBERS_SQL}),
     fof AS (SELECT e2.b AS id, min(e1.b::text)::uuid AS via, count(*)::int AS mutual
             FROM edges e1 JOIN edges e2 ON e2.a = e1.b
             WHERE e1.a = $1 AND e2.b NOT IN (SELECT id FROM known)
             GROUP BY e2.b ORDER BY count(*) DESC, e2.b LIMIT $2),
     here AS (SELECT ll_to_earth(latitude, longitude) AS at FROM posts
              WHERE author_id = $1 AND latitude IS NOT NULL AND longitude IS NOT NULL ORDER BY created_at DESC LIMIT 1),
     nearby AS (SELECT p.author_id AS id, min(earth_distance(ll_to_earth(p.latitude, p.longitude), here.at)) AS metres
                FROM here JOIN posts p ON p.latitude IS NOT NULL AND p.longitude IS NOT NULL
                  AND earth_box(here.at, $3) @> ll_to_earth(p.latitude, p.longitude)
                WHERE p.author_id NOT IN (SELECT id FROM known)
                GROUP BY p.author_id HAVING min(earth_distance(ll_to_earth(p.latitude, p.longitude), here.at)) <= $3
                ORDER BY metres, p.author_id LIMIT $2),
     newest AS (SELECT u.id, u.created_at FROM users u WHERE u.id NOT IN (SELECT id FROM known)
                ORDER BY u.created_at DESC, u.id LIMIT $2),
     active AS (SELECT p.author_id AS id, count(*) AS posts FROM posts p
                WHERE p.created_at > now() - interval '30 days' AND p.author_id NOT IN (SELECT id FROM known)
                GROUP BY p.author_id ORDER BY count(*) DESC, p.author_id LIMIT $2),
     ranked AS (
       SELECT id, via, mutual, 'friendOfFriend' AS reason, 1 AS tier, row_number() OVER (ORDER BY mutual DESC, id) ` +
        `AS rank FROM fof
       UNION ALL SELECT id, NULL, 0, 'nearby', 2, row_number() OVER (ORDER BY metres, id) FROM nearby
       UNION ALL SELECT id, NULL, 0, 'newMember', 3, row_number() OVER (ORDER BY created_at DESC, id) FROM newest
       UNION ALL SELECT id, NULL, 0, 'active', 4, row_number() OVER (ORDER BY posts DESC, id) FROM active)
     SELECT id AS "userId", via AS "viaUserId", mutual AS "mutualFriendCount", reason
     FROM (SELECT DISTINCT ON (id) * FROM ranked ORDER BY id, tier, rank) best
     ORDER BY tier, rank LIMIT $2`,
      [v.id, Math.min(Math.max(first, 1), 50), NEARBY_METRES],
    );
  const members = await membersInOrder(rows.flatMap((r) => (r.viaUserId ? [r.userId, r.viaUserId] : [r.userId])));
  return rows.flatMap((r) => {
    const user = members.get(r.userId);
    if (!user) return [];
    return [
      {
        user,
        via: (r.viaUserId && members.get(r.viaUserId)) || null,
        mutualFriendCount: r.mutualFriendCount,
        reason: r.reason,
      },
    ];
  });
}

const incoming = (me: string) =>
  friendships()
    .createQueryBuilder('f')
    .where(`f.status = 'pending' AND f.requester_id <> :me AND (f.user_low_id = :me OR f.user_high_id = :me)`, { me });

/** Requests other members sent to the viewer, newest first. */
export async function incomingRequests(viewer: Viewer | null): Promise<FriendRequest[]> {
  const v = requireViewer(viewer);
  const rows = await incoming(v.id).orderBy('f.created_at', 'DESC').limit(100).getMany();
  const members = await membersInOrder(rows.map((f) => f.requesterId));
  return rows.flatMap((f) => {
    const from = members.get(f.requesterId);
    return from ? [{ id: f.id, from, createdAt: f.createdAt }] : [];
  });
}

export async function pendingRequestCount(viewer: Viewer | null): Promise<number> {
  const v = requireViewer(viewer);
  return incoming(v.id).getCount();
}

/** How `userId` relates to the viewer, from the viewer's friendship row with them (loaded in a batch). */
export function friendStatusOf(
  viewer: Viewer | null,
  userId: string,
  row: { status: string; requesterId: string } | null | undefined,
): FriendStatus {
  if (!viewer) return FriendStatus.none;
  if (viewer.id === userId) return FriendStatus.self;
  if (!row) return FriendStatus.none;
  if (row.status === FriendshipStatus.accepted) return FriendStatus.friends;
  return row.requesterId === viewer.id ? FriendStatus.requestSent : FriendStatus.requestReceived;
}
