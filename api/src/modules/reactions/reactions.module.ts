import { defineModule } from '../../kernel/module';
import { PostReactionsResolver, ReactionResolver } from './reaction.resolver';
import { Reaction } from './reaction.entity';
import { postReactionFacts } from './reaction.facts';
import { reactionRest } from './reaction.rest';

/** Reactions to posts. */
export const reactionsModule = defineModule({
  name: 'reactions',
  resolvers: [PostReactionsResolver, ReactionResolver],
  entities: [Reaction],
  facts: { postFacts: postReactionFacts },
  rest: reactionRest,
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    reactions: { member: ['member_id'] },
  },
});
