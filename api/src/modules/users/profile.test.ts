import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { settings, useSettings } from '../../kernel/settings';
import { buildFriendship, buildPost, buildUser } from '../../test/factories';
import { codeOf, countQueries, gql, mediaFile, storedFiles } from '../../test/helpers';
import { FriendshipStatus } from '../friends/friendship.entity';

const PROFILE = `query($id: ID!) { user(id: $id) {
  id displayName email bio homeTown coverImageUrl profileImageUrl countryCode chosenCountryCode flagImageUrl
  followingCount friendCount groupCount } }`;
const UPDATE =
  `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { id firstName lastName bio ` +
  `homeTown countryCode chosenCountryCode } }`;
const PHOTO =
  `mutation($kind: ProfilePhoto!, $file: String!) { setProfilePhoto(kind: $kind, file: $file) { id ` +
  `profileImageUrl coverImageUrl } }`;

const png = async (width: number, height: number) =>
  `data:image/png;base64,${(
    await sharp({ create: { width, height, channels: 3, background: '#0a7' } })
      .png()
      .toBuffer()
  ).toString('base64')}`;

const original = settings();
afterEach(() => useSettings(original));

describe('profile', () => {
  it('requires authentication: the profile, its options and every change', async () => {
    const u = await buildUser();
    expect(codeOf(await gql(PROFILE, { id: u.id }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql('{ profileOptions { bioMaxLength } }'))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(UPDATE, { input: { bio: 'Hi' } }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(PHOTO, { kind: 'avatar', file: await png(10, 10) }))).toBe('UNAUTHENTICATED');
  });

  it("edits the viewer's own profile only: bio, home town, names and a chosen country", async () => {
    const [me, other] = await Promise.all([buildUser(), buildUser({ bio: 'Untouched' })]);
    const r = await gql(
      UPDATE,
      { input: { bio: '  Braai master in Leeds  ', homeTown: 'Durban', firstName: 'Sipho', countryCode: 'gb' } },
      { as: me },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data.updateProfile).toMatchObject({
      id: me.id,
      firstName: 'Sipho',
      bio: 'Braai master in Leeds',
      homeTown: 'Durban',
      countryCode: 'GB',
      chosenCountryCode: 'GB',
    });
    // There is no way to name another member: the mutation changes the viewer only.
    const theirs = await gql(PROFILE, { id: other.id }, { as: me });
    expect(theirs.data.user.bio).toBe('Untouched');
    // Fields left out stay; an empty text clears.
    const cleared = await gql(UPDATE, { input: { homeTown: '' } }, { as: me });
    expect(cleared.data.updateProfile).toMatchObject({
      bio: 'Braai master in Leeds',
      homeTown: null,
      firstName: 'Sipho',
    });
  });

  it('refuses bad input with BAD_USER_INPUT and writes nothing: too long, unknown country, NUL, empty name, wrong type', async () => {
    const me = await buildUser({ bio: 'Before' });
    for (const input of [
      { bio: 'x'.repeat(161) },
      { homeTown: 'y'.repeat(81) },
      { countryCode: 'XX' },
      { countryCode: 'ZAF' },
      { bio: 'nul\u0000byte' },
      { firstName: '   ' },
    ]) {
      const r = await gql(UPDATE, { input }, { as: me });
      expect(codeOf(r), JSON.stringify(input)).toBe('BAD_USER_INPUT');
    }
    // A wrong-typed field is refused before any resolver runs (HTTP answers 400: see the contract tests).
    expect((await gql(UPDATE, { input: { bio: 42 } }, { as: me })).errors![0].message).toMatch(
      /String cannot represent/,
    );
    expect((await gql(PROFILE, { id: me.id }, { as: me })).data.user.bio).toBe('Before');
    // The limits are the ones the dialog reads.
    const options = await gql(
      '{ profileOptions { bioMaxLength homeTownMaxLength countries { code name } } }',
      {},
      { as: me },
    );
    expect(options.data.profileOptions).toMatchObject({ bioMaxLength: 160, homeTownMaxLength: 80 });
    expect(options.data.profileOptions.countries).toHaveLength(249);
    expect(options.data.profileOptions.countries).toContainEqual({ code: 'ZA', name: 'South Africa' });
  });

  it("never shows another member's e-mail or chosen country; the member sees their own", async () => {
    const [me, other] = await Promise.all([buildUser(), buildUser({ countryCode: 'NZ' })]);
    const theirs = (await gql(PROFILE, { id: other.id }, { as: me })).data.user;
    expect(theirs.email).toBeNull();
    expect(theirs.chosenCountryCode).toBeNull();
    expect(theirs.countryCode).toBe('NZ');
    expect((await gql(PROFILE, { id: other.id }, { as: other })).data.user.email).toBe(other.email);
  });

  it('counts Following, Friends (accepted only) and Groups', async () => {
    const [me, a, b, c] = await Promise.all([buildUser(), buildUser(), buildUser(), buildUser()]);
    await buildFriendship({ a: me, b: a });
    await buildFriendship({ a: b, b: me });
    await buildFriendship({ a: me, b: c, status: FriendshipStatus.pending });
    await gql(`mutation($id: ID!) { followMember(userId: $id) { id } }`, { id: a.id }, { as: me });
    const group = await gql(
      `mutation($input: CreateGroupInput!) { createGroup(input: $input) { id } }`,
      {
        input: {
          name: `Profile group ${Date.now()}`,
          description: 'd',
          locationName: 'Cape Town',
          latitude: -33.9,
          longitude: 18.4,
          type: 'Braai',
          requiresApproval: false,
        },
      },
      { as: me },
    );
    expect(group.errors).toBeUndefined();
    const p = (await gql(PROFILE, { id: me.id }, { as: a })).data.user;
    expect({ following: p.followingCount, friends: p.friendCount, groups: p.groupCount }).toEqual({
      following: 1,
      friends: 2,
      groups: 1,
    });
    expect((await gql(PROFILE, { id: c.id }, { as: me })).data.user.friendCount).toBe(0);
  });

  it('the counts of a page of members cost one statement', async () => {
    const me = await buildUser();
    const many = await Promise.all(Array.from({ length: 8 }, () => buildUser()));
    const ids = many.map((m) => m.id);
    const q = ids.map((id, i) => `u${i}: user(id: "${id}") { friendCount groupCount followingCount }`).join(' ');
    const { result, queries } = await countQueries(() => gql(`{ ${q} }`, {}, { as: me }));
    expect(result.errors).toBeUndefined();
    // the members by id, their facts
    expect(queries.length, queries.join('\n')).toBe(2);
  });

  it('sets the avatar and the cover through the media store with a thumbnail; a new one removes the old files', async () => {
    const me = await buildUser();
    const first = await gql(PHOTO, { kind: 'avatar', file: await png(900, 600) }, { as: me });
    expect(first.errors).toBeUndefined();
    const avatar = first.data.setProfilePhoto.profileImageUrl as string;
    expect(avatar).toMatch(/^\/media\/thumbs\/.+\.jpg$/);
    expect(await sharp(mediaFile(avatar)).metadata()).toMatchObject({ width: 480, height: 480 });
    const cover = (await gql(PHOTO, { kind: 'cover', file: await png(1600, 500) }, { as: me })).data.setProfilePhoto;
    expect(cover.coverImageUrl).toMatch(/^\/media\/images\/.+\.png$/);
    expect((await sharp(mediaFile(cover.coverImageUrl)).metadata()).width).toBe(1080);
    expect(cover.profileImageUrl).toBe(avatar);
    const second = await gql(PHOTO, { kind: 'avatar', file: await png(300, 300) }, { as: me });
    expect(second.data.setProfilePhoto.profileImageUrl).not.toBe(avatar);
    expect(fs.existsSync(mediaFile(avatar))).toBe(false);
    expect(fs.existsSync(mediaFile(cover.coverImageUrl))).toBe(true);
  });

  it('two uploads at once leave one avatar and no orphan files', async () => {
    const me = await buildUser();
    const before = storedFiles();
    const answers = await Promise.all([
      gql(PHOTO, { kind: 'avatar', file: await png(300, 300) }, { as: me }),
      gql(PHOTO, { kind: 'avatar', file: await png(200, 200) }, { as: me }),
    ]);
    expect(answers.map((a) => a.errors)).toEqual([undefined, undefined]);
    const [row] = await db().query('SELECT profile_image_url AS url, profile_media AS media FROM users WHERE id = $1', [
      me.id,
    ]);
    expect(row.media.avatar).toContain(row.url);
    expect(storedFiles() - before).toBe(row.media.avatar.length);
    for (const url of row.media.avatar) expect(fs.existsSync(mediaFile(url))).toBe(true);
  });

  it('refuses a photo of the wrong type (by its bytes, whatever it claims) or too large, and keeps the old one', async () => {
    const me = await buildUser({ profileImageUrl: '/media/thumbs/kept.jpg' });
    const pdfAsPng = `data:image/png;base64,${Buffer.from('%PDF-1.4 not an image').toString('base64')}`;
    expect(codeOf(await gql(PHOTO, { kind: 'avatar', file: pdfAsPng }, { as: me }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(PHOTO, { kind: 'avatar', file: 'not a data url' }, { as: me }))).toBe('BAD_USER_INPUT');
    expect((await gql(PHOTO, { kind: 'sideways', file: await png(5, 5) }, { as: me })).errors![0].message).toMatch(
      /"sideways"/,
    );
    const huge = `data:image/png;base64,${Buffer.alloc(5 * 1024 * 1024 + 10).toString('base64')}`;
    expect(codeOf(await gql(PHOTO, { kind: 'cover', file: huge }, { as: me }))).toBe('PAYLOAD_TOO_LARGE');
    expect((await gql(PROFILE, { id: me.id }, { as: me })).data.user).toMatchObject({
      profileImageUrl: '/media/thumbs/kept.jpg',
      coverImageUrl: null,
    });
  });

  it("lists one member's posts newest first, page by page", async () => {
    const [me, author] = await Promise.all([buildUser(), buildUser()]);
    for (let i = 0; i < 5; i++)
      await buildPost({ authorId: author.id, content: `Post ${i}`, createdAt: new Date(Date.UTC(2026, 1, 1, 0, i)) });
    await buildPost({ authorId: me.id, content: 'Not theirs' });
    const POSTS =
      `query($id: ID!, $after: String) { postsBy(authorId: $id, first: 3, after: $after) { nodes { ` +
      `content } pageInfo { endCursor hasNextPage } } }`;
    const one = (await gql(POSTS, { id: author.id }, { as: me })).data.postsBy;
    expect(one.nodes.map((n: { content: string }) => n.content)).toEqual(['Post 4', 'Post 3', 'Post 2']);
    const two = (await gql(POSTS, { id: author.id, after: one.pageInfo.endCursor }, { as: me })).data.postsBy;
    expect(two.nodes.map((n: { content: string }) => n.content)).toEqual(['Post 1', 'Post 0']);
    expect(two.pageInfo.hasNextPage).toBe(false);
    expect(codeOf(await gql(POSTS, { id: 'nope' }, { as: me }))).toBe('BAD_USER_INPUT');
  });

  describe('the country flag', () => {
    async function stub(answer: (ip: string) => { status?: number; body: string; delayMs?: number }) {
      const asked: string[] = [];
      const server = http.createServer((req, res) => {
        const ip = decodeURIComponent(req.url!.split('/')[2] ?? '');
        asked.push(ip);
        const a = answer(ip);
        setTimeout(() => {
          res.writeHead(a.status ?? 200, { 'content-type': 'text/plain' });
          res.end(a.body);
        }, a.delayMs ?? 0);
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ip/{ip}`;
      return {
        asked,
        url,
        close: () => new Promise<void>((r) => server.closeAllConnections() || server.close(() => r())),
      };
    }

    it('is detected from the request IP on the own profile and stored, shown to the member only; the chosen one wins for everyone', async () => {
      const s = await stub(() => ({ body: JSON.stringify({ countryCode: 'AU' }) }));
      try {
        useSettings({
          ...original,
          country: { lookupUrl: s.url, lookupTimeoutMs: 1000, flagImageUrl: 'https://flags.example/{code}.png' },
        });
        const [me, other] = await Promise.all([buildUser(), buildUser()]);
        // Another member's visit does not detect anything (their IP is not the member's).
        expect((await gql(PROFILE, { id: me.id }, { as: other, ip: '203.0.113.9' })).data.user.countryCode).toBeNull();
        const own = (await gql(PROFILE, { id: me.id }, { as: me, ip: '198.51.100.7' })).data.user;
        expect(own).toMatchObject({
          countryCode: 'AU',
          chosenCountryCode: null,
          flagImageUrl: 'https://flags.example/au.png',
        });
        expect(s.asked).toEqual(['198.51.100.7']);
        // Where the member is now is not another member's to see: only a country they choose is shown to others.
        expect((await gql(PROFILE, { id: me.id }, { as: other })).data.user).toMatchObject({
          countryCode: null,
          flagImageUrl: null,
        });
        await gql(UPDATE, { input: { countryCode: 'ZA' } }, { as: me });
        expect((await gql(PROFILE, { id: me.id }, { as: me })).data.user.countryCode).toBe('ZA');
        expect((await gql(PROFILE, { id: me.id }, { as: other })).data.user.countryCode).toBe('ZA');
        expect(s.asked).toHaveLength(1);
      } finally {
        await s.close();
      }
    });

    it('degrades to no flag, never an error or a hang: unset, failing, slow or unreachable lookup', async () => {
      const me = await buildUser();
      expect((await gql(PROFILE, { id: me.id }, { as: me })).data.user).toMatchObject({
        countryCode: null,
        flagImageUrl: null,
      });
      const failing = await stub(() => ({ status: 500, body: 'boom' }));
      const slow = await stub(() => ({ body: 'ZA', delayMs: 3000 }));
      try {
        for (const lookupUrl of [failing.url, slow.url, 'http://127.0.0.1:9/{ip}']) {
          const m = await buildUser();
          useSettings({ ...original, country: { lookupUrl, lookupTimeoutMs: 300, flagImageUrl: undefined } });
          const started = Date.now();
          const r = await gql(PROFILE, { id: m.id }, { as: m });
          expect(r.errors).toBeUndefined();
          expect(r.data.user.countryCode).toBeNull();
          expect(Date.now() - started).toBeLessThan(2000);
        }
      } finally {
        await Promise.all([failing.close(), slow.close()]);
      }
    });
  });
});
