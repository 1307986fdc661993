import { defineModule } from '../../kernel/module';
import { ReportKind } from '../reports/report.entity';
import { NootPlaylistResolver, NootSongResolver } from './noot.resolver';
import { NootMonthlyLikes } from './noot-monthly-likes.entity';
import { NootPlaylist } from './noot-playlist.entity';
import { NootSongLike } from './noot-song-like.entity';
import { NootSong } from './noot-song.entity';
import { nootDemo } from './noot.demo';
import { nootLoaders } from './noot.loaders';
import { nootRest } from './noot.rest';
import { songReportable } from './song.reportable';

/** Noot vir Noot: playlists, songs and their likes. */
export const nootModule = defineModule({
  name: 'noot',
  resolvers: [NootPlaylistResolver, NootSongResolver],
  entities: [NootPlaylist, NootSong, NootSongLike, NootMonthlyLikes],
  loaders: { noot: nootLoaders },
  rest: nootRest,
  reportables: { [ReportKind.song]: songReportable },
  // A Noot vir Noot song: its mp3, its cover, and every file it stored (the cover's renditions).
  mediaColumns: [
    ['noot_songs', 'song_file_url'],
    ['noot_songs', 'cover_image_url'],
    ['noot_songs', 'files'],
  ],
  demo: [nootDemo],
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    noot_playlists: { member: ['created_by_id'] },
    noot_songs: { member: ['uploader_id'], media: ['files', 'song_file_url', 'cover_image_url'] },
    noot_song_likes: { member: ['member_id'] },
    noot_monthly_likes: { member: ['member_id'] },
  },
});
