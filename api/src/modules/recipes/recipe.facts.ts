import type { FactSql } from '../../kernel/facts';
import { notBlockedSql } from '../blocks/block.service';
import { reactionFacts, type ReactionFacts, type ReactionTable } from '../reactions/reaction.facts';

export const RECIPE_REACTIONS: ReactionTable = { table: 'recipe_reactions', target: 'recipe_id' };

/** What a page of recipes shows beyond its own columns, in one statement for the page (kernel/facts.ts). */
export interface RecipeFacts extends ReactionFacts {
  commentCount: number;
  shareCount: number;
}

export const recipeFacts: FactSql<RecipeFacts> = {
  ...reactionFacts(RECIPE_REACTIONS),
  commentCount:
    `SELECT count(*)::int FROM recipe_comments c WHERE c.recipe_id = t.id ` +
    `AND ${notBlockedSql('$2', 'c.author_id')}`,
  shareCount: 'SELECT count(*)::int FROM recipe_shares WHERE recipe_id = t.id',
};
