import type { EntityManager } from 'typeorm';
import { authorize, requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput, conflict, DomainError, notFound } from '../../kernel/errors';
import { checkPosition, coarsePosition, decodeDistanceCursor, distancePage, withinRadiusSql } from '../../kernel/geo';
import { checkUuid, UUID } from '../../kernel/ids';
import { deleteMedia } from '../../kernel/media';
import { afterCursorSql, encodeCursor, keysetPage, pageSize, type Page } from '../../kernel/pagination';
import { deliverLocally, eventFits, listen, onEventsMissed, publishAll, type Event } from '../../kernel/pubsub';
import { limitUploads } from '../../kernel/rate-limit';
import { asEntities, byIds, queryRows, selectColumns } from '../../kernel/rows';
import { checkUpload, storeUpload, storedUrls } from '../../kernel/upload';
import { messageBody } from '../messages/message.service';
import { User } from '../users/user.entity';
import { assertNotBlocked, blockedEitherWaySql, isBlockedEitherWay, notBlockedSql } from '../blocks/block.service';
import { GroupJoinRequest } from './group-join-request.entity';
import { GroupMember, type GroupRole } from './group-member.entity';
import { GroupMessage } from './group-message.entity';
import { Group, GROUP_TYPES } from './group.entity';
import { groupPolicy } from './group.policy';

export const groups = () => db().getRepository(Group);

/** Discover Groups' radius options (spec 002 section 9), default 50. */
export const DISCOVER_RADII_KM = [10, 50, 100, 200, 500, 1000] as const;
/** Klets' chat radius options (spec 002 section 9), default 50. */
export const CHAT_RADII_KM = [5, 10, 25, 50, 100, 200] as const;
export const DEFAULT_RADIUS_KM = 50;
/** Radius queries take any whole number of km up to the largest option. */
export const MAX_RADIUS_KM = 1000;
const LIMITS = { name: 120, locationName: 200, description: 2000, search: 100 } as const;

export const GROUP_MESSAGE_ADDED = 'GROUP_MESSAGE_ADDED';
/** Keyed `${groupId}:${memberId}`: that member left or was removed; their live chat of the group ends. */
export const GROUP_MEMBERSHIP_ENDED = 'GROUP_MEMBERSHIP_ENDED';
/** Keyed by member: their groups changed (joined, left, approved, removed): the "Your Groups" lists refresh. */
export const MY_GROUPS_CHANGED = 'MY_GROUPS_CHANGED';
/** Keyed by member: they read a group's chat (in any tab), so their Klets unread count may have dropped. */
export const KLETS_READ = 'KLETS_READ';
/** Unkeyed, delivered in this process only: events were missed, every live Klets count reads again. */
const KLETS_RECOUNT = 'KLETS_RECOUNT';

/** The spec's texts for group creation (spec 002 section 5). */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';
export const LOCATION_REQUIRED_MESSAGE = 'Please enable location services';

export type ViewerStatus = 'none' | 'requested' | 'member' | 'admin';

type PageArgs = { first?: number | null; after?: string | null };

/** Loads a group or answers NOT_FOUND (BAD_USER_INPUT for ids that are not UUIDs). */
export async function findGroup(id: string, field = 'id'): Promise<Group> {
  const group = await groups().findOneBy({ id: checkUuid(id, field) });
  if (!group) throw notFound('Group');
  return group;
}

export async function findGroupOrNull(viewer: Viewer | null, id: string): Promise<Group | null> {
  requireViewer(viewer);
  return UUID.test(id) ? groups().findOneBy({ id }) : null;
}

/** The viewer's role in a group, or null when they are not a member. */
async function roleOf(groupId: string, memberId: string, manager?: EntityManager): Promise<GroupRole | null> {
  const sql = 'SELECT role FROM group_members WHERE group_id = $1 AND member_id = $2';
  const rows: Array<{ role: GroupRole }> = manager
    ? await manager.query(sql, [groupId, memberId])
    : await queryRows(sql, [groupId, memberId]);
  return rows[0]?.role ?? null;
}

// ---------------------------------------------------------------------------------------------------- checks

function text(value: unknown, field: keyof typeof LIMITS, required: boolean): string | null {
  const t = typeof value === 'string' ? value.trim() : '';
  if (!t) {
    if (required) throw new DomainError('BAD_USER_INPUT', REQUIRED_FIELDS_MESSAGE, { field });
    return null;
  }
  if (t.length > LIMITS[field]) throw badInput(field, `must be at most ${LIMITS[field]} characters`);
  return t;
}

