import type { FactSql } from '../../kernel/facts';

/** What saved check-ins add to a page of posts (one statement for the page: see kernel/facts.ts). */
export interface PostCheckinFacts {
  /** The viewer's saved check-in of the post, if saved. */
  savedCheckinId: string | null;
}

export const postCheckinFacts: FactSql<PostCheckinFacts> = {
  savedCheckinId: 'SELECT id FROM saved_checkins WHERE post_id = t.id AND member_id = $2',
};
