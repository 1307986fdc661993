import type { FactSql } from '../../kernel/facts';

/** What shares add to a page of posts (one statement for the page: see kernel/facts.ts). */
export interface PostShareFacts {
  shareCount: number;
}

export const postShareFacts: FactSql<PostShareFacts> = {
  shareCount: 'SELECT count(*)::int FROM post_shares WHERE post_id = t.id',
};
