import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { buildUser } from '../../test/factories';
import { files, gql } from '../../test/helpers';
import type { User } from '../users/user.entity';
import { datingMatchOrigin } from './dating.conversation';

const SAVE = `mutation($input: SaveDatingAliasInput!) { saveDatingAlias(input: $input) { id photos } }`;
const REACT = `mutation($id: ID!) { reactToDatingAlias(aliasId: $id, kind: "like") { match { id } } }`;
const base = { age: 30, bio: 'Hi', lookingFor: 'friend', gender: 'female', interestedIn: 'everyone', latitude: -33.9249, longitude: 18.4241 };

async function matched() {
  const [a, b] = [await buildUser({ firstName: 'Realfirst' }), await buildUser()];
  const aa = (await gql(SAVE, { input: { ...base, aliasName: 'Alpha', photos: [files.png] } }, { as: a })).data.saveDatingAlias;
  const ba = (await gql(SAVE, { input: { ...base, aliasName: 'Bravo' } }, { as: b })).data.saveDatingAlias;
  await gql(REACT, { id: ba.id }, { as: a });
  const matchId = (await gql(REACT, { id: aa.id }, { as: b })).data.reactToDatingAlias.match.id as string;
  return { a, b, matchId, alphaPhoto: aa.photos[0] as string };
}

const origin = (viewer: User, id: string) => datingMatchOrigin(viewer.id, id, db().manager);

describe('the dating match conversation origin', () => {
  it('keys the conversation by the match; both sides are their aliases (name, first photo), the viewer first', async () => {
    const { a, b, matchId, alphaPhoto } = await matched();
    expect(await origin(b, matchId)).toEqual({
      key: `datingMatch:${matchId}`,
      sides: [
        { memberId: b.id, persona: { name: 'Bravo', photoUrl: null } },
        { memberId: a.id, persona: { name: 'Alpha', photoUrl: alphaPhoto } },
      ],
    });
    expect((await origin(a, matchId)).sides.map((s) => s.persona.name)).toEqual(['Alpha', 'Bravo']);
    expect((await origin(a, matchId)).key).toBe((await origin(b, matchId)).key);
  });

  it('only the two matched members may start it: anyone else (with or without an alias) is FORBIDDEN; an unknown match NOT_FOUND', async () => {
    const { matchId } = await matched();
    const stranger = await buildUser();
    await expect(origin(stranger, matchId)).rejects.toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    await gql(SAVE, { input: { ...base, aliasName: 'Charlie' } }, { as: stranger });
    await expect(origin(stranger, matchId)).rejects.toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    await expect(origin(stranger, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ extensions: { code: 'NOT_FOUND' } });
  });
});
