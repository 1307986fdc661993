import type { EntityManager } from 'typeorm';
import { authorize, requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput, conflict, DomainError, notFound } from '../../kernel/errors';
import { coarsePosition } from '../../kernel/geo';
import { position as checkedPosition } from '../../kernel/input';
import { checkUuid, UUID } from '../../kernel/ids';
import { deleteMedia } from '../../kernel/media';
import { limitUploads } from '../../kernel/rate-limit';
import { queryRows } from '../../kernel/rows';
import { checkUpload, storeUpload, storedUrls } from '../../kernel/upload';
import { assertNotBlocked } from '../blocks/block.service';
import { myGroupsChanged } from './group-events';
import { GroupJoinRequest } from './group-join-request.entity';
import { GroupMember, type GroupRole } from './group-member.entity';
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

/** The spec's texts for group creation (spec 002 section 5). */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';
export const LOCATION_REQUIRED_MESSAGE = 'Please enable location services';

export type ViewerStatus = 'none' | 'requested' | 'member' | 'admin';

export type PageArgs = { first?: number | null; after?: string | null };

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
export async function roleOf(groupId: string, memberId: string, manager?: EntityManager): Promise<GroupRole | null> {
  const sql = 'SELECT role FROM group_members WHERE group_id = $1 AND member_id = $2';
  const rows: Array<{ role: GroupRole }> = manager
    ? await manager.query(sql, [groupId, memberId])
    : await queryRows(sql, [groupId, memberId]);
  return rows[0]?.role ?? null;
}

/** Members only: a non-member learns nothing of the chat (FORBIDDEN, the group itself being public). */
export async function requireMember(v: Viewer, groupId: string): Promise<void> {
  authorize(
    groupPolicy.isMember(await roleOf(groupId, v.id)),
    'Only members of this group can see and send its messages.',
  );
}

// ---------------------------------------------------------------------------------------------------- checks

export function text(value: unknown, field: keyof typeof LIMITS, required: boolean): string | null {
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

export function checkRadius(radiusKm: unknown): number {
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
  const exact = checkedPosition(input.latitude, input.longitude);
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
  if (groupPolicy.isAdmin(rows[0].role)) {
    await manager.query(
      `UPDATE group_members SET role = 'admin' WHERE id = (
         SELECT id FROM group_members WHERE group_id = $1 ORDER BY created_at, id LIMIT 1)
       AND NOT EXISTS (SELECT 1 FROM group_members WHERE group_id = $1 AND role = 'admin')`,
      [groupId],
    );
  }
  return true;
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
    if (!rows.length) throw conflict('REQUEST_ALREADY_ANSWERED', 'This request has already been answered.');
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

/** The viewer's standing in a group, from the facts loader's answers. */
export function viewerStatusOf(role: GroupRole | null, requested: boolean): ViewerStatus {
  if (groupPolicy.isAdmin(role)) return 'admin';
  if (role === 'member') return 'member';
  return requested ? 'requested' : 'none';
}

export async function groupsCount(): Promise<number> {
  return (await queryRows<{ n: number }>('SELECT count(*)::int AS n FROM groups'))[0].n;
}
