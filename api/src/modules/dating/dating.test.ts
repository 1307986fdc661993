import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { buildUser } from '../../test/factories';
import { codeOf, files, gql } from '../../test/helpers';
import { Notification } from '../notifications/notification.entity';
import type { User } from '../users/user.entity';
import { DatingAlias } from './dating-alias.entity';
import { DatingMatch } from './dating-match.entity';
import { DatingReaction } from './dating-reaction.entity';
import { compatibility, interestsOf } from './dating.service';

const ALIAS_FIELDS =
  'id aliasName age bio interests photos lookingFor gender interestedIn minAge maxAge radiusKm compatibility ' +
  'distanceKm';
const SAVE = `mutation($input: SaveDatingAliasInput!) { saveDatingAlias(input: $input) { ${ALIAS_FIELDS} } }`;
const MINE = `{ myDatingAlias { ${ALIAS_FIELDS} } }`;
const DISCOVER = `query($first: Int) { datingProfiles(first: $first) { ${ALIAS_FIELDS} } }`;
const REACT =
  `mutation($id: ID!, $kind: String!) { reactToDatingAlias(aliasId: $id, kind: $kind) { kind match { id ` +
  `alias { id aliasName } } } }`;
const MATCHES = `{ datingMatches { nodes { id createdAt alias { id aliasName photos } } } }`;

const CAPE_TOWN = { latitude: -33.9249, longitude: 18.4241 };
const VALID = {
  aliasName: 'Sunset Seeker',
  age: 30,
  bio: 'Braai master',
  interests: 'hiking, braai, jazz',
  lookingFor: 'long-term',
  gender: 'male',
  interestedIn: 'everyone',
  ...CAPE_TOWN,
};

async function aliasOf(member: User, input: Record<string, unknown> = {}) {
  const r = await gql(SAVE, { input: { ...VALID, ...input } }, { as: member });
  expect(r.errors).toBeUndefined();
  return r.data.saveDatingAlias as { id: string; aliasName: string };
}

const reactions = () => db().getRepository(DatingReaction).count();
const matchCount = () => db().getRepository(DatingMatch).count();

