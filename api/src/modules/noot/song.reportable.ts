import { notFound } from '../../kernel/errors';
import { byIds } from '../../kernel/rows';
import { entityReportable, seenBy, type Reportable, type ReportedItem } from '../reports/reportables';
import { nootPolicy } from './noot.policy';
import { deleteSongIn } from './noot.service';
import { NootSong } from './noot-song.entity';

const songItem = (s: NootSong): ReportedItem => ({
  id: s.id,
  authorId: s.uploaderId,
  text: [s.title, s.artist, s.album].filter(Boolean).join('\n'),
  mediaUrls: [s.coverImageUrl].filter((u): u is string => !!u),
  url: `/noot-vir-noot?song=${s.id}`,
});

const songs = entityReportable(NootSong, 'Song', songItem, deleteSongIn);

/**
 * Noot vir Noot songs: seen as the chart shows them (approved, or pending and the viewer's own or the viewer an
 * admin: `nootPolicy.canSee`), unless a block stands between the viewer and the uploader or the uploader is suspended;
 * removed with their files (the mp3, the cover and its renditions), their likes following by foreign key.
 */
export const songReportable: Reportable = {
  ...songs,
  async reportable(viewer, id) {
    const [song] = await byIds(NootSong, [id]);
    if (!song || !nootPolicy.canSee(viewer, song)) throw notFound('Song');
    return seenBy(viewer, 'Song', songItem(song));
  },
};
