import { requireAdmin, requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import type { EntityManager } from 'typeorm';
import { db } from '../../kernel/database';
import { badInput, conflict, notFound } from '../../kernel/errors';
import { checkUuid, isUuid } from '../../kernel/ids';
import { text } from '../../kernel/input';
import { deleteMedia, storeMedia } from '../../kernel/media';
import { limitUploads } from '../../kernel/rate-limit';
import { settings } from '../../kernel/settings';
import { checkUpload, decodeDataUrl, storeUpload, storedUrls } from '../../kernel/upload';
import { keysetPage, type Page } from '../../kernel/pagination';
import { deleteRowIn } from '../../kernel/rows';
import { recordAdminAction } from '../admin/admin-audit.service';
import { notify } from '../notifications/notification.service';
import { notBlockedSql } from '../blocks/block.service';
import { isMp3 } from './mp3';
import { NootPlaylist } from './noot-playlist.entity';
import { NootSong } from './noot-song.entity';
import { nootPolicy } from './noot.policy';

const playlists = () => db().getRepository(NootPlaylist);
const songs = () => db().getRepository(NootSong);

/** The largest mp3 a member may upload. */
export const MAX_SONG_BYTES = 20 * 1024 * 1024;
/** The most songs one chart answers (a month's playlist). */
export const MAX_CHART = 100;
const MAX_TEXT = 200;

/** The first day of the calendar month (UTC) of `at`, as a date: the key of the monthly like counter. */
export const monthOf = (at: Date) => `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-01`;

export interface PlaylistDraft {
  name?: string | null;
  month?: number | null;
  year?: number | null;
}

/** Creates a month's playlist (admins only): the spec's messages; a second playlist for a month is a CONFLICT. */
export async function createPlaylist(viewer: Viewer | null, input: PlaylistDraft): Promise<NootPlaylist> {
  const admin = requireAdmin(viewer);
  const name = text(input.name, 'name', { max: 100 });
  if (!name) throw badInput('name', 'is required: Playlist name is required');
  const month = input.month;
  if (!Number.isInteger(month) || month! < 1 || month! > 12) throw badInput('month', 'must be 1 to 12: Invalid month');
  const year = input.year;
  if (!Number.isInteger(year) || year! < 2020 || year! > new Date().getUTCFullYear() + 9)
    throw badInput('year', 'must be 2020 or later: Invalid year');
  const [row] = (await db().query(
    `INSERT INTO noot_playlists (name, month, year, created_by_id) VALUES ($1, $2, $3, $4) ON CONFLICT (year, month) ` +
      `DO NOTHING RETURNING id`,
    [name, month, year, admin.id],
  )) as Array<{ id: string }>;
  if (!row) throw conflict('PLAYLIST_EXISTS', 'A playlist for this month already exists');
  return playlists().findOneByOrFail({ id: row.id });
}

/** This calendar month's playlist, or null when the admin has not created it yet. */
export async function activePlaylist(viewer: Viewer | null, now = new Date()): Promise<NootPlaylist | null> {
  return playlists().findOneBy({ year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 });
}

async function findPlaylist(id: string): Promise<NootPlaylist> {
  const playlist = await playlists().findOneBy({ id: checkUuid(id, 'playlistId') });
  if (!playlist) throw notFound('Playlist');
  return playlist;
}

/**
 * A playlist's chart: most liked first, then most played (then oldest). Approved songs for everyone; songs still
 * pending for admins (who see Pending Approval) and for the member who uploaded them (`nootPolicy.canSee`). Songs of a
 * member either side of a block with the viewer, or suspended, are left out (notBlockedSql), as in every list.
 */
export async function chart(viewer: Viewer | null, playlistId: string): Promise<NootSong[]> {
  const qb = songs()
    .createQueryBuilder('s')
    .where('s.playlist_id = :playlistId', { playlistId: checkUuid(playlistId, 'playlistId') })
    .orderBy('s.like_count', 'DESC')
    .addOrderBy('s.play_count', 'DESC')
    .addOrderBy('s.created_at', 'ASC')
    .addOrderBy('s.id', 'ASC')
    .limit(MAX_CHART);
  if (!nootPolicy.seesAllPending(viewer))
    qb.andWhere('(s.is_admin_approved OR s.uploader_id = :me)', { me: viewer?.id ?? null });
  qb.andWhere(notBlockedSql('CAST(:viewerId AS uuid)', 's.uploader_id'), { viewerId: viewer?.id ?? null });
  return qb.getMany();
}

/**
 * One song as the chart would show it to the viewer (the /noot-vir-noot?song= link the moderation queue opens, in
 * any playlist): null when there is none, it is someone else's pending upload (`nootPolicy.canSee`), or its uploader is
 * hidden from the viewer (a block either way, a suspension: notBlockedSql). A malformed id is BAD_USER_INPUT.
 */
export async function songOrNull(viewer: Viewer | null, id: string): Promise<NootSong | null> {
  const v = requireViewer(viewer);
  if (!isUuid(id)) return null;
  const song = await songs()
    .createQueryBuilder('s')
    .where('s.id = :id', { id })
    .andWhere(notBlockedSql('CAST(:viewerId AS uuid)', 's.uploader_id'), { viewerId: v.id })
    .getOne();
  return song && nootPolicy.canSee(v, song) ? song : null;
}

/** A song the viewer may see (`songOrNull`), or NOT_FOUND; a malformed id is BAD_USER_INPUT. */
async function visibleSong(viewer: Viewer, id: string): Promise<NootSong> {
  const song = await songOrNull(viewer, checkUuid(id, 'songId'));
  if (!song) throw notFound('Song');
  return song;
}

/** Every stored file of a song (the mp3, the cover and its renditions). */
const songFiles = (song: Pick<NootSong, 'files' | 'songFileUrl' | 'coverImageUrl'>) => [
  ...new Set([...song.files, song.songFileUrl, song.coverImageUrl]),
];

/**
 * Deletes a song's row (its likes follow by foreign key) in `tx` and answers its files, for the caller to delete
 * once `tx` has committed ([] when it was already gone): the moderation queue's removal of a reported song, and a
 * suspension's removal of its uploader's reported songs.
 */
export const deleteSongIn = (tx: EntityManager, id: string): Promise<string[]> =>
  deleteRowIn(tx, NootSong, id, songFiles);

export interface SongDraft {
  playlistId?: string | null;
  title?: string | null;
  artist?: string | null;
  album?: string | null;
  /** The cover image as a data URL (optional). */
  coverImage?: string | null;
  /** The mp3 as a data URL. */
  songFile?: string | null;
}

const optionalText = (v: unknown, field: string) => text(v, field, { max: MAX_TEXT });

/**
 * Uploads a song to a playlist: title, artist and the mp3 are required (the spec's messages), the mp3 is checked by
 * its bytes and the cover as an image. An admin's song is published at once; a member's waits for approval.
 */
export async function uploadSong(viewer: Viewer | null, input: SongDraft): Promise<NootSong> {
  const v = requireViewer(viewer);
  const playlist = await findPlaylist(String(input.playlistId ?? ''));
  const title = optionalText(input.title, 'title');
  if (!title) throw badInput('title', 'is required: Title is required');
  const artist = optionalText(input.artist, 'artist');
  if (!artist) throw badInput('artist', 'is required: Artist is required');
  const album = optionalText(input.album, 'album');
  if (!input.songFile) throw badInput('songFile', 'is required: Song file is required');
  const mp3 = decodeDataUrl(input.songFile, 'songFile', MAX_SONG_BYTES, 'Please select an mp3 smaller than 20MB.');
  if (!isMp3(mp3)) throw badInput('songFile', 'must be an mp3 file');
  const cover = input.coverImage ? await checkUpload(input.coverImage, 'image', 'coverImage') : null;
  await limitUploads(v.id, cover ? 2 : 1);
  const stored: string[] = [];
  try {
    const songFileUrl = await storeMedia(mp3, { folder: 'audio', ext: 'mp3' });
    stored.push(songFileUrl);
    const coverStored = cover ? await storeUpload(cover) : null;
    if (coverStored) stored.push(...storedUrls(coverStored));
    const inserted = await songs().insert({
      playlistId: playlist.id,
      uploaderId: v.id,
      title,
      artist,
      album,
      songFileUrl,
      coverImageUrl: coverStored?.url ?? null,
      files: stored,
      isAdminApproved: nootPolicy.approvedOnUpload(v),
    });
    return await songs().findOneByOrFail({ id: inserted.identifiers[0].id });
  } catch (err) {
    await deleteMedia(stored); // no song, no files
    throw err;
  }
}

/**
 * The admin panel's queue: pending uploads of every playlist, oldest first (the partial index
 * IDX_noot_songs_pending), one keyset page. Uploader and playlist come from loaders.
 */
export function pendingSongs(
  viewer: Viewer | null,
  args: { first?: number | null; after?: string | null },
): Promise<Page<NootSong>> {
  requireAdmin(viewer);
  const qb = songs().createQueryBuilder('s').where('NOT s.is_admin_approved');
  return keysetPage(qb, 's', args, 'ASC');
}

/** What the audit entry keeps of a song (its title and artist stay readable after a rejection removes it). */
const songFacts = (row: {
  title: string;
  artist: string;
  album: string | null;
  playlistId: string;
  uploaderId: string;
}) => ({
  title: row.title,
  artist: row.artist,
  album: row.album,
  playlistId: row.playlistId,
  uploaderId: row.uploaderId,
});

/**
 * An admin approves a pending song: it becomes public and can be liked. The guarded UPDATE and the audit entry
 * commit together; two admins approving at once both get the approved song and only one entry is written (the
 * second UPDATE waits for the first's row lock, then finds the song no longer pending). An approved song is
 * answered as it is; a rejected one is NOT_FOUND.
 */
export async function approveSong(viewer: Viewer | null, id: string): Promise<NootSong> {
  const admin = requireAdmin(viewer);
  const songId = checkUuid(id, 'songId');
  await db().transaction(async (tx) => {
    const [approved] = (await tx.query(
      `UPDATE noot_songs SET is_admin_approved = true WHERE id = $1 AND NOT is_admin_approved
       RETURNING title, artist, album, playlist_id AS "playlistId", uploader_id AS "uploaderId"`,
      [songId],
    )) as [Array<Parameters<typeof songFacts>[0]>];
    if (!approved.length) return; // already approved (answered below) or gone (NOT_FOUND below)
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: 'noot.song.approve',
      targetType: 'song',
      targetId: songId,
      before: { ...songFacts(approved[0]), isAdminApproved: false },
      after: { isAdminApproved: true },
    });
  });
  const song = await songs().findOneBy({ id: songId });
  if (!song) throw notFound('Song');
  return song;
}

