import { defineModule } from '../../kernel/module';
import { ReportKind } from '../reports/report.entity';
import { RecipeCommentResolver, RecipeResolver } from './recipe.resolver';
import { RecipeComment } from './recipe-comment.entity';
import { RecipeReaction } from './recipe-reaction.entity';
import { RecipeShare } from './recipe-share.entity';
import { Recipe } from './recipe.entity';
import { recipesDemo } from './recipe.demo';
import { recipeFacts } from './recipe.facts';
import { recipeCommentReportable, recipeReportable } from './recipe.reportable';
import { recipeRest } from './recipe.rest';

/** Recipes, their comments, reactions and shares. */
export const recipesModule = defineModule({
  name: 'recipes',
  resolvers: [RecipeResolver, RecipeCommentResolver],
  entities: [Recipe, RecipeReaction, RecipeComment, RecipeShare],
  facts: { recipeFacts },
  rest: recipeRest,
  reportables: { [ReportKind.recipe]: recipeReportable, [ReportKind.recipeComment]: recipeCommentReportable },
  mediaColumns: [['recipes', 'images']],
  demo: [recipesDemo],
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    recipes: { member: ['author_id'], media: ['images'] },
    recipe_comments: { member: ['author_id'] },
    recipe_reactions: { member: ['member_id'] },
    recipe_shares: { member: ['member_id'] },
  },
});
