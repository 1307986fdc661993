import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { buildUser } from '../../test/factories';
import { codeOf, files, gql } from '../../test/helpers';
import type { User } from '../users/user.entity';
import { datingMatchOrigin } from './dating.conversation';
// The composition root registers the dating origin with the messages module.
import '../../schema';

const SAVE = `mutation($input: SaveDatingAliasInput!) { saveDatingAlias(input: $input) { id photos } }`;
const REACT = `mutation($id: ID!) { reactToDatingAlias(aliasId: $id, kind: "like") { match { id } } }`;
const base = {
  age: 30,
  bio: 'Hi',
  lookingFor: 'friend',
  gender: 'female',
  interestedIn: 'everyone',
  latitude: -33.9249,
  longitude: 18.4241,
};

async function matched() {
  const [a, b] = [await buildUser({ firstName: 'Realfirst' }), await buildUser()];
  const aa = (await gql(SAVE, { input: { ...base, aliasName: 'Alpha', photos: [files.png] } }, { as: a })).data
    .saveDatingAlias;
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
    await expect(origin(stranger, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      extensions: { code: 'NOT_FOUND' },
    });
  });

  it('startConversation({ datingMatchId }): one conversation per match, each side sees only the other alias; a third member is FORBIDDEN', async () => {
    const { a, b, matchId, alphaPhoto } = await matched();
    const START =
      `mutation($id: ID!) { startConversation(input: { datingMatchId: $id }) { id peer { name photoUrl ` +
      `memberId } me { name photoUrl memberId } } }`;
    const byB = await gql(START, { id: matchId }, { as: b });
    expect(byB.errors).toBeUndefined();
    expect(byB.data.startConversation.peer).toEqual({ name: 'Alpha', photoUrl: alphaPhoto, memberId: null });
    expect(byB.data.startConversation.me).toMatchObject({ name: 'Bravo', memberId: null });
    const byA = await gql(START, { id: matchId }, { as: a });
    expect(byA.data.startConversation.id).toBe(byB.data.startConversation.id);
    expect(byA.data.startConversation.peer).toMatchObject({ name: 'Bravo', memberId: null });
    const sent = await gql(
      `mutation($c: ID!) { sendMessage(conversationId: $c, body: "Hallo!") { id } }`,
      { c: byA.data.startConversation.id },
      { as: a },
    );
    expect(sent.errors).toBeUndefined();
    const list = await gql(
      `{ conversations { nodes { id peer { name photoUrl memberId } lastMessage { body } } } }`,
      {},
      { as: b },
    );
    expect(list.errors).toBeUndefined();
    expect(list.data.conversations.nodes).toEqual([
      {
        id: byA.data.startConversation.id,
        peer: { name: 'Alpha', photoUrl: alphaPhoto, memberId: null },
        lastMessage: { body: 'Hallo!' },
      },
    ]);
    const json = JSON.stringify([byB.data, byA.data, list.data]);
    for (const leak of [a.id, b.id, 'Realfirst', a.email!, b.email!, a.lastName, b.firstName])
      expect(json).not.toContain(leak);
    expect(codeOf(await gql(START, { id: matchId }, { as: await buildUser() }))).toBe('FORBIDDEN');
  });
});
