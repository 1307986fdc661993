import { NootPlaylist } from '../../modules/noot/noot-playlist.entity';
import { NootSong } from '../../modules/noot/noot-song.entity';
import { NootMonthlyLikes } from '../../modules/noot/noot-monthly-likes.entity';
import { NootSongLike } from '../../modules/noot/noot-song-like.entity';
import { insert, insertByKey, next, memberRef } from './core';

/** A monthly playlist; each one gets its own month (from 2040 on) unless the overrides name one. */
export async function buildNootPlaylist(overrides: Partial<NootPlaylist> = {}): Promise<NootPlaylist> {
  const n = next();
  return insert(NootPlaylist, {
    name: `Playlist ${n}`,
    year: 2040 + Math.floor(n / 12),
    month: (n % 12) + 1,
    ...overrides,
  });
}

/** An approved song of a playlist (give `isAdminApproved: false` for a pending one). */
export async function buildNootSong(overrides: Partial<NootSong> = {}): Promise<NootSong> {
  const n = next();
  return insert(NootSong, {
    title: `Song ${n}`,
    artist: `Artist ${n}`,
    songFileUrl: `/media/audio/${n}.mp3`,
    isAdminApproved: true,
    ...overrides,
    playlistId: overrides.playlistId ?? (await buildNootPlaylist()).id,
    uploaderId: await memberRef(overrides.uploaderId),
  });
}

/** A member's like of a song (a new member and song unless given). */
export async function buildNootSongLike(overrides: Partial<NootSongLike> = {}): Promise<NootSongLike> {
  const key = { songId: overrides.songId ?? (await buildNootSong()).id, memberId: await memberRef(overrides.memberId) };
  return insertByKey(NootSongLike, key, overrides);
}

/** How many song likes a member (a new one unless given) used in a month (`month`: its first day, YYYY-MM-01). */
export async function buildNootMonthlyLikes(
  overrides: Partial<NootMonthlyLikes> & { month: string },
): Promise<NootMonthlyLikes> {
  const key = { memberId: await memberRef(overrides.memberId), month: overrides.month };
  return insertByKey(NootMonthlyLikes, key, { used: 0, ...overrides });
}