/**
 * An admin rejects a pending song: it is removed (with an audit entry, in one transaction), then its files, and the
 * uploader is told. Answers its id. An approved song cannot be rejected (CONFLICT); a song already rejected (by
 * another admin a moment earlier) is NOT_FOUND, and nothing more is removed or recorded.
 */
export async function rejectSong(viewer: Viewer | null, id: string): Promise<string> {
  const admin = requireAdmin(viewer);
  const songId = checkUuid(id, 'songId');
  const row = await db().transaction(async (tx) => {
    const [[deleted]] = (await tx.query(
      `DELETE FROM noot_songs WHERE id = $1 AND NOT is_admin_approved
       RETURNING id, title, artist, album, playlist_id AS "playlistId", uploader_id AS "uploaderId", files, ` +
        `song_file_url AS "songFileUrl", cover_image_url AS "coverImageUrl"`,
      [songId],
    )) as [
      Array<
        Parameters<typeof songFacts>[0] & {
          id: string;
          files: string[];
          songFileUrl: string;
          coverImageUrl: string | null;
        }
      >,
    ];
    if (!deleted) return null;
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: 'noot.song.reject',
      targetType: 'song',
      targetId: songId,
      before: songFacts(deleted),
    });
    return deleted;
  });
  if (!row) {
    if (await songs().existsBy({ id: songId }))
      throw conflict('SONG_NOT_PENDING', 'Only a pending song can be rejected');
    throw notFound('Song');
  }
  await deleteMedia(songFiles(row));
  await notify(row.uploaderId, {
    title: 'Song not approved',
    message: `Your song "${row.title}" by ${row.artist} was not approved for Noot vir Noot.`,
    link: '/noot-vir-noot',
    actorId: admin.id,
  });
  return row.id;
}

