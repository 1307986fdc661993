import { byIds } from '../../kernel/rows';
import { seenBy, type Reportable, type ReportedItem } from '../reports/reportables';
import { Reel } from './reel.entity';
import { deleteReelIn } from './reel.service';

const item = (r: Reel): ReportedItem => ({
  id: r.id,
  authorId: r.authorId,
  text: [r.title, r.caption].filter(Boolean).join('\n'),
  mediaUrls: [r.thumbnailUrl ?? r.imageUrl ?? r.videoUrl].filter((u): u is string => !!u),
  url: `/reels?id=${r.id}`,
});

/** Reels: seen unless a block stands between the viewer and the author; removed as the author deletes them (files too). */
export const reelReportable: Reportable = {
  load: async (ids) => (await byIds(Reel, ids)).map(item),
  async reportable(viewer, id) {
    const [reel] = await byIds(Reel, [id]);
    return seenBy(viewer, 'Reel', reel && item(reel));
  },
  remove: deleteReelIn,
};
