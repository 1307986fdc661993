import { db } from '../../kernel/database';
import { demoPhoto, type DemoPart } from '../../kernel/demo';
import { storeMedia } from '../../kernel/media';
import { DEMO_ADMIN, DEMO_MEMBERS } from '../users/user.demo';
import { User } from '../users/user.entity';
import { silentMp3 } from './mp3';
import { NootPlaylist } from './noot-playlist.entity';
import { NootSong } from './noot-song.entity';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** This month's playlist (made by the demo admin) with a few approved songs: short silent mp3s with covers. */
export const nootDemo: DemoPart = {
  name: 'noot',
  async load() {
    const users = db().getRepository(User);
    const admin = await users.findOneByOrFail({ email: DEMO_ADMIN.email });
    const now = new Date();
    const month = now.getUTCMonth() + 1;
    const year = now.getUTCFullYear();
    const inserted = await db()
      .getRepository(NootPlaylist)
      .createQueryBuilder()
      .insert()
      .values({ name: `${MONTHS[month - 1]} ${year} Top Hits`, month, year, createdById: admin.id })
      .orIgnore()
      .execute();
    const playlistId = inserted.identifiers[0]?.id as string | undefined;
    if (!playlistId) return; // an admin already made this month's playlist
    const samples = [
      {
        by: DEMO_MEMBERS[3].email,
        title: 'Shosholoza',
        artist: 'The Braai Boys',
        album: 'Lekker Tunes',
        colors: ['#1e7b4f', '#f2c744'],
        plays: 42,
        likes: 7,
      },
      {
        by: DEMO_MEMBERS[1].email,
        title: 'Sarie Marais',
        artist: 'Pieter en die Klavier',
        album: null,
        colors: ['#b5651d', '#3e2723'],
        plays: 31,
        likes: 5,
      },
      {
        by: DEMO_MEMBERS[2].email,
        title: 'Jozi Nights',
        artist: 'Lerato M',
        album: 'City Lights',
        colors: ['#7b1e5a', '#1a237e'],
        plays: 18,
        likes: 5,
      },
    ];
    for (const s of samples) {
      const uploader = await users.findOneByOrFail({ email: s.by });
      const cover = await demoPhoto('', s.colors[0], s.colors[1]);
      const songFileUrl = await storeMedia(silentMp3(60), { folder: 'audio', ext: 'mp3' });
      await db()
        .getRepository(NootSong)
        .insert({
          playlistId,
          uploaderId: uploader.id,
          title: s.title,
          artist: s.artist,
          album: s.album,
          coverImageUrl: cover.url,
          songFileUrl,
          files: [songFileUrl, cover.url, cover.thumbnailUrl, ...cover.variants.map((v) => v.url)],
          isAdminApproved: true,
          playCount: s.plays,
          likeCount: s.likes,
        });
    }
  },
};
