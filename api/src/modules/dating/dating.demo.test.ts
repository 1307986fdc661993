import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { gql, loadDemoMembers, silentLog } from '../../test/helpers';
import { User } from '../users/user.entity';
import { datingDemo, DEMO_ALIASES } from './dating.demo';

describe('the dating demo part', () => {
  it('a newcomer near Cape Town sees the demo aliases and gets a match by liking the one that likes newcomers', async () => {
    await loadDemoMembers();
    await datingDemo.load(silentLog);
    const thandi = await db().getRepository(User).findOneByOrFail({ email: 'thandi@demo.saffa.local' });
    const save = await gql(
      `mutation($input: SaveDatingAliasInput!) { saveDatingAlias(input: $input) { id } }`,
      {
        input: {
          aliasName: 'Newcomer',
          age: 30,
          bio: 'New here',
          interests: 'hiking, coffee',
          lookingFor: 'friend',
          gender: 'female',
          interestedIn: 'everyone',
          latitude: -33.9249,
          longitude: 18.4241,
        },
      },
      { as: thandi },
    );
    expect(save.errors).toBeUndefined();
    const found = (await gql(`{ datingProfiles { id aliasName photos compatibility } }`, {}, { as: thandi })).data
      .datingProfiles as Array<{ id: string; aliasName: string; photos: string[] }>;
    expect(found.length).toBeGreaterThanOrEqual(4);
    found.forEach((a) => expect(a.photos[0]).toMatch(/^\/media\//));
    const welcomer = found.find((a) => a.aliasName === DEMO_ALIASES.find((d) => d.likesNewcomers)!.aliasName)!;
    const r = await gql(
      `mutation($id: ID!) { reactToDatingAlias(aliasId: $id, kind: "like") { match { alias { aliasName } } } }`,
      { id: welcomer.id },
      { as: thandi },
    );
    expect(r.data.reactToDatingAlias.match.alias.aliasName).toBe('Table Mountain Hiker');
  });
});
