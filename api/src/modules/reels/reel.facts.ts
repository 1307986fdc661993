import type { FactSql } from '../../kernel/facts';

/** What likes add to a page of reels (one statement for the page: see kernel/facts.ts). */
export interface ReelFacts {
  likeCount: number;
  viewerLiked: boolean;
}

export const reelFacts: FactSql<ReelFacts> = {
  likeCount: 'SELECT count(*)::int FROM reel_likes WHERE reel_id = t.id',
  viewerLiked: 'SELECT EXISTS (SELECT 1 FROM reel_likes WHERE reel_id = t.id AND member_id = $2)',
};
