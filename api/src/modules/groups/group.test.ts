import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { coarsePosition } from '../../kernel/geo';
import { buildUser } from '../../test/factories';
import { codeOf, countQueries, files, gql, subscribeAs } from '../../test/helpers';
import type { User } from '../users/user.entity';
import { openListenStreams } from '../../kernel/pubsub';
import { GroupMember } from './group-member.entity';
import { GroupMessage } from './group-message.entity';
import { Group } from './group.entity';
import { kletsUnreadCounts } from './group-unread';

const GROUP =
  'id name description type locationName imageUrl memberCount requiresApproval isFavorite viewerStatus distanceKm';
const CREATE = `mutation($input: CreateGroupInput!) { createGroup(input: $input) { ${GROUP} } }`;
const JOIN = `mutation($id: ID!) { joinGroup(id: $id) { ${GROUP} } }`;
const LEAVE = `mutation($id: ID!) { leaveGroup(id: $id) { ${GROUP} } }`;
const FAVORITE = `mutation($id: ID!, $f: Boolean!) { favoriteGroup(id: $id, favorite: $f) { id isFavorite } }`;
const NEAR =
  `query($lat: Float!, $lon: Float!, $r: Int!, $type: String, $first: Int, $after: String, $search: String) {
  groupsNear(lat: $lat, lon: $lon, radiusKm: $r, type: $type, first: $first, after: $after, search: $search) { ` +
  `totalCount nodes { id name distanceKm } pageInfo { endCursor hasNextPage } } }`;
const MINE =
  `query($fav: Boolean) { myGroups(first: 50, favoritesOnly: $fav) { totalCount nodes { id name ` +
  `memberCount viewerStatus isFavorite } } }`;
const REQUESTS = `query($g: ID!) { groupJoinRequests(groupId: $g) { nodes { id status member { id displayName } } } }`;
const APPROVE = `mutation($id: ID!) { approveGroupJoinRequest(requestId: $id) { id status } }`;
const DECLINE = `mutation($id: ID!) { declineGroupJoinRequest(requestId: $id) { id status } }`;
const REMOVE = `mutation($g: ID!, $m: ID!) { removeGroupMember(groupId: $g, memberId: $m) { id memberCount } }`;
const SEND =
  `mutation($g: ID!, $body: String!) { sendGroupMessage(groupId: $g, body: $body) { id body mine sender { ` +
  `id } } }`;
const MESSAGES =
  `query($g: ID!, $first: Int, $after: String) { groupMessages(groupId: $g, first: $first, after: ` +
  `$after) { nodes { id body mine } pageInfo { endCursor hasNextPage } } }`;
const liveOf = (groupId: string) =>
  `subscription { groupMessageAdded(groupId: "${groupId}") { id body mine sender { id } } }`;

const CAPE_TOWN = { latitude: -33.9249, longitude: 18.4241 };
const unique = () => `Group ${Math.random().toString(36).slice(2, 10)}`;

async function createGroup(as: User, input: Record<string, unknown> = {}) {
  const r = await gql(
    CREATE,
    { input: { name: unique(), locationName: 'Sea Point', type: 'Braai', ...CAPE_TOWN, ...input } },
    { as },
  );
  expect(r.errors).toBeUndefined();
  return r.data.createGroup as { id: string; name: string; memberCount: number; viewerStatus: string };
}

