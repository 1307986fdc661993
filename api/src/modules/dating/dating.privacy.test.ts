import { getNamedType, isInterfaceType, isObjectType, isUnionType, type GraphQLNamedType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { getSchema } from '../../schema';
import { buildUser } from '../../test/factories';
import { files, gql } from '../../test/helpers';

/** Every object type reachable from `start` through fields (and union / interface members), with the path to it. */
async function reachable(start: string): Promise<Map<string, string>> {
  const schema = await getSchema();
  const seen = new Map<string, string>([[start, start]]);
  const queue = [start];
  while (queue.length) {
    const name = queue.shift()!;
    const type = schema.getType(name) as GraphQLNamedType;
    const next: Array<[GraphQLNamedType, string]> = [];
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const f of Object.values(type.getFields())) next.push([getNamedType(f.type), `${seen.get(name)}.${f.name}`]);
    }
    if (isUnionType(type)) for (const t of type.getTypes()) next.push([t, `${seen.get(name)}|${t.name}`]);
    if (isInterfaceType(type))
      for (const t of schema.getPossibleTypes(type)) next.push([t, `${seen.get(name)}|${t.name}`]);
    for (const [t, path] of next) {
      if (seen.has(t.name)) continue;
      seen.set(t.name, path);
      queue.push(t.name);
    }
  }
  return seen;
}

/** Field names that would name or reach the member behind an alias. */
const IDENTITY_FIELD =
  /^(member|memberId|user|userId|owner|ownerId|author|email|firstName|lastName|fullName|realName|displayName|avatar|avatarUrl|profilePicture|latitude|longitude)$/i;

describe('dating privacy', () => {
  it.each(['DatingAlias', 'DatingMatch', 'DatingReactionResult', 'DatingMatchConnection'])(
    'nothing reachable from %s leads to a member: no User type, no identity field',
    async (start) => {
      const schema = await getSchema();
      const types = await reachable(start);
      expect(types.has('User'), `User reached via ${types.get('User')}`).toBe(false);
      for (const name of types.keys()) {
        const type = schema.getType(name);
        if (!isObjectType(type)) continue;
        for (const field of Object.keys(type.getFields()))
          expect(field, `${types.get(name)}.${field}`).not.toMatch(IDENTITY_FIELD);
      }
      // The walk itself works: from DatingMatch it reaches the alias.
      if (start === 'DatingMatch') expect(types.has('DatingAlias')).toBe(true);
    },
  );

  it("another member's answers about an alias and a match carry nothing of the real member (no name, e-mail, id, avatar)", async () => {
    const secret = await buildUser({
      firstName: 'Zanele',
      lastName: 'Hiddensurname',
      email: 'zanele.hidden@example.com',
    });
    const viewer = await buildUser();
    const base = {
      age: 30,
      bio: 'Hi',
      interests: 'jazz',
      lookingFor: 'friend',
      gender: 'female',
      interestedIn: 'everyone',
      latitude: -33.9249,
      longitude: 18.4241,
    };
    const save = `mutation($input: SaveDatingAliasInput!) { saveDatingAlias(input: $input) { id } }`;
    const theirs = (await gql(save, { input: { ...base, aliasName: 'Mystery', photos: [files.png] } }, { as: secret }))
      .data.saveDatingAlias.id as string;
    const mine = (await gql(save, { input: { ...base, aliasName: 'Seeker' } }, { as: viewer })).data.saveDatingAlias
      .id as string;
    const all =
      'id aliasName age bio interests photos lookingFor gender interestedIn minAge maxAge radiusKm compatibility ' +
      'distanceKm';
    const react =
      `mutation($id: ID!) { reactToDatingAlias(aliasId: $id, kind: "like") { kind match { id createdAt ` +
      `alias { ${all} } } } }`;
    const answers = [
      await gql(`{ datingProfiles { ${all} } }`, {}, { as: viewer }),
      await gql(react, { id: theirs }, { as: viewer }),
      await gql(react, { id: mine }, { as: secret }),
      await gql(`{ datingMatches { nodes { id createdAt alias { ${all} } } } }`, {}, { as: viewer }),
    ];
    for (const a of answers) expect(a.errors).toBeUndefined();
    const json = JSON.stringify(answers.map((a) => a.data));
    expect(json).toContain('Mystery');
    for (const leak of [secret.id, 'Zanele', 'Hiddensurname', 'zanele.hidden', secret.email!])
      expect(json).not.toContain(leak);
  });
});