/** A group type of the spec's list; null or '' (any type) only where `optional`. */
export function checkType(value: unknown, optional: boolean, field = 'type'): string | null {
  if ((value === null || value === undefined || value === '') && optional) return null;
  if (typeof value !== 'string' || !(GROUP_TYPES as readonly string[]).includes(value))
    throw badInput(field, `must be one of ${GROUP_TYPES.join(', ')}`);
  return value;
}

function checkRadius(radiusKm: unknown): number {
  if (typeof radiusKm !== 'number' || !Number.isInteger(radiusKm) || radiusKm < 1 || radiusKm > MAX_RADIUS_KM) {
    throw badInput('radiusKm', `must be a whole number of km from 1 to ${MAX_RADIUS_KM}`);
  }
  return radiusKm;
}

export interface CreateGroupFields {
  name?: string | null;
  description?: string | null;
  locationName?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  type?: string | null;
  requiresApproval?: boolean | null;
  imageUrl?: string | null;
}

// ---------------------------------------------------------------------------------------------------- writes

/**
 * Creates a group at the creator's position; the creator is its first member and admin (spec 002 sections 4-5:
 * name and location name required, 'Please fill in all required fields'; no position, 'Please enable location
 * services'). The image is checked by its bytes and stored in the media store.
 */
export async function createGroup(viewer: Viewer | null, input: CreateGroupFields): Promise<Group> {
  const v = requireViewer(viewer);
  const name = text(input.name, 'name', true)!;
  const locationName = text(input.locationName, 'locationName', true)!;
  const description = text(input.description, 'description', false);
  const type = checkType(input.type ?? 'SAFFA Local Community', false)!;
  if (
    input.latitude === null ||
    input.latitude === undefined ||
    input.longitude === null ||
    input.longitude === undefined
  ) {
    throw new DomainError('BAD_USER_INPUT', LOCATION_REQUIRED_MESSAGE, { field: 'latitude' });
  }
  // Stored (and so shown) as its 1 km cell, never the creator's exact position.
  const exact = checkPosition(input.latitude, input.longitude);
  const position = coarsePosition(exact.latitude, exact.longitude);
  const image = input.imageUrl ? await checkUpload(input.imageUrl, 'image', 'imageUrl') : null;
  if (image) await limitUploads(v.id, 1);
  const stored = image ? await storeUpload(image) : null;
  try {
    return await db()
      .transaction(async (manager) => {
        const inserted = await manager.insert(Group, {
          name,
          locationName,
          description,
          type,
          ...position,
          requiresApproval: input.requiresApproval === true,
          imageUrl: stored?.url ?? null,
          media: stored ? storedUrls(stored) : [],
          creatorId: v.id,
          memberCount: 1,
        });
        const id = inserted.identifiers[0].id as string;
        await manager.insert(GroupMember, { groupId: id, memberId: v.id, role: 'admin' });
        return manager.findOneByOrFail(Group, { id });
      })
      .then(async (g) => {
        await myGroupsChanged([v.id]);
        return g;
      });
  } catch (err) {
    if (stored) await deleteMedia(storedUrls(stored));
    throw err;
  }
}

/** The rows an INSERT, UPDATE or DELETE ... RETURNING gave back (TypeORM shapes UPDATE and DELETE answers apart). */
async function returning<R>(manager: EntityManager, sql: string, params: unknown[]): Promise<R[]> {
  return (await manager.queryRunner!.query(sql, params, true)).records as R[];
}

/** Adds a member (inside the caller's transaction); the member count moves only when a row was inserted. */
async function addMember(manager: EntityManager, groupId: string, memberId: string): Promise<void> {
  const rows = await returning<{ id: string }>(
    manager,
    `INSERT INTO group_members (group_id, member_id, role) VALUES ($1, $2, 'member') ON CONFLICT (group_id, ` +
      `member_id) DO NOTHING RETURNING id`,
    [groupId, memberId],
  );
  if (rows.length) await manager.query('UPDATE groups SET member_count = member_count + 1 WHERE id = $1', [groupId]);
}

/**
 * Removes a member (inside the caller's transaction) with their favourite; the member count moves only when a
 * row was deleted. When the last admin goes, the longest-standing member becomes an admin, so a group with
 * members always has one.
 */
