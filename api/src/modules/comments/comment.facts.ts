import type { FactSql } from '../../kernel/facts';

/** What a post's comments add to a page of posts (one statement for the page: see kernel/facts.ts). */
export interface PostCommentFacts {
  commentCount: number;
}

export const postCommentFacts: FactSql<PostCommentFacts> = {
  commentCount: 'SELECT count(*)::int FROM comments WHERE post_id = t.id',
};
