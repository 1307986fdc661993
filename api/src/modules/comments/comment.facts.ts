import type { FactSql } from '../../kernel/facts';
import { notBlockedSql } from '../blocks/block.service';

/**
 * What a post's comments add to a page of posts (one statement for the page: see kernel/facts.ts). The count leaves
 * out the comments of members the viewer blocked or was blocked by, as the list does (block.service.ts).
 */
export interface PostCommentFacts {
  commentCount: number;
}

export const postCommentFacts: FactSql<PostCommentFacts> = {
  commentCount: `SELECT count(*)::int FROM comments c WHERE c.post_id = t.id AND ${notBlockedSql('$2', 'c.author_id')}`,
};