async function dropMember(manager: EntityManager, groupId: string, memberId: string): Promise<boolean> {
  const rows = await returning<{ role: GroupRole }>(
    manager,
    'DELETE FROM group_members WHERE group_id = $1 AND member_id = $2 RETURNING role',
    [groupId, memberId],
  );
  if (!rows.length) return false;
  await manager.query('UPDATE groups SET member_count = member_count - 1 WHERE id = $1', [groupId]);
  await manager.query('DELETE FROM group_favorites WHERE group_id = $1 AND member_id = $2', [groupId, memberId]);
  if (rows[0].role === 'admin') {
    await manager.query(
      `UPDATE group_members SET role = 'admin' WHERE id = (
         SELECT id FROM group_members WHERE group_id = $1 ORDER BY created_at, id LIMIT 1)
       AND NOT EXISTS (SELECT 1 FROM group_members WHERE group_id = $1 AND role = 'admin')`,
      [groupId],
    );
  }
  return true;
}

/** Tells a member's open pages that their groups changed, and ends their live chat of a group they left. */
async function myGroupsChanged(memberIds: string[], ended?: { groupId: string }): Promise<void> {
  await publishAll([
    ...memberIds.map((key): Event => ({ topic: MY_GROUPS_CHANGED, payload: {}, key })),
    ...(ended
      ? memberIds.map((m): Event => ({ topic: GROUP_MEMBERSHIP_ENDED, payload: {}, key: `${ended.groupId}:${m}` }))
      : []),
  ]);
}

/**
 * Joins a group (spec 002 section 4): at once when it needs no approval; else a pending request ('Request Sent')
 * that an admin approves or declines. Joining a group one is in, or asking again while a request is pending,
 * changes nothing and answers the group as it is. A declined member may ask again.
 */
export async function joinGroup(viewer: Viewer | null, id: string): Promise<Group> {
  const v = requireViewer(viewer);
  const group = await findGroup(id);
  const joined = await db().transaction(async (manager) => {
    // The group's row lock orders joins against approvals, removals and leaves of the same group.
    await manager.query('SELECT 1 FROM groups WHERE id = $1 FOR UPDATE', [group.id]);
    if (await roleOf(group.id, v.id, manager)) return false;
    if (group.requiresApproval) {
      await manager.query(
        `INSERT INTO group_join_requests (group_id, member_id) VALUES ($1, $2)
         ON CONFLICT (group_id, member_id) DO UPDATE SET status = 'pending', created_at = now(), decided_at = NULL
         WHERE group_join_requests.status <> 'pending'`,
        [group.id, v.id],
      );
      return false;
    }
    await addMember(manager, group.id, v.id);
    return true;
  });
  if (joined) await myGroupsChanged([v.id]);
  return findGroup(group.id);
}

/** Leaves a group (or withdraws a pending request); the member's live chat of it ends at once. */
export async function leaveGroup(viewer: Viewer | null, id: string): Promise<Group> {
  const v = requireViewer(viewer);
  const group = await findGroup(id);
  const left = await db().transaction(async (manager) => {
    await manager.query('SELECT 1 FROM groups WHERE id = $1 FOR UPDATE', [group.id]);
    await manager.query(
      `DELETE FROM group_join_requests WHERE group_id = $1 AND member_id = $2 AND status = 'pending'`,
      [group.id, v.id],
    );
    return dropMember(manager, group.id, v.id);
  });
  if (left) await myGroupsChanged([v.id], { groupId: group.id });
  return findGroup(group.id);
}

/** Marks or unmarks one of the viewer's groups as a favourite (members only); `null` toggles it. */
export async function favoriteGroup(viewer: Viewer | null, id: string, favorite: boolean | null): Promise<Group> {
  const v = requireViewer(viewer);
  const group = await findGroup(id);
  authorize(groupPolicy.isMember(await roleOf(group.id, v.id)), 'Join the group to add it to your favorites.');
  if (favorite === null) {
    const removed = await queryRows('DELETE FROM group_favorites WHERE member_id = $1 AND group_id = $2 RETURNING id', [
      v.id,
      group.id,
    ]);
    if (!removed.length)
      await queryRows(
        'INSERT INTO group_favorites (member_id, group_id) VALUES ($1, $2) ON CONFLICT (member_id, group_id) DO ' +
          'NOTHING',
        [v.id, group.id],
      );
  } else if (favorite) {
    await queryRows(
      'INSERT INTO group_favorites (member_id, group_id) VALUES ($1, $2) ON CONFLICT (member_id, group_id) DO NOTHING',
      [v.id, group.id],
    );
  } else {
    await queryRows('DELETE FROM group_favorites WHERE member_id = $1 AND group_id = $2', [v.id, group.id]);
  }
  await myGroupsChanged([v.id]);
  return group;
}