/** Playback started: the song's play count rises by one. */
export async function playSong(viewer: Viewer | null, id: string): Promise<NootSong> {
  const v = requireViewer(viewer);
  const song = await visibleSong(v, id);
  const [[row]] = (await db().query(
    `UPDATE noot_songs SET play_count = play_count + 1 WHERE id = $1 RETURNING play_count`,
    [song.id],
  )) as [Array<{ play_count: number }>];
  return { ...song, playCount: row.play_count };
}

const limitReached = (limit: number) =>
  conflict(
    'LIKE_LIMIT_REACHED',
    `You have reached your monthly like limit of ${limit} songs. Likes reset at the start of next month.`,
  );

/**
 * Likes an approved song. One transaction: the member's counter row for this month is created if missing and
 * raised by a guarded UPDATE (used < limit) that locks it, so concurrent likes queue on the row and at most the
 * limit pass; then the like (unique per member and song: a second one is a CONFLICT and gives the count back).
 */
export async function likeSong(viewer: Viewer | null, id: string, now = new Date()): Promise<NootSong> {
  const v = requireViewer(viewer);
  const song = await visibleSong(v, id);
  if (!song.isAdminApproved) throw badInput('songId', 'is pending approval: only approved songs can be liked');
  const limit = settings().nootMonthlyLikes;
  const month = monthOf(now);
  const likeCount = await db().transaction(async (tx) => {
    await tx.query(`INSERT INTO noot_monthly_likes (member_id, month) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
      v.id,
      month,
    ]);
    const [counted] = (await tx.query(
      `UPDATE noot_monthly_likes SET used = used + 1 WHERE member_id = $1 AND month = $2 AND used < $3 RETURNING used`,
      [v.id, month, limit],
    )) as [unknown[]];
    if (!counted.length) throw limitReached(limit);
    const liked = (await tx.query(
      `INSERT INTO noot_song_likes (song_id, member_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING ` +
        `RETURNING song_id`,
      [song.id, v.id, now],
    )) as unknown[];
    if (!liked.length) throw conflict('ALREADY_LIKED', 'You already liked this song');
    const [[row]] = (await tx.query(
      `UPDATE noot_songs SET like_count = like_count + 1 WHERE id = $1 RETURNING like_count`,
      [song.id],
    )) as [Array<{ like_count: number }>];
    return row.like_count;
  });
  return { ...song, likeCount };
}

/** Takes the viewer's like back; a like given this month gives its place in the monthly limit back. */
export async function unlikeSong(viewer: Viewer | null, id: string, now = new Date()): Promise<NootSong> {
  const v = requireViewer(viewer);
  const song = await visibleSong(v, id);
  const likeCount = await db().transaction(async (tx) => {
    const [removed] = (await tx.query(
      `DELETE FROM noot_song_likes WHERE song_id = $1 AND member_id = $2 RETURNING created_at`,
      [song.id, v.id],
    )) as [Array<{ created_at: Date }>];
    if (!removed.length) return song.likeCount;
    if (monthOf(removed[0].created_at) === monthOf(now)) {
      await tx.query(`UPDATE noot_monthly_likes SET used = used - 1 WHERE member_id = $1 AND month = $2 AND used > 0`, [
        v.id,
        monthOf(now),
      ]);
    }
    const [[row]] = (await tx.query(
      `UPDATE noot_songs SET like_count = like_count - 1 WHERE id = $1 RETURNING like_count`,
      [song.id],
    )) as [Array<{ like_count: number }>];
    return row.like_count;
  });
  return { ...song, likeCount };
}

/** How many likes the viewer has left this calendar month, and the limit. */
export async function monthlyLikes(
  viewer: Viewer | null,
  now = new Date(),
): Promise<{ likesRemaining: number; limit: number }> {
  const v = requireViewer(viewer);
  const limit = settings().nootMonthlyLikes;
  const [row] = (await db().query(`SELECT used FROM noot_monthly_likes WHERE member_id = $1 AND month = $2`, [
    v.id,
    monthOf(now),
  ])) as Array<{ used: number }>;
  return { likesRemaining: Math.max(0, limit - (row?.used ?? 0)), limit };
}

/** The ids of the songs of a playlist the viewer likes. */
export async function likedSongIds(viewer: Viewer | null, playlistId: string): Promise<string[]> {
  const v = requireViewer(viewer);
  const rows = (await db().query(
    `SELECT l.song_id FROM noot_song_likes l JOIN noot_songs s ON s.id = l.song_id WHERE l.member_id = $1 AND ` +
      `s.playlist_id = $2`,
    [v.id, checkUuid(playlistId, 'playlistId')],
  )) as Array<{ song_id: string }>;
  return rows.map((r) => r.song_id);
}