describe('groups', () => {
  it('requires authentication', async () => {
    const owner = await buildUser();
    const g = await createGroup(owner);
    for (const [q, v] of [
      [CREATE, { input: { name: 'X', locationName: 'Y', ...CAPE_TOWN } }],
      [JOIN, { id: g.id }],
      [LEAVE, { id: g.id }],
      [FAVORITE, { id: g.id, f: true }],
      [NEAR, { lat: 0, lon: 0, r: 50 }],
      [MINE, {}],
      [SEND, { g: g.id, body: 'hi' }],
      [MESSAGES, { g: g.id }],
      [`query($id: ID!) { group(id: $id) { id } }`, { id: g.id }],
    ] as const) {
      expect(codeOf(await gql(q, v))).toBe('UNAUTHENTICATED');
    }
  });

  it('creates a group at the position with its image; the creator is its admin and only member', async () => {
    const owner = await buildUser();
    const r = await gql(
      CREATE,
      {
        input: {
          name: '  Sea Point Braai  ',
          description: 'Weekend braais',
          locationName: 'Sea Point',
          type: 'Braai',
          requiresApproval: true,
          imageUrl: files.png,
          ...CAPE_TOWN,
        },
      },
      { as: owner },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data.createGroup).toMatchObject({
      name: 'Sea Point Braai',
      type: 'Braai',
      memberCount: 1,
      requiresApproval: true,
      viewerStatus: 'admin',
      isFavorite: false,
      distanceKm: null,
    });
    expect(r.data.createGroup.imageUrl).toMatch(/^\/media\//);
    const members = await db().getRepository(GroupMember).findBy({ groupId: r.data.createGroup.id });
    expect(members.map((m) => [m.memberId, m.role])).toEqual([[owner.id, 'admin']]);
  });

  it("answers the spec's messages for missing fields and position, and refuses bad types, positions and images, storing nothing", async () => {
    const owner = await buildUser();
    const before = await db().getRepository(Group).count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: ' ', locationName: 'Sea Point', ...CAPE_TOWN }, 'Please fill in all required fields'],
      [{ name: 'A', locationName: '', ...CAPE_TOWN }, 'Please fill in all required fields'],
      [{ name: 'A', locationName: 'B' }, 'Please enable location services'],
      [{ name: 'A', locationName: 'B', type: 'Knitting', ...CAPE_TOWN }, 'type must be one of'],
      [{ name: 'A', locationName: 'B', latitude: 91, longitude: 0 }, 'latitude must be between -90 and 90'],
      [{ name: 'A', locationName: 'B', imageUrl: files.fakePng, ...CAPE_TOWN }, 'imageUrl must be an image'],
    ];
    for (const [input, message] of cases) {
      const r = await gql(CREATE, { input }, { as: owner });
      expect(codeOf(r), message).toBe('BAD_USER_INPUT');
      expect(r.errors![0].message).toContain(message);
    }
    expect(await db().getRepository(Group).count()).toBe(before);
  });

  it('joins an open group at once; joining again changes nothing; leaving ends the membership', async () => {
    const [owner, member] = [await buildUser(), await buildUser()];
    const g = await createGroup(owner);
    const joined = await gql(JOIN, { id: g.id }, { as: member });
    expect(joined.data.joinGroup).toMatchObject({ viewerStatus: 'member', memberCount: 2 });
    expect((await gql(JOIN, { id: g.id }, { as: member })).data.joinGroup).toMatchObject({
      viewerStatus: 'member',
      memberCount: 2,
    });
    const mine = await gql(MINE, {}, { as: member });
    expect(mine.data.myGroups).toMatchObject({
      totalCount: 1,
      nodes: [{ id: g.id, memberCount: 2, viewerStatus: 'member' }],
    });
    const left = await gql(LEAVE, { id: g.id }, { as: member });
    expect(left.data.leaveGroup).toMatchObject({ viewerStatus: 'none', memberCount: 1 });
    expect((await gql(MINE, {}, { as: member })).data.myGroups.totalCount).toBe(0);
  });

  it('approval flow: a request, seen and approved by an admin only; a declined member may ask again', async () => {
    const [owner, asker, other, bystander] = [
      await buildUser(),
      await buildUser(),
      await buildUser(),
      await buildUser(),
    ];
    const g = await createGroup(owner, { requiresApproval: true });
    await gql(JOIN, { id: g.id }, { as: bystander }); // a pending request of someone else

    const asked = await gql(JOIN, { id: g.id }, { as: asker });
    expect(asked.data.joinGroup).toMatchObject({ viewerStatus: 'requested', memberCount: 1 });
    expect(codeOf(await gql(SEND, { g: g.id, body: 'hi' }, { as: asker }))).toBe('FORBIDDEN');

    // Not an admin: neither a member nor an outsider sees or decides requests.
    await gql(JOIN, { id: g.id }, { as: other });
    expect(codeOf(await gql(REQUESTS, { g: g.id }, { as: other }))).toBe('FORBIDDEN');
    const requests = await gql(REQUESTS, { g: g.id }, { as: owner });
    const mineReq = requests.data.groupJoinRequests.nodes.find(
      (n: { member: { id: string } }) => n.member.id === asker.id,
    );
    expect(mineReq).toMatchObject({ status: 'pending' });
    expect(codeOf(await gql(APPROVE, { id: mineReq.id }, { as: asker }))).toBe('FORBIDDEN');
    expect(codeOf(await gql(APPROVE, { id: mineReq.id }, { as: other }))).toBe('FORBIDDEN');

    expect((await gql(APPROVE, { id: mineReq.id }, { as: owner })).data.approveGroupJoinRequest.status).toBe(
      'approved',
    );
    expect(codeOf(await gql(DECLINE, { id: mineReq.id }, { as: owner }))).toBe('CONFLICT');
    const group = await gql(`query($id: ID!) { group(id: $id) { ${GROUP} } }`, { id: g.id }, { as: asker });
    expect(group.data.group).toMatchObject({ viewerStatus: 'member', memberCount: 2 });

    // Decline the other's request; they may ask again.
    const otherReq = (await gql(REQUESTS, { g: g.id }, { as: owner })).data.groupJoinRequests.nodes.find(
      (n: { member: { id: string } }) => n.member.id === other.id,
    );
    expect((await gql(DECLINE, { id: otherReq.id }, { as: owner })).data.declineGroupJoinRequest.status).toBe(
      'declined',
    );
    expect((await gql(JOIN, { id: g.id }, { as: other })).data.joinGroup.viewerStatus).toBe('requested');
    // Withdrawing a request is leaving.
    expect((await gql(LEAVE, { id: g.id }, { as: other })).data.leaveGroup.viewerStatus).toBe('none');
  });

  it('admins remove members (not other admins); members cannot; the last admin leaving hands the role on', async () => {
    const [owner, a, b] = [await buildUser(), await buildUser(), await buildUser()];
    const g = await createGroup(owner);
    await gql(JOIN, { id: g.id }, { as: a });
    await gql(JOIN, { id: g.id }, { as: b });
    expect(codeOf(await gql(REMOVE, { g: g.id, m: b.id }, { as: a }))).toBe('FORBIDDEN');
    expect(codeOf(await gql(REMOVE, { g: g.id, m: owner.id }, { as: owner }))).toBe('FORBIDDEN');
    expect((await gql(REMOVE, { g: g.id, m: b.id }, { as: owner })).data.removeGroupMember.memberCount).toBe(2);
    expect(codeOf(await gql(REMOVE, { g: g.id, m: b.id }, { as: owner }))).toBe('NOT_FOUND');
    await gql(LEAVE, { id: g.id }, { as: owner });
    const role = await db().getRepository(GroupMember).findOneByOrFail({ groupId: g.id, memberId: a.id });
    expect(role.role).toBe('admin');
  });

  it('favourites: members only; the Favorites list holds them', async () => {
    const [owner, outsider] = [await buildUser(), await buildUser()];
    const g1 = await createGroup(owner);
    await createGroup(owner);
    expect(codeOf(await gql(FAVORITE, { id: g1.id, f: true }, { as: outsider }))).toBe('FORBIDDEN');
    expect((await gql(FAVORITE, { id: g1.id, f: true }, { as: owner })).data.favoriteGroup.isFavorite).toBe(true);
    const favs = await gql(MINE, { fav: true }, { as: owner });
    expect(favs.data.myGroups).toMatchObject({ totalCount: 1, nodes: [{ id: g1.id, isFavorite: true }] });
    expect((await gql(MINE, {}, { as: owner })).data.myGroups.totalCount).toBe(2);
    expect((await gql(FAVORITE, { id: g1.id, f: false }, { as: owner })).data.favoriteGroup.isFavorite).toBe(false);
  });

  it('radius: inside at the edge, outside just past it, nearest first, by type, keyset pages', async () => {
    const owner = await buildUser();
    const tag = unique();
    // A lonely spot in the Southern Ocean so that other tests' groups stay out of range.
    const centre = { latitude: -50, longitude: 20 };
    const at = (km: number) => ({ latitude: centre.latitude + km / 111.195, longitude: centre.longitude });
    const g9 = await createGroup(owner, { name: `${tag} 9.9`, type: 'Sport', ...at(9.9) });
    const g10 = await createGroup(owner, { name: `${tag} 10.1`, type: 'Braai', ...at(10.1) });
    const g1 = await createGroup(owner, { name: `${tag} 1`, type: 'Braai', ...at(1) });
    // Stored exactly there (creating stores the 1 km cell): the edges are the radius's, not the cells'.
    for (const [g, km] of [
      [g9, 9.9],
      [g10, 10.1],
      [g1, 1],
    ] as const) {
      await db().query(`UPDATE groups SET latitude = $2, longitude = $3 WHERE id = $1`, [
        g.id,
        at(km).latitude,
        at(km).longitude,
      ]);
    }
    const near = (r: number, extra: Record<string, unknown> = {}) =>
      gql(NEAR, { lat: centre.latitude, lon: centre.longitude, r, ...extra }, { as: owner });

    const ten = await near(10);
    expect(ten.errors).toBeUndefined();
    expect(ten.data.groupsNear.nodes.map((n: { id: string }) => n.id)).toEqual([g1.id, g9.id]);
    expect(ten.data.groupsNear.totalCount).toBe(2);
    expect(ten.data.groupsNear.nodes[1].distanceKm).toBe(9.9);
    expect((await near(11)).data.groupsNear.nodes.map((n: { id: string }) => n.id)).toEqual([g1.id, g9.id, g10.id]);
    expect((await near(11, { type: 'Braai' })).data.groupsNear).toMatchObject({
      totalCount: 2,
      nodes: [{ id: g1.id }, { id: g10.id }],
    });
    expect((await near(11, { search: '10.1' })).data.groupsNear).toMatchObject({
      totalCount: 1,
      nodes: [{ id: g10.id }],
    });

    const p1 = await near(11, { first: 2 });
    expect(p1.data.groupsNear.pageInfo.hasNextPage).toBe(true);
    const p2 = await near(11, { first: 2, after: p1.data.groupsNear.pageInfo.endCursor });
    expect(p2.data.groupsNear).toMatchObject({ nodes: [{ id: g10.id }], pageInfo: { hasNextPage: false } });

    for (const [extra, field] of [
      [{ r: 0 }, 'radiusKm'],
      [{ r: 1001 }, 'radiusKm'],
      [{ type: 'Knitting' }, 'type'],
      [{ lat: 95 }, 'lat'],
      [{ after: 'bm9wZQ' }, 'after'],
    ] as const) {
      const r = await gql(NEAR, { lat: centre.latitude, lon: centre.longitude, r: 10, ...extra }, { as: owner });
      expect(codeOf(r), field).toBe('BAD_USER_INPUT');
      expect(r.errors![0].message).toContain(field);
    }
  });

  it("stores and answers the creator's position only as its 1 km cell, and still finds the group by distance", async () => {
    const owner = await buildUser();
    const exact = { latitude: -47.123456, longitude: 61.654321 };
    const r = await gql(
      CREATE,
      { input: { name: unique(), locationName: 'Somewhere', type: 'Braai', ...exact } },
      { as: owner },
    );
    expect(r.errors).toBeUndefined();
    const cell = coarsePosition(exact.latitude, exact.longitude);
    const shown = await gql(
      `query($id: ID!) { group(id: $id) { latitude longitude } }`,
      { id: r.data.createGroup.id },
      { as: await buildUser() },
    );
    expect(shown.data.group).toEqual(cell);
    expect(Math.abs(cell.latitude - exact.latitude) + Math.abs(cell.longitude - exact.longitude)).toBeGreaterThan(
      0.001,
    );
    // Every spot of the cell gives the same answer: nothing finer than the cell is kept.
    expect(coarsePosition(cell.latitude + 0.004, cell.longitude - 0.006)).toEqual(cell);
    const row = await db().getRepository(Group).findOneByOrFail({ id: r.data.createGroup.id });
    expect({ latitude: row.latitude, longitude: row.longitude }).toEqual(cell);
    const near = await gql(NEAR, { lat: exact.latitude, lon: exact.longitude, r: 2 }, { as: owner });
    expect(near.data.groupsNear.nodes.map((n: { id: string }) => n.id)).toEqual([r.data.createGroup.id]);
    expect(near.data.groupsNear.nodes[0].distanceKm).toBeLessThanOrEqual(1);
  });

  it('a page of groups costs a bounded number of statements however many it shows', async () => {
    const owner = await buildUser();
    const centre = { latitude: -55, longitude: 40 };
    for (let i = 0; i < 6; i++)
      await createGroup(owner, { latitude: centre.latitude + i / 1000, longitude: centre.longitude });
    const { result, queries } = await countQueries(() =>
      gql(
        `query($lat: Float!, $lon: Float!) { groupsNear(lat: $lat, lon: $lon, radiusKm: 50) { totalCount nodes { id ` +
          `memberCount isFavorite viewerStatus distanceKm } } }`,
        { lat: centre.latitude, lon: centre.longitude },
        { as: owner },
      ),
    );
    expect(result.data.groupsNear.nodes).toHaveLength(6);
    expect(queries.length).toBeLessThanOrEqual(3);
  });

  it('refuses bad ids with BAD_USER_INPUT and unknown groups with NOT_FOUND (or null)', async () => {
    const u = await buildUser();
    expect(codeOf(await gql(JOIN, { id: 'nope' }, { as: u }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(JOIN, { id: '00000000-0000-4000-8000-000000000000' }, { as: u }))).toBe('NOT_FOUND');
    expect((await gql(`query($id: ID!) { group(id: $id) { id } }`, { id: 'nope' }, { as: u })).data.group).toBeNull();
    expect(codeOf(await gql(APPROVE, { id: '00000000-0000-4000-8000-000000000000' }, { as: u }))).toBe('NOT_FOUND');
  });
});

