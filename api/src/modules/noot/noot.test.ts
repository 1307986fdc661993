import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { settings } from '../../kernel/settings';
import {
  buildNootMonthlyLikes,
  buildNootPlaylist,
  buildNootSong,
  buildNootSongLike,
  buildUser,
  buildUserBlock,
} from '../../test/factories';
import { codeOf, countQueries, files, gql, mediaFile, storedFiles } from '../../test/helpers';
import { Notification } from '../notifications/notification.entity';
import { Role, type User } from '../users/user.entity';
import { isMp3, silentMp3 } from './mp3';
import { monthOf } from './noot.service';
import { NootSong } from './noot-song.entity';

const SONG = 'id title artist album coverImageUrl songFileUrl isAdminApproved playCount likeCount viewerIsUploader';
const ACTIVE = `query { nootActivePlaylist { id name month year } }`;
const CREATE =
  `mutation($input: CreateNootPlaylistInput!) { createNootPlaylist(input: $input) { id name month year ` + `} }`;
const UPLOAD = `mutation($input: UploadNootSongInput!) { uploadNootSong(input: $input) { ${SONG} } }`;
const SONGS = `query($p: ID!) { nootSongs(playlistId: $p) { ${SONG} } }`;
const APPROVE = `mutation($id: ID!) { approveNootSong(id: $id) { id isAdminApproved } }`;
const REJECT = `mutation($id: ID!) { rejectNootSong(id: $id) }`;
const PLAY = `mutation($id: ID!) { playNootSong(id: $id) { playCount } }`;
const LIKE = `mutation($id: ID!) { likeNootSong(id: $id) { likeCount } }`;
const UNLIKE = `mutation($id: ID!) { unlikeNootSong(id: $id) { likeCount } }`;
const REMAINING = `query { nootMonthlyLikes { likesRemaining limit } }`;
const LIKED = `query($p: ID!) { nootLikedSongIds(playlistId: $p) }`;

const mp3 = (b: Buffer = silentMp3(8)) => `data:audio/mpeg;base64,${b.toString('base64')}`;
const admin = () => buildUser({ role: Role.admin });
const remaining = async (as: Awaited<ReturnType<typeof buildUser>>) =>
  (await gql(REMAINING, {}, { as })).data.nootMonthlyLikes.likesRemaining;