/**
 * Approves or declines a pending join request; only an admin of the request's group may, and approving one from a
 * member either side of a block with the admin is FORBIDDEN (groups have no invitations: this is how one is added).
 */
export async function decideJoinRequest(
  viewer: Viewer | null,
  requestId: string,
  approve: boolean,
): Promise<GroupJoinRequest> {
  const v = requireViewer(viewer);
  const id = checkUuid(requestId, 'requestId');
  const request = await db().getRepository(GroupJoinRequest).findOneBy({ id });
  if (!request) throw notFound('Join request');
  authorize(
    groupPolicy.isAdmin(await roleOf(request.groupId, v.id)),
    'Only an admin of this group can approve or decline requests.',
  );
  // An admin never lets in a member either side of a block with them (declining stays possible).
  if (approve) await assertNotBlocked(v.id, request.memberId);
  const decided = await db().transaction(async (manager) => {
    await manager.query('SELECT 1 FROM groups WHERE id = $1 FOR UPDATE', [request.groupId]);
    const rows = await returning<{ id: string }>(
      manager,
      `UPDATE group_join_requests SET status = $2, decided_at = now() WHERE id = $1 AND status = 'pending' RETURNING ` +
        `id`,
      [id, approve ? 'approved' : 'declined'],
    );
    if (!rows.length) throw conflict('This request has already been answered.');
    if (approve) await addMember(manager, request.groupId, request.memberId);
    return manager.findOneByOrFail(GroupJoinRequest, { id });
  });
  if (approve) await myGroupsChanged([request.memberId]);
  return decided;
}

/** Removes a member from a group; only its admins may, and not another admin (admins leave by themselves). */
export async function removeGroupMember(viewer: Viewer | null, groupId: string, memberId: string): Promise<Group> {
  const v = requireViewer(viewer);
  const group = await findGroup(groupId, 'groupId');
  const target = checkUuid(memberId, 'memberId');
  authorize(groupPolicy.isAdmin(await roleOf(group.id, v.id)), 'Only an admin of this group can remove members.');
  const role = await roleOf(group.id, target);
  if (!role) throw notFound('Group member');
  authorize(groupPolicy.canRemove(role), 'An admin cannot be removed from the group.');
  const removed = await db().transaction(async (manager) => {
    await manager.query('SELECT 1 FROM groups WHERE id = $1 FOR UPDATE', [group.id]);
    return dropMember(manager, group.id, target);
  });
  if (removed) await myGroupsChanged([target], { groupId: group.id });
  return findGroup(group.id);
}

// ------------------------------------------------------------------------------------------------------ chat

/** What travels on GROUP_MESSAGE_ADDED (keyed by group): the message, its body left out when it would not fit. */
export interface GroupMessageEvent {
  id: string;
  groupId: string;
  senderId: string;
  body?: string;
  createdAt: string;
  /** The group's members either side of a block with the sender; absent when it did not fit the event. */
  hiddenFrom?: string[];
}

/** Members only: a non-member learns nothing of the chat (FORBIDDEN, the group itself being public). */
async function requireMember(v: Viewer, groupId: string): Promise<void> {
  authorize(
    groupPolicy.isMember(await roleOf(groupId, v.id)),
    'Only members of this group can see and send its messages.',
  );
}

