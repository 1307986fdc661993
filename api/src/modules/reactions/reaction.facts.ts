import type { FactSql } from '../../kernel/facts';
import type { ReactionType } from './reaction.entity';

/** What a post's reactions add to a page of posts (one statement for the page: see kernel/facts.ts). */
export interface PostReactionFacts {
  /** Reactions per kind; kinds nobody chose are absent. */
  reactionCounts: Partial<Record<ReactionType, number>>;
  myReaction: ReactionType | null;
}

export const postReactionFacts: FactSql<PostReactionFacts> = {
  reactionCounts: `SELECT coalesce(jsonb_object_agg(k.reaction_type, k.n), '{}'::jsonb)
                     FROM (SELECT reaction_type, count(*)::int AS n FROM reactions WHERE post_id = t.id GROUP BY reaction_type) k`,
  myReaction: 'SELECT reaction_type FROM reactions WHERE post_id = t.id AND user_id = $2',
};
