import { authorize, requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { decodeDistanceCursor, distancePage, withinRadiusSql } from '../../kernel/geo';
import { position as checkedPosition } from '../../kernel/input';
import { afterCursorSql, encodeCursor, keysetPage, pageSize, type Page } from '../../kernel/pagination';
import { asEntities, queryRows, selectColumns } from '../../kernel/rows';
import { GroupJoinRequest } from './group-join-request.entity';
import { GroupMember } from './group-member.entity';
import { Group } from './group.entity';
import { groupPolicy } from './group.policy';
import { checkRadius, checkType, findGroup, groups, requireMember, roleOf, text, type PageArgs } from './group.service';

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
  checkedPosition(q.lat, q.lon, ['lat', 'lon']);
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
