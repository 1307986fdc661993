import type { Viewer } from '../../kernel/context';
import { displayNameOfMember } from '../users/user.service';
import { requireViewer } from '../../kernel/auth';
import { db } from '../../kernel/database';
import { badInput, conflict, notFound } from '../../kernel/errors';
import { checkUuid } from '../../kernel/ids';
import { limitWrites } from '../../kernel/rate-limit';
import { NotificationType } from '../notifications/notification.entity';
import { notify } from '../notifications/notification.service';
import { User } from '../users/user.entity';
import { Friendship, FriendshipStatus } from './friendship.entity';

const friendships = () => db().getRepository(Friendship);
const pair = (a: string, b: string) => (a < b ? { userLowId: a, userHighId: b } : { userLowId: b, userHighId: a });

/** Accepted friendships in both directions, as (a, b) edges. */
const EDGES = `SELECT user_low_id AS a, user_high_id AS b, accepted_at FROM friendships WHERE status = 'accepted'
               UNION ALL SELECT user_high_id, user_low_id, accepted_at FROM friendships WHERE status = 'accepted'`;

async function otherMember(viewer: Viewer, userId: string): Promise<User> {
  const id = checkUuid(userId, 'userId');
  if (id === viewer.id) throw badInput('userId', 'must be another member');
  const user = await db().getRepository(User).findOneBy({ id });
  if (!user) throw notFound('Member');
  return user;
}

const findPair = (a: string, b: string) => friendships().findOneBy(pair(a, b));

/** Sends a friend request. A request the other member already sent is accepted instead. */
export async function sendFriendRequest(viewer: Viewer | null, userId: string): Promise<Friendship> {
  const v = requireViewer(viewer);
  const target = await otherMember(v, userId);
  await limitWrites(v.id);
  const existing = await findPair(v.id, target.id);
  if (existing?.status === FriendshipStatus.accepted) throw conflict('You are already friends.');
  if (existing && existing.requesterId === v.id) throw conflict('Friend request already sent.');
  if (existing) return acceptFriendRequest(v, target.id);
  const rows: Array<{ id: string }> = await db().query(
    `INSERT INTO friendships (user_low_id, user_high_id, requester_id, status) VALUES ($1, $2, $3, 'pending')
     ON CONFLICT (user_low_id, user_high_id) DO NOTHING RETURNING id`,
    [pair(v.id, target.id).userLowId, pair(v.id, target.id).userHighId, v.id],
  );
  if (!rows.length) throw conflict('Friend request already sent.');
  await notify(target.id, {
    title: 'Friend request',
    message: `${await displayNameOfMember(v.id)} sent you a friend request.`,
    link: '/profile',
    actorId: v.id,
  });
  return friendships().findOneByOrFail({ id: rows[0].id });
}

/** Accepts the request `userId` sent to the viewer. */
export async function acceptFriendRequest(viewer: Viewer | null, userId: string): Promise<Friendship> {
  const v = requireViewer(viewer);
  const requester = await otherMember(v, userId);
  const f = await findPair(v.id, requester.id);
  if (!f || f.status !== FriendshipStatus.pending || f.requesterId !== requester.id) throw notFound('Friend request');
  await friendships().update({ id: f.id, status: FriendshipStatus.pending }, { status: FriendshipStatus.accepted, acceptedAt: new Date() });
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

export interface FriendRow {
  userId: string;
  mutualFriendCount: number;
  since: Date | null;
}

/** The viewer's friends, most recent first, each with the number of friends they share with the viewer. */
export async function listFriends(viewer: Viewer | null, first = 100): Promise<FriendRow[]> {
  const v = requireViewer(viewer);
  return db().query(
    `WITH edges AS (${EDGES}), mine AS (SELECT b AS fid, accepted_at FROM edges WHERE a = $1)
     SELECT m.fid AS "userId", m.accepted_at AS since,
            (SELECT count(*) FROM edges e WHERE e.a = m.fid AND e.b IN (SELECT fid FROM mine))::int AS "mutualFriendCount"
     FROM mine m ORDER BY m.accepted_at DESC NULLS LAST, m.fid LIMIT $2`,
    [v.id, Math.min(Math.max(first, 1), 100)],
  );
}

export interface SuggestionRow {
  userId: string;
  viaUserId: string;
  mutualFriendCount: number;
}

/** Friends of the viewer's friends whom the viewer is not yet connected with, most shared friends first. */
export async function friendSuggestions(viewer: Viewer | null, first = 10): Promise<SuggestionRow[]> {
  const v = requireViewer(viewer);
  return db().query(
    `WITH edges AS (${EDGES})
     SELECT e2.b AS "userId", min(e1.b::text)::uuid AS "viaUserId", count(*)::int AS "mutualFriendCount"
     FROM edges e1 JOIN edges e2 ON e2.a = e1.b
     WHERE e1.a = $1 AND e2.b <> $1
       AND NOT EXISTS (SELECT 1 FROM friendships f WHERE f.user_low_id = LEAST($1, e2.b) AND f.user_high_id = GREATEST($1, e2.b))
     GROUP BY e2.b ORDER BY count(*) DESC, e2.b LIMIT $2`,
    [v.id, Math.min(Math.max(first, 1), 50)],
  );
}

/** Requests other members sent to the viewer, newest first. */
export async function incomingRequests(viewer: Viewer | null): Promise<Friendship[]> {
  const v = requireViewer(viewer);
  return friendships()
    .createQueryBuilder('f')
    .where(`f.status = 'pending' AND f.requester_id <> :me AND (f.user_low_id = :me OR f.user_high_id = :me)`, { me: v.id })
    .orderBy('f.created_at', 'DESC')
    .limit(100)
    .getMany();
}

export async function pendingRequestCount(viewer: Viewer | null): Promise<number> {
  const v = requireViewer(viewer);
  return friendships()
    .createQueryBuilder('f')
    .where(`f.status = 'pending' AND f.requester_id <> :me AND (f.user_low_id = :me OR f.user_high_id = :me)`, { me: v.id })
    .getCount();
}

