import { entityReportable } from '../reports/reportables';
import { Reel } from './reel.entity';
import { deleteReelIn } from './reel.service';

/**
 * Reels: seen unless a block stands between the viewer and the author; removed as the author deletes them (files too).
 */
export const reelReportable = entityReportable(
  Reel,
  'Reel',
  (r) => ({
    id: r.id,
    authorId: r.authorId,
    text: [r.title, r.caption].filter(Boolean).join('\n'),
    mediaUrls: [r.thumbnailUrl ?? r.imageUrl ?? r.videoUrl].filter((u): u is string => !!u),
    url: `/reels?id=${r.id}`,
  }),
  deleteReelIn,
);
