import type { FactSql } from '../../kernel/facts';
import { notBlockedSql } from '../blocks/block.service';
import type { ReactionType } from './reaction.entity';

/**
 * What a thing's reactions (a post's, a recipe's) add to a page of them (one statement for the page: see
 * kernel/facts.ts).
 */
export interface ReactionFacts {
  /** Reactions per kind; kinds nobody chose are absent. */
  reactionCounts: Partial<Record<ReactionType, number>>;
  myReaction: ReactionType | null;
}

/** Where one kind of thing keeps its reactions: one row per member and thing (`member_id`, the thing's column). */
export interface ReactionTable {
  table: 'reactions' | 'recipe_reactions';
  target: 'post_id' | 'recipe_id';
}

export const POST_REACTIONS: ReactionTable = { table: 'reactions', target: 'post_id' };

/**
 * The reaction counts and the viewer's reaction of each row of a page, for any table of reactions. The counts leave
 * out the reactions of members the viewer blocked or was blocked by (see block.service.ts: counts and lists agree).
 */
export const reactionFacts = ({ table, target }: ReactionTable): FactSql<ReactionFacts> => ({
  reactionCounts:
    `SELECT coalesce(jsonb_object_agg(k.reaction_type, k.n), '{}'::jsonb)
                     FROM (SELECT reaction_type, count(*)::int AS n FROM ${table} x WHERE ${target} = t.id ` +
    `AND ${notBlockedSql('$2', 'x.member_id')} GROUP BY reaction_type) k`,
  myReaction: `SELECT reaction_type FROM ${table} WHERE ${target} = t.id AND member_id = $2`,
});

export type PostReactionFacts = ReactionFacts;
export const postReactionFacts = reactionFacts(POST_REACTIONS);