describe('group chat', () => {
  it('members only: outsiders neither read, send nor subscribe', async () => {
    const [owner, outsider] = [await buildUser(), await buildUser()];
    const g = await createGroup(owner);
    expect(codeOf(await gql(SEND, { g: g.id, body: 'hi' }, { as: outsider }))).toBe('FORBIDDEN');
    expect(codeOf(await gql(MESSAGES, { g: g.id }, { as: outsider }))).toBe('FORBIDDEN');
    await expect(subscribeAs(liveOf(g.id), outsider)).rejects.toThrow(/members/);
    expect(await db().getRepository(GroupMessage).countBy({ groupId: g.id })).toBe(0);
    expect(codeOf(await gql(SEND, { g: g.id, body: '   ' }, { as: owner }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(SEND, { g: g.id, body: 'x'.repeat(2001) }, { as: owner }))).toBe('BAD_USER_INPUT');
  });

  it('stores messages, newest first with older ones by cursor', async () => {
    const owner = await buildUser();
    const g = await createGroup(owner);
    for (const body of ['one', 'two', 'three']) await gql(SEND, { g: g.id, body }, { as: owner });
    const p1 = await gql(MESSAGES, { g: g.id, first: 2 }, { as: owner });
    expect(p1.data.groupMessages.nodes.map((m: { body: string }) => m.body)).toEqual(['three', 'two']);
    const p2 = await gql(
      MESSAGES,
      { g: g.id, first: 2, after: p1.data.groupMessages.pageInfo.endCursor },
      { as: owner },
    );
    expect(p2.data.groupMessages).toMatchObject({
      nodes: [{ body: 'one', mine: true }],
      pageInfo: { hasNextPage: false },
    });
  });

  it('delivers live to members; a member who leaves stops receiving at once', async () => {
    const [owner, member] = [await buildUser(), await buildUser()];
    const g = await createGroup(owner);
    await gql(JOIN, { id: g.id }, { as: member });
    const live = await subscribeAs(liveOf(g.id), member);
    const sent = await gql(SEND, { g: g.id, body: 'Howzit!' }, { as: owner });
    expect(sent.errors).toBeUndefined();
    expect((await live.next())?.groupMessageAdded).toMatchObject({
      id: sent.data.sendGroupMessage.id,
      body: 'Howzit!',
      mine: false,
      sender: { id: owner.id },
    });

    await gql(LEAVE, { id: g.id }, { as: member });
    await gql(SEND, { g: g.id, body: 'after you left' }, { as: owner });
    // The stream ends at the leave: nothing after it arrives.
    expect(await live.next(2000)).toBeUndefined();
  });

  it('a removed member stops receiving at once as well', async () => {
    const [owner, member] = [await buildUser(), await buildUser()];
    const g = await createGroup(owner);
    await gql(JOIN, { id: g.id }, { as: member });
    const live = await subscribeAs(liveOf(g.id), member);
    await gql(REMOVE, { g: g.id, m: member.id }, { as: owner });
    await gql(SEND, { g: g.id, body: 'not for you' }, { as: owner });
    expect(await live.next(2000)).toBeUndefined();
  });
});

describe('Klets unread', () => {
  const UNREAD = `query { kletsUnread }`;
  const READ = `mutation($g: ID!) { markGroupRead(groupId: $g) }`;
  const unreadOf = async (as: User) => (await gql(UNREAD, {}, { as })).data.kletsUnread as number;

  it("counts the member's groups with others' messages after their last read; reading one clears it; own messages never count", async () => {
    const [owner, member, outsider] = [await buildUser(), await buildUser(), await buildUser()];
    const [g1, g2] = [await createGroup(owner), await createGroup(owner)];
    for (const g of [g1, g2]) await gql(JOIN, { id: g.id }, { as: member });
    expect(await unreadOf(member)).toBe(0);
    for (const [g, body] of [
      [g1, 'one'],
      [g1, 'two'],
      [g2, 'three'],
    ] as const)
      await gql(SEND, { g: g.id, body }, { as: owner });
    expect(await unreadOf(member)).toBe(2);
    expect(await unreadOf(owner)).toBe(0);

    const read = await gql(READ, { g: g1.id }, { as: member });
    expect(read.errors).toBeUndefined();
    expect(read.data.markGroupRead).toBe(1);
    await gql(SEND, { g: g1.id, body: 'my own' }, { as: member });
    expect(await unreadOf(member)).toBe(1);
    // The owner has unread from the member now, in g1 only.
    expect(await unreadOf(owner)).toBe(1);

    expect(codeOf(await gql(READ, { g: g1.id }, { as: outsider }))).toBe('FORBIDDEN');
    expect(codeOf(await gql(READ, { g: g1.id }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(UNREAD, {}))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(READ, { g: 'not-an-id' }, { as: member }))).toBe('BAD_USER_INPUT');
  });

  it('live: the count at once, up with a message from someone else, down with a read, and following the groups joined and left', async () => {
    const [owner, member] = [await buildUser(), await buildUser()];
    const g1 = await createGroup(owner);
    await gql(JOIN, { id: g1.id }, { as: member });
    const live = await subscribeAs(`subscription { kletsUnreadChanged }`, member);
    try {
      expect((await live.next())?.kletsUnreadChanged).toBe(0);
      await gql(SEND, { g: g1.id, body: 'Howzit' }, { as: owner });
      expect((await live.next())?.kletsUnreadChanged).toBe(1);
      // Their own message changes nothing, so nothing comes for it: the next count is the read's.
      await gql(SEND, { g: g1.id, body: 'Hi back' }, { as: member });
      await gql(READ, { g: g1.id }, { as: member });
      expect((await live.next())?.kletsUnreadChanged).toBe(0);

      // A group joined after subscribing counts as well...
      const g2 = await createGroup(owner);
      await gql(JOIN, { id: g2.id }, { as: member });
      expect((await live.next())?.kletsUnreadChanged).toBe(0);
      await gql(SEND, { g: g2.id, body: 'Welcome' }, { as: owner });
      expect((await live.next())?.kletsUnreadChanged).toBe(1);
      // ...and one left stops counting.
      await gql(LEAVE, { id: g2.id }, { as: member });
      expect((await live.next())?.kletsUnreadChanged).toBe(0);
    } finally {
      await live.close();
    }
  });

  it('a subscription closed while it starts leaves no listener behind', async () => {
    const [owner, member] = [await buildUser(), await buildUser()];
    const g = await createGroup(owner);
    await gql(JOIN, { id: g.id }, { as: member });
    const before = openListenStreams();
    const counts = kletsUnreadCounts(member);
    const first = counts.next(); // reads the member's groups, then listens
    await counts.return!();
    expect(await first).toEqual({ value: undefined, done: true });
    expect(openListenStreams()).toBe(before);
  });
});

describe('a blocked pair in a group they share', () => {
  const block = async (blocker: User, blocked: User) =>
    expect(
      (await gql(`mutation($id: ID!) { blockMember(userId: $id) { id } }`, { id: blocked.id }, { as: blocker })).errors,
    ).toBeUndefined();
  const bodies = (r: { data: { groupMessages: { nodes: Array<{ body: string }> } } }) =>
    r.data.groupMessages.nodes.map((m) => m.body);

  it("neither reads the other's messages, in the history (pages stay full), live, or in the Klets unread count", async () => {
    const [a, b, c] = [await buildUser(), await buildUser(), await buildUser()];
    const g = await createGroup(a);
    for (const u of [b, c]) await gql(JOIN, { id: g.id }, { as: u });
    await block(a, b);
    for (const [u, body] of [
      [b, 'b1'],
      [c, 'c1'],
      [a, 'a1'],
    ] as const)
      expect((await gql(SEND, { g: g.id, body }, { as: u })).errors).toBeUndefined();
    expect(bodies(await gql(MESSAGES, { g: g.id, first: 2 }, { as: a }))).toEqual(['a1', 'c1']);
    expect(bodies(await gql(MESSAGES, { g: g.id, first: 2 }, { as: b }))).toEqual(['c1', 'b1']);
    expect(bodies(await gql(MESSAGES, { g: g.id }, { as: c }))).toEqual(['a1', 'c1', 'b1']);

    for (const [viewer, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const live = await subscribeAs(liveOf(g.id), viewer);
      try {
        await gql(SEND, { g: g.id, body: `hidden from ${viewer.firstName}` }, { as: other });
        await gql(SEND, { g: g.id, body: 'shown' }, { as: c });
        expect((await live.next())?.groupMessageAdded).toMatchObject({ body: 'shown', sender: { id: c.id } });
      } finally {
        await live.close();
      }
    }

    await gql(`mutation($g: ID!) { markGroupRead(groupId: $g) }`, { g: g.id }, { as: a });
    await gql(SEND, { g: g.id, body: 'b2' }, { as: b });
    expect((await gql(`{ kletsUnread }`, {}, { as: a })).data.kletsUnread).toBe(0);
    await gql(SEND, { g: g.id, body: 'c2' }, { as: c });
    expect((await gql(`{ kletsUnread }`, {}, { as: a })).data.kletsUnread).toBe(1);
  });

  it('a message reaches every open chat without a statement per chat: its event names whom it must not reach, its sender is read once', async () => {
    const [sender, blocker, blocked, c, d, e] = await Promise.all(Array.from({ length: 6 }, () => buildUser()));
    const g = await createGroup(sender);
    for (const u of [blocker, blocked, c, d, e]) await gql(JOIN, { id: g.id }, { as: u });
    await block(blocker, sender);
    await block(sender, blocked);
    const chats = await Promise.all([blocker, blocked, c, d, e].map((u) => subscribeAs(liveOf(g.id), u)));
    try {
      const { result: seen, queries } = await countQueries(async () => {
        expect((await gql(SEND, { g: g.id, body: 'from the sender' }, { as: sender })).errors).toBeUndefined();
        expect((await gql(SEND, { g: g.id, body: 'from c' }, { as: c })).errors).toBeUndefined();
        return Promise.all(chats.map(async (chat) => (await chat.next())?.groupMessageAdded as { body: string }));
      });
      // The blocked pair's first message is c's (the sender's was left out); everyone else's is the sender's.
      expect(seen.map((m) => m.body)).toEqual([
        'from c',
        'from c',
        'from the sender',
        'from the sender',
        'from the sender',
      ]);
      // Per message sent: one lookup of the members either side of a block, and one read of the sender (besides the
      // one that answers the sender's own request); none per chat it reached.
      expect(queries.filter((q) => q.includes('user_blocks'))).toHaveLength(2);
      expect(queries.filter((q) => /FROM "?users"? /.test(q))).toHaveLength(4);
    } finally {
      await Promise.all(chats.map((chat) => chat.close()));
    }
  });

  it('an admin cannot let in a member either side of a block with them; declining still works', async () => {
    for (const blockerIsAdmin of [true, false]) {
      const [admin, asker] = [await buildUser(), await buildUser()];
      const g = await createGroup(admin, { requiresApproval: true });
      await gql(JOIN, { id: g.id }, { as: asker });
      if (blockerIsAdmin) await block(admin, asker);
      else await block(asker, admin);
      const [request] = (await gql(REQUESTS, { g: g.id }, { as: admin })).data.groupJoinRequests.nodes;
      const r = await gql(APPROVE, { id: request.id }, { as: admin });
      expect(codeOf(r)).toBe('FORBIDDEN');
      expect(r.errors?.[0].message).toBe('You cannot interact with this member.');
      expect(await db().getRepository(GroupMember).countBy({ groupId: g.id, memberId: asker.id })).toBe(0);
      expect((await gql(DECLINE, { id: request.id }, { as: admin })).data.declineGroupJoinRequest.status).toBe(
        'declined',
      );
    }
  });
});