/** Sends a message to a group's chat as a member; every member with the chat open gets it live. */
export async function sendGroupMessage(viewer: Viewer | null, groupId: string, body: string): Promise<GroupMessage> {
  const v = requireViewer(viewer);
  const t = messageBody(body);
  const group = await findGroup(groupId, 'groupId');
  await requireMember(v, group.id);
  const m = await db()
    .getRepository(GroupMessage)
    .save(db().getRepository(GroupMessage).create({ groupId: group.id, senderId: v.id, body: t }));
  // Whom it must not reach live, worked out once here: delivering it to every open chat then costs no statement.
  const hidden = await queryRows<{ id: string }>(
    `SELECT b.id FROM (${blockedEitherWaySql('$1')}) b JOIN group_members gm ON gm.group_id = $2 AND gm.member_id = ` +
      `b.id`,
    [v.id, group.id],
  );
  const payload: GroupMessageEvent = {
    id: m.id,
    groupId: m.groupId,
    senderId: m.senderId,
    body: m.body,
    createdAt: m.createdAt.toISOString(),
    hiddenFrom: hidden.map((r) => r.id),
  };
  // Within NOTIFY's limit: without the body (read from the table), then without the list (asked per delivery).
  const { body: _body, ...withoutBody } = payload;
  const { hiddenFrom: _hidden, ...bare } = withoutBody;
  const event = [payload, withoutBody, bare]
    .map((p): Event => ({ topic: GROUP_MESSAGE_ADDED, key: group.id, payload: { ...p } }))
    .find(eventFits)!;
  await publishAll([event]);
  return m;
}

/**
 * A group's messages, newest first; `after` (a page's endCursor) gives the older ones. Members only. The messages of
 * a member the viewer blocked or was blocked by are left out (hidden, not collapsed: inside the keyset query, so
 * pages stay full); both stay members of a group they share, each without the other's words.
 */
export async function groupMessages(
  viewer: Viewer | null,
  groupId: string,
  args: PageArgs,
): Promise<Page<GroupMessage>> {
  const v = requireViewer(viewer);
  const group = await findGroup(groupId, 'groupId');
  await requireMember(v, group.id);
  const qb = db()
    .getRepository(GroupMessage)
    .createQueryBuilder('gm')
    .where('gm.group_id = :g', { g: group.id })
    .andWhere(notBlockedSql(':viewerId', 'gm.sender_id'), { viewerId: v.id });
  return keysetPage(qb, 'gm', args);
}

/**
 * A group's new messages, live, for a member: from the moment they subscribe until they leave or are removed
 * (GROUP_MEMBERSHIP_ENDED ends the stream at once, before any later message of the group reaches it); never those
 * of a member either side of a block with them.
 */
export async function groupMessageEvents(
  viewer: Viewer | null,
  groupId: string,
): Promise<AsyncIterableIterator<GroupMessageEvent>> {
  const v = requireViewer(viewer);
  const group = await findGroup(groupId, 'groupId');
  const events = listen<GroupMessageEvent | Record<string, never>>([
    { topic: GROUP_MEMBERSHIP_ENDED, key: `${group.id}:${v.id}` },
    { topic: GROUP_MESSAGE_ADDED, key: group.id },
  ]);
  try {
    await requireMember(v, group.id);
  } catch (err) {
    await events.return!();
    throw err;
  }
  const stream: AsyncIterableIterator<GroupMessageEvent> = {
    async next() {
      for (;;) {
        const r = await events.next();
        if (r.done || !('id' in r.value)) {
          await events.return!();
          return { value: undefined, done: true };
        }
        const e = r.value as GroupMessageEvent;
        // As the history: never a message of a member either side of a block (asked per message, so a block made
        // while the chat is open holds from the next message on; one primary-key lookup, none for one's own).
        if (
          e.senderId !== v.id &&
          (e.hiddenFrom ? e.hiddenFrom.includes(v.id) : await isBlockedEitherWay(v.id, e.senderId))
        )
          continue;
        return { value: e, done: false };
      }
    },
    async return() {
      await events.return!();
      return { value: undefined, done: true };
    },
    [Symbol.asyncIterator]() {
      return stream;
    },
  };
  return stream;
}

/** What every open chat of a group answers for one live message: the message and its sender. */
export interface LiveMessage {
  message: GroupMessage;
  sender: User | undefined;
}

const liveMessages = new WeakMap<GroupMessageEvent, Promise<LiveMessage>>();

/**
 * The message an event carries (read from the table only when its body did not travel) and its sender: read once
 * per event per process and shared by every open chat of the group, which all get the same event object.
 */
export function liveMessage(e: GroupMessageEvent): Promise<LiveMessage> {
  let answer = liveMessages.get(e);
  if (!answer) {
    const message =
      e.body === undefined
        ? db().getRepository(GroupMessage).findOneByOrFail({ id: e.id })
        : Promise.resolve(
            asEntities(GroupMessage, [
              { id: e.id, groupId: e.groupId, senderId: e.senderId, body: e.body, createdAt: new Date(e.createdAt) },
            ])[0],
          );
    answer = Promise.all([message, byIds(User, [e.senderId])]).then(([m, [sender]]) => ({ message: m, sender }));
    liveMessages.set(e, answer);
  }
  return answer;
}