describe('dating', () => {
  it('requires authentication for every operation', async () => {
    expect(codeOf(await gql(SAVE, { input: VALID }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(MINE))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(DISCOVER))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(REACT, { id: '00000000-0000-4000-8000-000000000000', kind: 'like' }))).toBe(
      'UNAUTHENTICATED',
    );
    expect(codeOf(await gql(MATCHES))).toBe('UNAUTHENTICATED');
  });

  it('a member without an alias has none; saving creates it with the spec defaults (ages 18-99, radius 50), interests from the comma text', async () => {
    const me = await buildUser();
    expect((await gql(MINE, {}, { as: me })).data.myDatingAlias).toBeNull();
    await aliasOf(me, { interests: ' hiking, , Braai ,braai, jazz ' });
    const mine = (await gql(MINE, {}, { as: me })).data.myDatingAlias;
    expect(mine).toMatchObject({
      aliasName: 'Sunset Seeker',
      age: 30,
      interests: ['hiking', 'Braai', 'jazz'],
      minAge: 18,
      maxAge: 99,
      radiusKm: 50,
      photos: [],
    });
    // Saving again updates the one alias.
    await aliasOf(me, { aliasName: 'Night Owl', radiusKm: 100 });
    expect(await db().getRepository(DatingAlias).countBy({ memberId: me.id })).toBe(1);
    expect((await gql(MINE, {}, { as: me })).data.myDatingAlias).toMatchObject({
      aliasName: 'Night Owl',
      radiusKm: 100,
    });
  });

  it.each([
    [{ age: 17 }, 'age'],
    [{ age: 100 }, 'age'],
    [{ minAge: 17 }, 'minAge'],
    [{ maxAge: 100 }, 'maxAge'],
    [{ minAge: 40, maxAge: 30 }, 'maxAge'],
    [{ radiusKm: 0 }, 'radiusKm'],
    [{ radiusKm: 105 }, 'radiusKm'],
    [{ radiusKm: 52 }, 'radiusKm'],
    [{ aliasName: '  ' }, 'aliasName'],
    [{ bio: '' }, 'bio'],
    [{ lookingFor: 'casual' }, 'lookingFor'],
    [{ gender: 'robot' }, 'gender'],
    [{ interestedIn: 'other' }, 'interestedIn'],
    [{ photos: [files.png, files.png, files.png, files.png, files.png, files.png] }, 'photos'],
    [{ photos: [files.fakePng] }, 'photos'],
    [{ photos: [files.pdf] }, 'photos'],
    [{ photos: ['/media/someone-elses.jpg'] }, 'photos'],
  ])('refuses %o (field %s) and stores nothing', async (change, field) => {
    const me = await buildUser();
    const r = await gql(SAVE, { input: { ...VALID, ...change } }, { as: me });
    expect(codeOf(r)).toBe('BAD_USER_INPUT');
    expect(r.errors![0].extensions!.field).toBe(field);
    expect(await db().getRepository(DatingAlias).countBy({ memberId: me.id })).toBe(0);
  });

  it('accepts every radius step from 5 to 100 and ages at the edges 18 and 99', async () => {
    const me = await buildUser();
    for (const radiusKm of [5, 50, 100]) await aliasOf(me, { radiusKm });
    await aliasOf(me, { age: 18, minAge: 18, maxAge: 99 });
    await aliasOf(me, { age: 99 });
  });

  it('refuses a photo over 5 MB as too large', async () => {
    const r = await gql(
      SAVE,
      { input: { ...VALID, photos: [files.sized(5 * 1024 * 1024 + 1)] } },
      { as: await buildUser() },
    );
    expect(codeOf(r)).toBe('PAYLOAD_TOO_LARGE');
  });

  it('stores up to five photos through the media store, keeps those sent back by URL and drops the rest', async () => {
    const me = await buildUser();
    const r = await gql(SAVE, { input: { ...VALID, photos: [files.png, files.png] } }, { as: me });
    expect(r.errors).toBeUndefined();
    const photos = r.data.saveDatingAlias.photos as string[];
    expect(photos).toHaveLength(2);
    photos.forEach((p) => expect(p).toMatch(/^\/media\//));
    const again = await gql(SAVE, { input: { ...VALID, photos: [photos[1], files.png] } }, { as: me });
    expect(again.errors).toBeUndefined();
    expect(again.data.saveDatingAlias.photos[0]).toBe(photos[1]);
    expect(again.data.saveDatingAlias.photos).toHaveLength(2);
    expect(again.data.saveDatingAlias.photos).not.toContain(photos[0]);
  });

  it('discover filters by interested-in, age range and radius, leaves out the own alias and those acted on, with compatibility', async () => {
    const me = await buildUser();
    await aliasOf(me, {
      interestedIn: 'female',
      minAge: 25,
      maxAge: 35,
      radiusKm: 10,
      interests: 'hiking, braai, jazz',
    });
    const near = await aliasOf(await buildUser(), {
      aliasName: 'Near',
      gender: 'female',
      age: 28,
      interests: 'Jazz, hiking, surfing',
      latitude: -33.95,
      longitude: 18.45,
    });
    await aliasOf(await buildUser(), { aliasName: 'Male', gender: 'male', age: 28 });
    await aliasOf(await buildUser(), { aliasName: 'Too old', gender: 'female', age: 40 });
    await aliasOf(await buildUser(), {
      aliasName: 'Too far',
      gender: 'female',
      age: 30,
      latitude: -33.9366,
      longitude: 18.8614,
    }); // Stellenbosch, ~40 km
    const passed = await aliasOf(await buildUser(), { aliasName: 'Passed', gender: 'female', age: 30 });
    expect((await gql(REACT, { id: passed.id, kind: 'pass' }, { as: me })).errors).toBeUndefined();
    const found = (await gql(DISCOVER, {}, { as: me })).data.datingProfiles as Array<{
      id: string;
      aliasName: string;
      compatibility: number;
      distanceKm: number;
    }>;
    expect(found.map((a) => a.aliasName)).toEqual(['Near']);
    // Shared {hiking, jazz} of all {hiking, braai, jazz, surfing}: 50 %.
    expect(found[0]).toMatchObject({ id: near.id, compatibility: 50 });
    expect(found[0].distanceKm).toBeGreaterThan(2);
    expect(found[0].distanceKm % 5).toBe(0); // shown in steps of 5 km (dating.safety.test.ts)
    expect(found[0].distanceKm).toBeLessThanOrEqual(10);
    // 'everyone' and a wider radius bring the others back (the one passed stays out).
    await aliasOf(me, { interestedIn: 'everyone', minAge: 18, maxAge: 99, radiusKm: 100 });
    const all = ((await gql(DISCOVER, {}, { as: me })).data.datingProfiles as Array<{ aliasName: string }>)
      .map((a) => a.aliasName)
      .sort();
    expect(all).toEqual(expect.arrayContaining(['Male', 'Near', 'Too far', 'Too old']));
    expect(all).not.toContain('Passed');
  });

  it('compatibility is shared / all distinct interests of both, rounded to a percent', () => {
    expect(compatibility(['a', 'b'], ['B', 'c'])).toBe(33);
    expect(compatibility([], [])).toBe(0);
    expect(compatibility(['x'], ['X'])).toBe(100);
    expect(interestsOf('a, b,,A ')).toEqual(['a', 'b']);
  });

  it('browsing and reacting need an alias of your own', async () => {
    const other = await aliasOf(await buildUser());
    const me = await buildUser();
    expect(codeOf(await gql(DISCOVER, {}, { as: me }))).toBe('FORBIDDEN');
    expect(codeOf(await gql(REACT, { id: other.id, kind: 'like' }, { as: me }))).toBe('FORBIDDEN');
  });

  it('refuses reacting to your own alias and an unknown kind', async () => {
    const me = await buildUser();
    const mine = await aliasOf(me);
    const other = await aliasOf(await buildUser());
    expect(codeOf(await gql(REACT, { id: mine.id, kind: 'like' }, { as: me }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(REACT, { id: other.id, kind: 'superlike' }, { as: me }))).toBe('BAD_USER_INPUT');
  });

  it('one reaction per pair: 50 parallel likes make one row, the rest are CONFLICT', async () => {
    const me = await buildUser();
    await aliasOf(me);
    const other = await aliasOf(await buildUser());
    const before = await reactions();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => gql(REACT, { id: other.id, kind: i % 2 ? 'like' : 'wink' }, { as: me })),
    );
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(results.filter((r) => codeOf(r) === 'CONFLICT')).toHaveLength(49);
    expect((await reactions()) - before).toBe(1);
    // A pass after a like is refused too.
    expect(codeOf(await gql(REACT, { id: other.id, kind: 'pass' }, { as: me }))).toBe('CONFLICT');
  });

  it('a like alone makes no match; a like answering a like (or a wink) does, once; a pass never does', async () => {
    const [a, b, c] = [await buildUser(), await buildUser(), await buildUser()];
    const aa = await aliasOf(a, { aliasName: 'Alpha' });
    const ba = await aliasOf(b, { aliasName: 'Bravo' });
    const ca = await aliasOf(c, { aliasName: 'Charlie' });
    const before = await matchCount();
    const first = await gql(REACT, { id: ba.id, kind: 'like' }, { as: a });
    expect(first.data.reactToDatingAlias).toEqual({ kind: 'like', match: null });
    expect((await gql(MATCHES, {}, { as: a })).data.datingMatches.nodes).toEqual([]);
    const second = await gql(REACT, { id: aa.id, kind: 'wink' }, { as: b });
    expect(second.data.reactToDatingAlias.match.alias).toEqual({ id: aa.id, aliasName: 'Alpha' });
    expect((await matchCount()) - before).toBe(1);
    expect(
      (await gql(MATCHES, {}, { as: a })).data.datingMatches.nodes.map(
        (m: { alias: { aliasName: string } }) => m.alias.aliasName,
      ),
    ).toEqual(['Bravo']);
    expect(
      (await gql(MATCHES, {}, { as: b })).data.datingMatches.nodes.map(
        (m: { alias: { aliasName: string } }) => m.alias.aliasName,
      ),
    ).toEqual(['Alpha']);
    // Charlie likes Alpha, Alpha passes Charlie: no match.
    await gql(REACT, { id: aa.id, kind: 'like' }, { as: c });
    expect((await gql(REACT, { id: ca.id, kind: 'pass' }, { as: a })).data.reactToDatingAlias.match).toBeNull();
    expect((await matchCount()) - before).toBe(1);
  });

  it('two aliases liking each other at the same moment match exactly once', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = [await buildUser(), await buildUser()];
      const [aa, ba] = [await aliasOf(a), await aliasOf(b)];
      const [ra, rb] = await Promise.all([
        gql(REACT, { id: ba.id, kind: 'like' }, { as: a }),
        gql(REACT, { id: aa.id, kind: 'like' }, { as: b }),
      ]);
      const made = [ra, rb].filter((r) => r.data.reactToDatingAlias.match);
      expect(made).toHaveLength(1);
      expect(
        await db()
          .getRepository(DatingMatch)
          .countBy({ firstAliasId: aa.id < ba.id ? aa.id : ba.id }),
      ).toBe(1);
    }
  });

  it("the liked member is told without the liker's real identity; on a match both are told", async () => {
    const a = await buildUser({ firstName: 'Pieter', lastName: 'Secretname', email: 'pieter.secret@example.com' });
    const b = await buildUser();
    const aa = await aliasOf(a, { aliasName: 'Alpha' });
    const ba = await aliasOf(b, { aliasName: 'Bravo' });
    await gql(REACT, { id: ba.id, kind: 'like' }, { as: a });
    const told = await db().getRepository(Notification).findBy({ recipientId: b.id });
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: 'Someone liked you', actorId: null });
    expect(JSON.stringify(told)).not.toMatch(/Pieter|Secretname|pieter\.secret/);
    expect(JSON.stringify(told)).not.toContain(a.id);
    await gql(REACT, { id: aa.id, kind: 'like' }, { as: b });
    expect((await db().getRepository(Notification).findBy({ recipientId: a.id })).map((n) => n.title).sort()).toEqual([
      "It's a Match!",
      'Someone liked you',
    ]);
    expect((await db().getRepository(Notification).findBy({ recipientId: b.id })).map((n) => n.title)).toContain(
      "It's a Match!",
    );
  });

  it('an alias that likes newcomers likes every new alias at once, so the newcomer matches by liking back', async () => {
    const host = await buildUser();
    const welcome = await aliasOf(host, { aliasName: 'Welcome' });
    await db().getRepository(DatingAlias).update({ id: welcome.id }, { likesNewcomers: true });
    const me = await buildUser();
    await aliasOf(me);
    const r = await gql(REACT, { id: welcome.id, kind: 'like' }, { as: me });
    expect(r.data.reactToDatingAlias.match.alias.aliasName).toBe('Welcome');
    // Updating the alias later does not like it again.
    await aliasOf(me, { bio: 'changed' });
    expect(await db().getRepository(DatingReaction).countBy({ fromAliasId: welcome.id })).toBeGreaterThanOrEqual(1);
    await db().getRepository(DatingAlias).update({ id: welcome.id }, { likesNewcomers: false });
  });
});