describe('noot vir noot', () => {
  it('requires authentication for every operation', async () => {
    const song = await buildNootSong();
    expect(codeOf(await gql(ACTIVE))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(SONGS, { p: song.playlistId }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(REMAINING))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(LIKE, { id: song.id }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(PLAY, { id: song.id }))).toBe('UNAUTHENTICATED');
    expect(
      codeOf(await gql(UPLOAD, { input: { playlistId: song.playlistId, title: 't', artist: 'a', songFile: mp3() } })),
    ).toBe('UNAUTHENTICATED');
  });

  it("playlists: admins only, the spec's validation messages, one per month, the active one is this month's", async () => {
    const member = await buildUser();
    const a = await admin();
    const input = { name: 'November Hits', month: 3, year: 2031 };
    expect(codeOf(await gql(CREATE, { input }, { as: member }))).toBe('FORBIDDEN');
    for (const [bad, message] of [
      [{ name: '  ' }, 'Playlist name is required'],
      [{ month: 13 }, 'Invalid month'],
      [{ month: 0 }, 'Invalid month'],
      [{ year: 2019 }, 'Invalid year'],
    ] as const) {
      const r = await gql(CREATE, { input: { ...input, ...bad } }, { as: a });
      expect(codeOf(r)).toBe('BAD_USER_INPUT');
      expect(r.errors![0].message).toContain(message);
    }
    expect((await gql(CREATE, { input }, { as: a })).data.createNootPlaylist).toMatchObject(input);
    expect(codeOf(await gql(CREATE, { input: { ...input, name: 'Again' } }, { as: a }))).toBe('CONFLICT');
    const now = new Date();
    const active = await buildNootPlaylist({
      year: now.getUTCFullYear(),
      month: now.getUTCMonth() + 1,
      name: 'This month',
    });
    expect((await gql(ACTIVE, {}, { as: member })).data.nootActivePlaylist).toMatchObject({
      id: active.id,
      name: 'This month',
    });
  });

  it("a member's upload waits for approval (seen by them and admins only); an admin's is published at once", async () => {
    const playlist = await buildNootPlaylist();
    const [member, other, a] = await Promise.all([buildUser(), buildUser(), admin()]);
    const r = await gql(
      UPLOAD,
      {
        input: {
          playlistId: playlist.id,
          title: ' Sarie Marais ',
          artist: 'Volk',
          album: '',
          songFile: mp3(),
          coverImage: files.png,
        },
      },
      { as: member },
    );
    expect(r.errors).toBeUndefined();
    const song = r.data.uploadNootSong;
    expect(song).toMatchObject({
      title: 'Sarie Marais',
      artist: 'Volk',
      album: null,
      isAdminApproved: false,
      playCount: 0,
      likeCount: 0,
      viewerIsUploader: true,
    });
    expect(song.songFileUrl).toMatch(/^\/media\/audio\/.+\.mp3$/);
    expect(fs.existsSync(mediaFile(song.songFileUrl))).toBe(true);
    expect(song.coverImageUrl).toMatch(/^\/media\//);
    expect((await gql(SONGS, { p: playlist.id }, { as: other })).data.nootSongs).toEqual([]);
    expect(
      (await gql(SONGS, { p: playlist.id }, { as: member })).data.nootSongs.map((s: { id: string }) => s.id),
    ).toEqual([song.id]);
    expect((await gql(SONGS, { p: playlist.id }, { as: a })).data.nootSongs.map((s: { id: string }) => s.id)).toEqual([
      song.id,
    ]);
    expect(codeOf(await gql(LIKE, { id: song.id }, { as: member }))).toBe('BAD_USER_INPUT');
    const byAdmin = (
      await gql(
        UPLOAD,
        { input: { playlistId: playlist.id, title: 'Admin song', artist: 'A', songFile: mp3() } },
        { as: a },
      )
    ).data.uploadNootSong;
    expect(byAdmin.isAdminApproved).toBe(true);
    expect(
      (await gql(SONGS, { p: playlist.id }, { as: other })).data.nootSongs.map((s: { id: string }) => s.id),
    ).toEqual([byAdmin.id]);
  });

  it("checks the mp3 by its bytes: a renamed file or random bytes are refused, nothing stored; the spec's messages for missing fields", async () => {
    const playlist = await buildNootPlaylist();
    const u = await buildUser();
    const before = storedFiles();
    const count = await db().getRepository(NootSong).count();
    const base = { playlistId: playlist.id, title: 't', artist: 'a' };
    for (const fake of [
      files.png,
      `data:audio/mpeg;base64,${Buffer.from('not an mp3 at all, just text').toString('base64')}`,
      mp3(Buffer.from([0xff, 0xfb, 0x90, 0xc4, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])),
    ]) {
      const r = await gql(UPLOAD, { input: { ...base, songFile: fake } }, { as: u });
      expect(codeOf(r)).toBe('BAD_USER_INPUT');
      expect(r.errors![0].message).toContain('must be an mp3');
    }
    expect(codeOf(await gql(UPLOAD, { input: { ...base, songFile: mp3(), coverImage: files.pdf } }, { as: u }))).toBe(
      'BAD_USER_INPUT',
    );
    for (const [input, message] of [
      [{ ...base, title: ' ', songFile: mp3() }, 'Title is required'],
      [{ ...base, artist: '', songFile: mp3() }, 'Artist is required'],
      [base, 'Song file is required'],
    ] as const) {
      expect((await gql(UPLOAD, { input }, { as: u })).errors![0].message).toContain(message);
    }
    expect(storedFiles()).toBe(before);
    expect(await db().getRepository(NootSong).count()).toBe(count);
  });

  it('reads mp3s with an ID3 tag and bare frames, and nothing else', () => {
    const id3 = Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 5]), Buffer.alloc(5), silentMp3(2)]);
    expect(isMp3(id3)).toBe(true);
    expect(isMp3(silentMp3(3))).toBe(true);
    expect(
      isMp3(
        Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 5]), Buffer.alloc(5), Buffer.from('hello')]),
      ),
    ).toBe(false);
    expect(isMp3(Buffer.from('ID3'))).toBe(false);
  });

  it('approval and rejection: admins only; a rejected upload is removed with its files and the uploader is told', async () => {
    const playlist = await buildNootPlaylist();
    const [member, a] = await Promise.all([buildUser(), admin()]);
    const upload = async (title: string) =>
      (await gql(UPLOAD, { input: { playlistId: playlist.id, title, artist: 'x', songFile: mp3() } }, { as: member }))
        .data.uploadNootSong;
    const keep = await upload('Keep');
    const drop = await upload('Drop');
    expect(codeOf(await gql(APPROVE, { id: keep.id }, { as: member }))).toBe('FORBIDDEN');
    expect(codeOf(await gql(REJECT, { id: drop.id }, { as: member }))).toBe('FORBIDDEN');
    expect((await gql(APPROVE, { id: keep.id }, { as: a })).data.approveNootSong).toEqual({
      id: keep.id,
      isAdminApproved: true,
    });
    expect((await gql(REJECT, { id: drop.id }, { as: a })).data.rejectNootSong).toBe(drop.id);
    expect(fs.existsSync(mediaFile(drop.songFileUrl))).toBe(false);
    expect(await db().getRepository(NootSong).existsBy({ id: drop.id })).toBe(false);
    const told = await db().getRepository(Notification).findBy({ recipientId: member.id });
    expect(told.map((n) => n.message)).toContain('Your song "Drop" by x was not approved for Noot vir Noot.');
    expect(codeOf(await gql(REJECT, { id: keep.id }, { as: a }))).toBe('CONFLICT');
    const other = await buildUser();
    expect(
      (await gql(SONGS, { p: playlist.id }, { as: other })).data.nootSongs.map((s: { id: string }) => s.id),
    ).toEqual([keep.id]);
  });

  it('a play raises the play count by one; the chart ranks by likes, then plays', async () => {
    const playlist = await buildNootPlaylist();
    const u = await buildUser();
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => buildNootSong({ playlistId: playlist.id })));
    expect((await gql(PLAY, { id: b.id }, { as: u })).data.playNootSong.playCount).toBe(1);
    expect((await gql(PLAY, { id: b.id }, { as: u })).data.playNootSong.playCount).toBe(2);
    await gql(PLAY, { id: c.id }, { as: u });
    await gql(LIKE, { id: a.id }, { as: u });
    expect((await gql(SONGS, { p: playlist.id }, { as: u })).data.nootSongs.map((s: { id: string }) => s.id)).toEqual([
      a.id,
      b.id,
      c.id,
    ]);
    expect((await gql(LIKED, { p: playlist.id }, { as: u })).data.nootLikedSongIds).toEqual([a.id]);
    const pending = await buildNootSong({ playlistId: playlist.id, isAdminApproved: false });
    expect(codeOf(await gql(PLAY, { id: pending.id }, { as: u }))).toBe('NOT_FOUND');
  });

  it('likes: once per member and song, unlike gives the like back, and the monthly limit says "limit"', async () => {
    const limit = settings().nootMonthlyLikes;
    expect(limit).toBe(10);
    const playlist = await buildNootPlaylist();
    const u = await buildUser();
    const songs = await Promise.all(
      Array.from({ length: limit + 1 }, () => buildNootSong({ playlistId: playlist.id })),
    );
    expect(await remaining(u)).toBe(limit);
    expect((await gql(LIKE, { id: songs[0].id }, { as: u })).data.likeNootSong.likeCount).toBe(1);
    expect(codeOf(await gql(LIKE, { id: songs[0].id }, { as: u }))).toBe('CONFLICT');
    expect(await remaining(u)).toBe(limit - 1);
    expect((await gql(UNLIKE, { id: songs[0].id }, { as: u })).data.unlikeNootSong.likeCount).toBe(0);
    expect(await remaining(u)).toBe(limit);
    for (const s of songs.slice(0, limit)) expect((await gql(LIKE, { id: s.id }, { as: u })).errors).toBeUndefined();
    expect(await remaining(u)).toBe(0);
    const over = await gql(LIKE, { id: songs[limit].id }, { as: u });
    expect(codeOf(over)).toBe('CONFLICT');
    expect(over.errors![0].message).toContain('limit');
    expect((await db().getRepository(NootSong).findOneByOrFail({ id: songs[limit].id })).likeCount).toBe(0);
  });

  it('50 concurrent likes from a member with one like left: exactly one succeeds', async () => {
    const limit = settings().nootMonthlyLikes;
    const playlist = await buildNootPlaylist();
    const u = await buildUser();
    const songs = await Promise.all(
      Array.from({ length: limit - 1 + 50 }, () => buildNootSong({ playlistId: playlist.id })),
    );
    for (const s of songs.slice(0, limit - 1)) await gql(LIKE, { id: s.id }, { as: u });
    expect(await remaining(u)).toBe(1);
    const results = await Promise.all(songs.slice(limit - 1).map((s) => gql(LIKE, { id: s.id }, { as: u })));
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(results.filter((r) => r.errors?.[0]?.message.includes('limit'))).toHaveLength(49);
    const [{ n }] = await db().query(`SELECT count(*)::int AS n FROM noot_song_likes WHERE member_id = $1`, [u.id]);
    expect(n).toBe(limit);
    expect(await remaining(u)).toBe(0);
  });

  it("the limit resets each calendar month: last month's likes do not count", async () => {
    const limit = settings().nootMonthlyLikes;
    const u = await buildUser();
    const now = new Date();
    const lastMonth = monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15)));
    await buildNootMonthlyLikes({ memberId: u.id, month: lastMonth, used: limit });
    const old = await buildNootSong();
    await buildNootSongLike({ songId: old.id, memberId: u.id, createdAt: new Date(`${lastMonth}T12:00:00Z`) });
    expect(await remaining(u)).toBe(limit);
    expect((await gql(LIKE, { id: (await buildNootSong()).id }, { as: u })).errors).toBeUndefined();
    // Taking back last month's like gives nothing back to this month.
    await db().query(`UPDATE noot_songs SET like_count = 1 WHERE id = $1`, [old.id]);
    await gql(UNLIKE, { id: old.id }, { as: u });
    expect(await remaining(u)).toBe(limit - 1);
  });
});