// ---------------------------------------------------------------------------------------------------- unread

/**
 * SQL: how many of member `$1`'s groups have a message from someone else after what they last read there (not one
 * of a member either side of a block: the chat does not show it).
 */
const KLETS_UNREAD =
  `SELECT count(*)::int AS n FROM group_members gm
  WHERE gm.member_id = $1 AND EXISTS (
    SELECT 1 FROM group_messages m WHERE m.group_id = gm.group_id AND m.sender_id <> $1 AND m.created_at > ` +
  `gm.last_read_at
       AND ${notBlockedSql('$1', 'm.sender_id')})`;

/** The number of the viewer's groups with chat messages they have not read (the Klets badge). */
export async function kletsUnread(viewer: Viewer | null): Promise<number> {
  const v = requireViewer(viewer);
  return (await queryRows<{ n: number }>(KLETS_UNREAD, [v.id]))[0].n;
}

/** The viewer has read a group's chat up to now (members only); answers their Klets unread count after it. */
export async function markGroupRead(viewer: Viewer | null, groupId: string): Promise<number> {
  const v = requireViewer(viewer);
  const group = await findGroup(groupId, 'groupId');
  const updated = await queryRows(
    'UPDATE group_members SET last_read_at = now() WHERE group_id = $1 AND member_id = $2 RETURNING 1',
    [group.id, v.id],
  );
  authorize(updated.length > 0, 'Only members of this group can see and send its messages.');
  await publishAll([{ topic: KLETS_READ, key: v.id, payload: { read: true } }]);
  return kletsUnread(v);
}

/** SQL: member `$1`'s groups, each with whether it has a message from someone else after what they last read there. */
const KLETS_GROUPS =
  `SELECT gm.group_id, EXISTS (
    SELECT 1 FROM group_messages m WHERE m.group_id = gm.group_id AND m.sender_id <> $1 AND m.created_at > ` +
  `gm.last_read_at) AS unread
  FROM group_members gm WHERE gm.member_id = $1 ORDER BY gm.group_id`;

/**
 * The viewer's Klets unread count: at once, then again whenever it moves. It holds which of the member's groups are
 * unread, so a message from someone else costs no SQL (its group joins the unread ones, or already was one); a read
 * in any tab, their groups changing (joined, left, removed: the chats listened to change with them) or this process
 * having missed events reads the groups again.
 */
