import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { gql, loadDemoMembers, silentLog } from '../../test/helpers';
import { User } from '../users/user.entity';
import { groupsDemo } from './group.demo';

describe('the groups demo part', () => {
  it('puts the sample groups near the demo members, one of each type, with members, a request and chat', async () => {
    await loadDemoMembers();
    await groupsDemo.load(silentLog);
    const thandi = await db().getRepository(User).findOneByOrFail({ email: 'thandi@demo.saffa.local' });
    const pieter = await db().getRepository(User).findOneByOrFail({ email: 'pieter@demo.saffa.local' });
    // Thandi in Cape Town: the Cape groups within 100 km, nearest first.
    const near = await gql(
      `{ groupsNear(lat: -33.9249, lon: 18.4241, radiusKm: 100) { totalCount nodes { name type memberCount ` +
        `viewerStatus } } myGroups { totalCount nodes { name viewerStatus memberCount } } }`,
      {},
      { as: thandi },
    );
    expect(near.errors).toBeUndefined();
    expect(near.data.groupsNear.nodes.map((g: { name: string }) => g.name)).toEqual([
      'Cape Town Saffas',
      'Southern Suburbs Swap & Help',
      'Braai Masters Stellenbosch',
      'Winelands Favourites',
    ]);
    expect(near.data.groupsNear.nodes[0]).toMatchObject({ memberCount: 5, viewerStatus: 'admin' });
    expect(near.data.groupsNear.nodes[2]).toMatchObject({ type: 'Braai', viewerStatus: 'requested', memberCount: 2 });
    expect(near.data.myGroups.totalCount).toBe(2);
    const all = await gql(`{ groupOptions { types } groups(first: 50) { nodes { type } } }`, {}, { as: thandi });
    expect(new Set(all.data.groups.nodes.map((g: { type: string }) => g.type))).toEqual(
      new Set(all.data.groupOptions.types),
    );
    // Pieter, the Braai group's admin, sees Thandi's request; the Cape group's chat is stored.
    const braai = near.data.groupsNear.nodes[2];
    const id = (await db().query(`SELECT id FROM groups WHERE name = $1`, [braai.name]))[0].id;
    const requests = await gql(
      `query($g: ID!) { groupJoinRequests(groupId: $g) { nodes { member { displayName } } } }`,
      { g: id },
      { as: pieter },
    );
    expect(
      requests.data.groupJoinRequests.nodes.map((r: { member: { displayName: string } }) => r.member.displayName),
    ).toEqual(['Thandi Nkosi']);
    const capeId = (await db().query(`SELECT id FROM groups WHERE name = 'Cape Town Saffas'`))[0].id;
    const chat = await gql(
      `query($g: ID!) { groupMessages(groupId: $g) { nodes { body mine } } }`,
      { g: capeId },
      { as: thandi },
    );
    expect(chat.data.groupMessages.nodes).toHaveLength(3);
    expect(chat.data.groupMessages.nodes[0]).toMatchObject({ body: 'Lekker, see you all there.', mine: true });
  });
});