const PENDING =
  `query($first: Int, $after: String) { nootPendingSongs(first: $first, after: $after) {
  nodes { id title artist album coverImageUrl songFileUrl createdAt isAdminApproved uploader { id displayName } ` +
  `playlist { id name } }
  pageInfo { endCursor hasNextPage } } }`;
const audits = async (action: string, targetId: string) =>
  (await db().query(
    `SELECT actor_id, target_type, before, after FROM admin_audit_log WHERE action = $1 AND target_id = $2`,
    [action, targetId],
  )) as Array<{
    actor_id: string;
    target_type: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }>;
const songRow = (id: string) => db().getRepository(NootSong).findOneBy({ id });

describe('noot vir noot approvals (the admin panel)', () => {
  async function uploadAs(member: User, playlistId: string, title: string) {
    const r = await gql(
      UPLOAD,
      { input: { playlistId, title, artist: 'Die Kaalvoet', album: 'Braai', songFile: mp3(), coverImage: files.png } },
      { as: member },
    );
    expect(r.errors).toBeUndefined();
    return r.data.uploadNootSong as { id: string; songFileUrl: string; coverImageUrl: string };
  }

  it('requires authentication, and refuses a member the queue, approving and rejecting, changing nothing', async () => {
    const playlist = await buildNootPlaylist();
    const member = await buildUser();
    const song = await uploadAs(await buildUser(), playlist.id, 'Mine');
    const entries = (await db().query(`SELECT count(*)::int AS n FROM admin_audit_log`))[0].n;
    for (const [op, vars] of [
      [PENDING, {}],
      [APPROVE, { id: song.id }],
      [REJECT, { id: song.id }],
    ] as const) {
      expect(codeOf(await gql(op, vars)), op).toBe('UNAUTHENTICATED');
      expect(codeOf(await gql(op, vars, { as: member })), op).toBe('FORBIDDEN');
    }
    expect(await songRow(song.id)).toMatchObject({ isAdminApproved: false });
    expect(fs.existsSync(mediaFile(song.songFileUrl))).toBe(true);
    expect((await db().query(`SELECT count(*)::int AS n FROM admin_audit_log`))[0].n).toBe(entries);
  });

  it('lists pending uploads of every playlist, oldest first, a keyset page at a time, with uploader and playlist', async () => {
    await db().query(`DELETE FROM noot_songs WHERE NOT is_admin_approved`);
    const a = await admin();
    const [march, april] = [await buildNootPlaylist({ name: 'March' }), await buildNootPlaylist({ name: 'April' })];
    const uploader = await buildUser({ firstName: 'Lerato', lastName: 'Mokoena' });
    const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute));
    const second = await buildNootSong({
      playlistId: april.id,
      uploaderId: uploader.id,
      isAdminApproved: false,
      createdAt: at(2),
      title: 'Second',
    });
    const first = await buildNootSong({
      playlistId: march.id,
      uploaderId: uploader.id,
      isAdminApproved: false,
      createdAt: at(1),
      title: 'First',
      album: 'Vol 1',
    });
    const third = await buildNootSong({
      playlistId: march.id,
      isAdminApproved: false,
      createdAt: at(3),
      title: 'Third',
    });
    await buildNootSong({ playlistId: march.id, isAdminApproved: true, createdAt: at(0) });
    const page1 = (await gql(PENDING, { first: 2 }, { as: a })).data.nootPendingSongs;
    expect(page1.nodes.map((n: { id: string }) => n.id)).toEqual([first.id, second.id]);
    expect(page1.nodes[0]).toMatchObject({
      title: 'First',
      artist: first.artist,
      album: 'Vol 1',
      songFileUrl: first.songFileUrl,
      isAdminApproved: false,
      createdAt: at(1).toISOString(),
      uploader: { id: uploader.id, displayName: 'Lerato Mokoena' },
      playlist: { id: march.id, name: 'March' },
    });
    expect(page1.nodes[1].playlist.name).toBe('April');
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const page2 = (await gql(PENDING, { first: 2, after: page1.pageInfo.endCursor }, { as: a })).data.nootPendingSongs;
    expect(page2.nodes.map((n: { id: string }) => n.id)).toEqual([third.id]);
    expect(page2.pageInfo.hasNextPage).toBe(false);
    expect(codeOf(await gql(PENDING, { after: 'nope' }, { as: a }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(PENDING, { first: 101 }, { as: a }))).toBe('BAD_USER_INPUT');
    // The uploader is shown to admins and to the uploader only.
    const chart = `query($p: ID!) { nootSongs(playlistId: $p) { id uploader { id } } }`;
    const seen = (as: User) =>
      gql(chart, { p: march.id }, { as }).then((r) => r.data.nootSongs.find((s: { id: string }) => s.id === first.id));
    expect((await seen(uploader)).uploader).toEqual({ id: uploader.id });
    await db().query(`UPDATE noot_songs SET is_admin_approved = true WHERE id = $1`, [first.id]);
    expect((await seen(await buildUser())).uploader).toBeNull();
  });

  it('resolves a page of the queue in the same number of SQL statements for 2 songs and for 20', async () => {
    const a = await admin();
    const playlists = await Promise.all([0, 1, 2].map(() => buildNootPlaylist()));
    for (let i = 0; i < 24; i++) await buildNootSong({ playlistId: playlists[i % 3].id, isAdminApproved: false });
    const small = await countQueries(() => gql(PENDING, { first: 2 }, { as: a }));
    const large = await countQueries(() => gql(PENDING, { first: 20 }, { as: a }));
    expect(large.result.errors).toBeUndefined();
    expect(large.result.data.nootPendingSongs.nodes).toHaveLength(20);
    expect(large.queries.length).toBe(small.queries.length);
    expect(large.queries.length).toBeLessThanOrEqual(3); // the page, its uploaders, its playlists
  });

  it('approving writes one audit entry in its transaction; two admins approving at once both get the approved song, one entry', async () => {
    const playlist = await buildNootPlaylist();
    const [a, b] = [await admin(), await admin()];
    const member = await buildUser();
    const song = await uploadAs(member, playlist.id, 'Together');
    const [r1, r2] = await Promise.all([
      gql(APPROVE, { id: song.id }, { as: a }),
      gql(APPROVE, { id: song.id }, { as: b }),
    ]);
    expect(r1.errors).toBeUndefined();
    expect(r2.errors).toBeUndefined();
    expect(r1.data.approveNootSong).toEqual({ id: song.id, isAdminApproved: true });
    expect(r2.data.approveNootSong).toEqual({ id: song.id, isAdminApproved: true });
    const entries = await audits('noot.song.approve', song.id);
    expect(entries).toHaveLength(1);
    expect([a.id, b.id]).toContain(entries[0].actor_id);
    expect(entries[0]).toMatchObject({
      target_type: 'song',
      before: {
        title: 'Together',
        artist: 'Die Kaalvoet',
        album: 'Braai',
        playlistId: playlist.id,
        uploaderId: member.id,
        isAdminApproved: false,
      },
      after: { isAdminApproved: true },
    });
    // Approving again answers the song and records nothing; it is no longer in the queue, and others see it.
    expect((await gql(APPROVE, { id: song.id }, { as: a })).data.approveNootSong.isAdminApproved).toBe(true);
    expect(await audits('noot.song.approve', song.id)).toHaveLength(1);
    const queue = (await gql(PENDING, { first: 100 }, { as: a })).data.nootPendingSongs.nodes.map(
      (n: { id: string }) => n.id,
    );
    expect(queue).not.toContain(song.id);
    expect(
      (await gql(SONGS, { p: playlist.id }, { as: await buildUser() })).data.nootSongs.map((s: { id: string }) => s.id),
    ).toContain(song.id);
    // An approved song cannot be rejected; missing or malformed ids are answered clearly.
    expect(codeOf(await gql(REJECT, { id: song.id }, { as: a }))).toBe('CONFLICT');
    expect(codeOf(await gql(APPROVE, { id: '00000000-0000-4000-8000-000000000000' }, { as: a }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(APPROVE, { id: 'nope' }, { as: a }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(REJECT, { id: 'nope' }, { as: a }))).toBe('BAD_USER_INPUT');
  });

  it('rejecting removes the song and its files, tells the uploader once, and writes one audit entry, also when two admins reject at once', async () => {
    const playlist = await buildNootPlaylist();
    const [a, b] = [await admin(), await admin()];
    const member = await buildUser();
    const song = await uploadAs(member, playlist.id, 'Gone');
    const stored = [song.songFileUrl, song.coverImageUrl];
    expect(stored.every((url) => fs.existsSync(mediaFile(url)))).toBe(true);
    const results = await Promise.all([
      gql(REJECT, { id: song.id }, { as: a }),
      gql(REJECT, { id: song.id }, { as: b }),
    ]);
    expect(results.filter((r) => !r.errors).map((r) => r.data.rejectNootSong)).toEqual([song.id]);
    const refused = results.find((r) => r.errors)!;
    expect(refused.errors![0]).toMatchObject({ extensions: { code: 'NOT_FOUND' } });
    expect(await songRow(song.id)).toBeNull();
    expect(stored.some((url) => fs.existsSync(mediaFile(url)))).toBe(false);
    const told = await db().getRepository(Notification).findBy({ recipientId: member.id, title: 'Song not approved' });
    expect(told.map((n) => n.message)).toEqual([
      'Your song "Gone" by Die Kaalvoet was not approved for Noot vir Noot.',
    ]);
    const entries = await audits('noot.song.reject', song.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      target_type: 'song',
      before: { title: 'Gone', artist: 'Die Kaalvoet', uploaderId: member.id },
      after: null,
    });
    // A rejected song cannot be approved afterwards.
    expect(codeOf(await gql(APPROVE, { id: song.id }, { as: a }))).toBe('NOT_FOUND');
    expect(await audits('noot.song.approve', song.id)).toHaveLength(0);
  });

  it('an approval and a rejection at once: exactly one wins, with its one audit entry', async () => {
    const playlist = await buildNootPlaylist();
    const [a, b] = [await admin(), await admin()];
    const song = await uploadAs(await buildUser(), playlist.id, 'Race');
    const [approved, rejected] = await Promise.all([
      gql(APPROVE, { id: song.id }, { as: a }),
      gql(REJECT, { id: song.id }, { as: b }),
    ]);
    expect([approved, rejected].filter((r) => !r.errors)).toHaveLength(1);
    const loser = [approved, rejected].find((r) => r.errors)!;
    expect(['NOT_FOUND', 'CONFLICT']).toContain(codeOf(loser));
    const n = (await audits('noot.song.approve', song.id)).length + (await audits('noot.song.reject', song.id)).length;
    expect(n).toBe(1);
    expect(!!(await songRow(song.id))).toBe(!approved.errors);
  });
});