export function kletsUnreadCounts(viewer: Viewer | null): AsyncIterableIterator<number> {
  const v = requireViewer(viewer);
  let events: AsyncIterableIterator<Record<string, unknown>> | null = null;
  let unread = new Set<string>();
  let done = false;
  const finished = { value: undefined, done: true } as const;
  const readGroups = () => queryRows<{ group_id: string; unread: boolean }>(KLETS_GROUPS, [v.id]);
  /** Listens to the member's own topics and to each of their groups' chats, as they are now; false once closed. */
  const refresh = async (): Promise<boolean> => {
    for (;;) {
      const before = await readGroups();
      if (done) return false;
      await events?.return?.();
      events = listen<Record<string, unknown>>([
        { topic: MY_GROUPS_CHANGED, key: v.id },
        { topic: KLETS_READ, key: v.id },
        { topic: KLETS_RECOUNT },
        ...before.map((g) => ({ topic: GROUP_MESSAGE_ADDED, key: g.group_id })),
      ]);
      // Read again now that it listens: a message in between is in this answer, and a change of groups in between
      // (which the listener could not hear yet) shows as different groups: then listen again.
      const after = await readGroups();
      if (done) {
        await events.return?.(); // closed while reading: this listener must not outlive the subscription
        return false;
      }
      if (after.map((g) => g.group_id).join() === before.map((g) => g.group_id).join()) {
        unread = new Set(after.filter((g) => g.unread).map((g) => g.group_id));
        return true;
      }
    }
  };
  const iterator: AsyncIterableIterator<number> = {
    async next() {
      if (done) return finished;
      if (!events) return (await refresh()) ? { value: unread.size, done: false } : finished;
      for (;;) {
        const r = await events.next();
        if (r.done || done) return finished;
        const e = r.value;
        if ('senderId' in e) {
          const groupId = String(e.groupId);
          if (e.senderId === v.id || unread.has(groupId)) continue; // the count does not move
          unread.add(groupId);
          return { value: unread.size, done: false };
        }
        return (await refresh()) ? { value: unread.size, done: false } : finished;
      }
    },
    async return() {
      done = true;
      await events?.return?.();
      return finished;
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}

// Events published while this process's listener was away were missed: every live Klets count reads again.
onEventsMissed(() => deliverLocally(KLETS_RECOUNT, {}));

/** The viewer's group list changed (any tab): fires with nothing, for the client to read its lists again. */
export function myGroupsEvents(viewer: Viewer | null): AsyncIterableIterator<Record<string, never>> {
  const v = requireViewer(viewer);
  return listen([{ topic: MY_GROUPS_CHANGED, key: v.id }]);
}

// ----------------------------------------------------------------------------------------------------- reads

/** Every group, newest first. */
export function newestGroups(viewer: Viewer | null, args: PageArgs): Promise<Page<Group>> {
  requireViewer(viewer);
  return keysetPage(groups().createQueryBuilder('g'), 'g', args);
}

export interface NearQuery extends PageArgs {
  lat: number;
  lon: number;
  radiusKm: number;
  type?: string | null;
  search?: string | null;
}

function checkNear(q: NearQuery) {
  checkPosition(q.lat, q.lon, ['lat', 'lon']);
  checkRadius(q.radiusKm);
  return { type: checkType(q.type, true), search: text(q.search, 'search', false) };
}

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Groups within `radiusKm` of the position, nearest first (then by id), a keyset page at a time. Without a search
 * one statement walks the GiST index in distance order (`groups_near_page`, migration GroupsMembersChat); with a
 * search (name or location name) the radius's box bounds it.
 */
export async function groupsNear(viewer: Viewer | null, q: NearQuery): Promise<Page<Group>> {
  requireViewer(viewer);
  const { type, search } = checkNear(q);
  const size = pageSize(q.first);
  const c = q.after ? decodeDistanceCursor(q.after) : null;
  const params = [q.lat, q.lon, q.radiusKm * 1000, type, c?.chord ?? null, c?.id ?? null, size + 1];
  const rows = search
    ? await queryRows(
        `SELECT ${selectColumns(Group, 'g')}, sec_to_gc(g.place <-> ll_to_earth($1::float8, $2::float8)) AS ` +
          `"distanceMetres",
                g.place <-> ll_to_earth($1::float8, $2::float8) AS "chord"
           FROM groups g
          WHERE ${withinRadiusSql('g.place', '$1::float8', '$2::float8', '$3::float8')}
            AND ($4::text IS NULL OR g.type = $4::text)
            AND ($5::float8 IS NULL OR (g.place <-> ll_to_earth($1::float8, $2::float8), g.id) > ($5::float8, $6::uuid))
            AND (g.name ILIKE $8 OR g.location_name ILIKE $8)
          ORDER BY g.place <-> ll_to_earth($1::float8, $2::float8), g.id
          LIMIT $7`,
        [...params, likePattern(search)],
      )
    : await queryRows(
        `SELECT ${selectColumns(Group, 'g')}, sec_to_gc(d.chord) AS "distanceMetres", d.chord AS "chord"
           FROM groups_near_page($1::float8, $2::float8, $3::float8, $4::text, $5::float8, $6::uuid, $7::int) d
           JOIN groups g ON g.id = d.id
          ORDER BY d.chord, d.id`,
        params,
      );
  const chords = rows.map((r) => r.chord as number);
  return distancePage(
    asEntities(
      Group,
      rows.map(({ chord: _chord, ...r }) => r),
    ),
    chords,
    size,
  );
}

/** How many groups the radius query holds ('Found N groups within R km'). */
export async function groupsNearCount(q: NearQuery): Promise<number> {
  const { type, search } = checkNear(q);
  const rows = await queryRows<{ n: number }>(
    `SELECT count(*)::int AS n FROM groups g
      WHERE ${withinRadiusSql('g.place', '$1::float8', '$2::float8', '$3::float8')}
        AND ($4::text IS NULL OR g.type = $4::text)
        AND ($5::text IS NULL OR g.name ILIKE $5 OR g.location_name ILIKE $5)`,
    [q.lat, q.lon, q.radiusKm * 1000, type, search ? likePattern(search) : null],
  );
  return rows[0].n;
}

export interface MyGroupsQuery extends PageArgs {
  favoritesOnly?: boolean | null;
  search?: string | null;
}

/** SQL filter of the viewer's groups (member `$1`), with favourites only and a name search where asked. */
function myGroupsFilter(q: MyGroupsQuery, search: string | null, first: number): string {
  return `m.member_id = $1
        ${
          q.favoritesOnly
            ? 'AND EXISTS (SELECT 1 FROM group_favorites f WHERE f.member_id = $1 AND f.group_id = ' + 'm.group_id)'
            : ''
        }
        ${search ? `AND (g.name ILIKE $${first} OR g.location_name ILIKE $${first})` : ''}`;
}

/** The viewer's groups, the one joined last first (keyset over the membership's (created_at, id)). */
export async function myGroups(viewer: Viewer | null, q: MyGroupsQuery): Promise<Page<Group>> {
  const v = requireViewer(viewer);
  const search = text(q.search, 'search', false);
  const size = pageSize(q.first);
  const params: unknown[] = [v.id, size + 1];
  const after = afterCursorSql(q.after, 'm.created_at', 'm.id', params);
  if (search) params.push(likePattern(search));
  const rows = await queryRows(
    `SELECT ${selectColumns(Group, 'g')}, m.created_at AS "joinedAt", m.id AS "membershipId"
       FROM group_members m JOIN groups g ON g.id = m.group_id
      WHERE ${myGroupsFilter(q, search, params.length)} ${after}
      ORDER BY m.created_at DESC, m.id DESC LIMIT $2`,
    params,
  );
  const keys = rows.map((r) => ({ at: r.joinedAt as Date, id: r.membershipId as string }));
  const all = asEntities(
    Group,
    rows.map(({ joinedAt: _j, membershipId: _m, ...r }) => r),
  );
  const hasNextPage = all.length > size;
  const nodes = hasNextPage ? all.slice(0, size) : all;
  const last = keys[nodes.length - 1];
  return { nodes, pageInfo: { hasNextPage, endCursor: last ? encodeCursor(last.at, last.id) : null } };
}

export async function myGroupsCount(viewer: Viewer | null, q: MyGroupsQuery): Promise<number> {
  const v = requireViewer(viewer);
  const search = text(q.search, 'search', false);
  const params: unknown[] = [v.id];
  if (search) params.push(likePattern(search));
  const rows = await queryRows<{ n: number }>(
    `SELECT count(*)::int AS n FROM group_members m JOIN groups g ON g.id = m.group_id ` +
      `WHERE ${myGroupsFilter(q, search, 2)}`,
    params,
  );
  return rows[0].n;
}

/** A group's pending join requests, oldest first; its admins only. */
export async function pendingJoinRequests(
  viewer: Viewer | null,
  groupId: string,
  args: PageArgs,
): Promise<Page<GroupJoinRequest>> {
  const v = requireViewer(viewer);
  const group = await findGroup(groupId, 'groupId');
  authorize(groupPolicy.isAdmin(await roleOf(group.id, v.id)), 'Only an admin of this group can see its requests.');
  const qb = db()
    .getRepository(GroupJoinRequest)
    .createQueryBuilder('r')
    .where(`r.group_id = :g AND r.status = 'pending'`, { g: group.id });
  return keysetPage(qb, 'r', args, 'ASC');
}

/** A group's members, the longest-standing first; members only. */
export async function groupMembers(viewer: Viewer | null, groupId: string, args: PageArgs): Promise<Page<GroupMember>> {
  const v = requireViewer(viewer);
  const group = await findGroup(groupId, 'groupId');
  await requireMember(v, group.id);
  const qb = db().getRepository(GroupMember).createQueryBuilder('m').where('m.group_id = :g', { g: group.id });
  return keysetPage(qb, 'm', args, 'ASC');
}

/** The viewer's standing in a group, from the facts loader's answers. */
export function viewerStatusOf(role: GroupRole | null, requested: boolean): ViewerStatus {
  if (role === 'admin') return 'admin';
  if (role === 'member') return 'member';
  return requested ? 'requested' : 'none';
}

export async function groupsCount(): Promise<number> {
  return (await queryRows<{ n: number }>('SELECT count(*)::int AS n FROM groups'))[0].n;
}