describe('noot vir noot: reporting a song (issue 24, finding 20)', () => {
  const REPORT =
    `mutation($id: ID!, $r: ReportReason!) { reportContent(kind: song, subjectId: $id, reason: $r) { id ` +
    `kind subjectId status } }`;
  const QUEUE = `query { moderationQueue(kind: song, first: 100) { nodes { id kind subjectId status
    content { authorId author { id displayName } text mediaUrls url removed } } } }`;
  const REMOVE = `mutation($id: ID!) { removeReportedContent(id: $id) { status content { removed } } }`;
  const ONE = `query($id: ID!) { nootSong(id: $id) { id title playlist { id } } }`;
  const SUSPEND_MEMBER = `mutation($id: ID!, $s: Boolean!) { adminSetUserSuspended(id: $id, suspended: $s) { id } }`;
  const reportStatuses = async (id: string) =>
    (
      (await db().query(`SELECT status FROM reports WHERE kind = 'song' AND subject_id = $1 ORDER BY created_at`, [
        id,
      ])) as Array<{ status: string }>
    ).map((r) => r.status);
  const likes = async (id: string) =>
    Number((await db().query(`SELECT count(*) FROM noot_song_likes WHERE song_id = $1`, [id]))[0].count);

  /** A member's song with its mp3 and cover in the media store, approved by `a`. */
  async function approvedSong(member: User, a: User, playlistId: string, title: string) {
    const r = await gql(
      UPLOAD,
      { input: { playlistId, title, artist: 'Die Kaalvoet', album: 'Braai', songFile: mp3(), coverImage: files.png } },
      { as: member },
    );
    expect(r.errors).toBeUndefined();
    expect((await gql(APPROVE, { id: r.data.uploadNootSong.id }, { as: a })).errors).toBeUndefined();
    return (await songRow(r.data.uploadNootSong.id))!;
  }

  it('a member reports a song; the admin sees it with its uploader, title and link, and removing it deletes the song, its likes and files', async () => {
    const playlist = await buildNootPlaylist();
    const a = await admin();
    const [uploader, reporter, blocked] = [
      await buildUser({ firstName: 'Sannie', lastName: 'Sanger' }),
      await buildUser(),
      await buildUser(),
    ];
    const song = await approvedSong(uploader, a, playlist.id, 'Rude Song');
    const stored = [...new Set([...song.files, song.songFileUrl, song.coverImageUrl!])];
    expect(stored.length).toBeGreaterThanOrEqual(2);
    expect(stored.every((url) => fs.existsSync(mediaFile(url)))).toBe(true);
    expect((await gql(LIKE, { id: song.id }, { as: reporter })).errors).toBeUndefined();

    // Only what the member may see on the chart can be reported: not their own, not through a block, not someone's
    // pending upload.
    expect(codeOf(await gql(REPORT, { id: song.id, r: 'spam' }, { as: uploader }))).toBe('FORBIDDEN');
    await buildUserBlock({ blockerId: uploader.id, blockedId: blocked.id });
    expect(codeOf(await gql(REPORT, { id: song.id, r: 'spam' }, { as: blocked }))).toBe('NOT_FOUND');
    expect(
      (await gql(SONGS, { p: playlist.id }, { as: blocked })).data.nootSongs.map((s: { id: string }) => s.id),
    ).not.toContain(song.id);
    expect((await gql(ONE, { id: song.id }, { as: blocked })).data.nootSong).toBeNull();
    const pending = await buildNootSong({ uploaderId: uploader.id, playlistId: playlist.id, isAdminApproved: false });
    expect(codeOf(await gql(REPORT, { id: pending.id, r: 'spam' }, { as: reporter }))).toBe('NOT_FOUND');
    expect((await gql(ONE, { id: pending.id }, { as: reporter })).data.nootSong).toBeNull();
    // The link the queue gives opens the song (nootSong, in any playlist) for whoever may see it.
    expect(codeOf(await gql(ONE, { id: song.id }))).toBe('UNAUTHENTICATED');
    const malformed = await gql(ONE, { id: 'nope' }, { as: reporter });
    expect(malformed.errors).toBeUndefined();
    expect(malformed.data.nootSong).toBeNull();
    expect((await gql(ONE, { id: song.id }, { as: reporter })).data.nootSong).toMatchObject({
      id: song.id,
      title: 'Rude Song',
      playlist: { id: playlist.id },
    });
    expect(await reportStatuses(song.id)).toEqual([]);

    const report = (await gql(REPORT, { id: song.id, r: 'copyright' }, { as: reporter })).data.reportContent;
    expect(report).toMatchObject({ kind: 'song', subjectId: song.id, status: 'open' });
    const entry = (await gql(QUEUE, {}, { as: a })).data.moderationQueue.nodes.find(
      (n: { subjectId: string }) => n.subjectId === song.id,
    );
    expect(entry.content).toEqual({
      authorId: uploader.id,
      author: { id: uploader.id, displayName: 'Sannie Sanger' },
      text: 'Rude Song\nDie Kaalvoet\nBraai',
      mediaUrls: [song.coverImageUrl],
      url: `/noot-vir-noot?song=${song.id}`,
      removed: false,
    });

    expect((await gql(REMOVE, { id: entry.id }, { as: a })).data.removeReportedContent).toEqual({
      status: 'removed',
      content: { removed: true },
    });
    expect(await songRow(song.id)).toBeNull();
    expect(await likes(song.id)).toBe(0);
    expect(stored.some((url) => fs.existsSync(mediaFile(url)))).toBe(false);
    expect(await reportStatuses(song.id)).toEqual(['removed']);
  });

  it('suspending the uploader removes their reported song (files too) and hides their other songs from the chart until lifted', async () => {
    const playlist = await buildNootPlaylist();
    const a = await admin();
    const [uploader, reporter, viewer] = [await buildUser(), await buildUser(), await buildUser()];
    const reported = await approvedSong(uploader, a, playlist.id, 'Reported');
    const other = await buildNootSong({ uploaderId: uploader.id, playlistId: playlist.id });
    const stored = [...new Set([...reported.files, reported.songFileUrl, reported.coverImageUrl!])];
    expect((await gql(REPORT, { id: reported.id, r: 'spam' }, { as: reporter })).errors).toBeUndefined();
    const chart = async () =>
      (await gql(SONGS, { p: playlist.id }, { as: viewer })).data.nootSongs.map((s: { id: string }) => s.id);
    expect((await chart()).sort()).toEqual([reported.id, other.id].sort());

    expect((await gql(SUSPEND_MEMBER, { id: uploader.id, s: true }, { as: a })).errors).toBeUndefined();
    expect(await songRow(reported.id)).toBeNull();
    expect(stored.some((url) => fs.existsSync(mediaFile(url)))).toBe(false);
    expect(await reportStatuses(reported.id)).toEqual(['actioned']);
    // Their unreported song stays, hidden from others (the chart, liking, reporting) while the suspension stands.
    expect(await songRow(other.id)).not.toBeNull();
    expect(await chart()).toEqual([]);
    expect(codeOf(await gql(REPORT, { id: other.id, r: 'spam' }, { as: viewer }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(LIKE, { id: other.id }, { as: viewer }))).toBe('NOT_FOUND');
    expect((await gql(ONE, { id: other.id }, { as: viewer })).data.nootSong).toBeNull();

    expect((await gql(SUSPEND_MEMBER, { id: uploader.id, s: false }, { as: a })).errors).toBeUndefined();
    expect(await chart()).toEqual([other.id]);
  });
});
