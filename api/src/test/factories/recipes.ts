import { ShareTarget } from '../../modules/posts/post-share.entity';
import { ReactionType } from '../../modules/reactions/reaction.entity';
import { RecipeComment } from '../../modules/recipes/recipe-comment.entity';
import { RecipeReaction } from '../../modules/recipes/recipe-reaction.entity';
import { RecipeShare } from '../../modules/recipes/recipe-share.entity';
import { Recipe } from '../../modules/recipes/recipe.entity';
import { insert, insertByKey, next, memberRef } from './core';

const recipeRef = async (id?: string | null) => id ?? (await buildRecipe()).id;

export async function buildRecipe(overrides: Partial<Recipe> = {}): Promise<Recipe> {
  const n = next();
  return insert(Recipe, {
    recipeName: `Recipe ${n}`,
    prepTime: '30 minutes',
    servings: '4',
    ingredients: '500g mince\n1 onion',
    instructions: 'Brown the mince\nAdd the onion',
    images: [],
    ...overrides,
    authorId: await memberRef(overrides.authorId),
  });
}

export async function buildRecipeReaction(overrides: Partial<RecipeReaction> = {}): Promise<RecipeReaction> {
  return insert(RecipeReaction, {
    reactionType: ReactionType.lekker,
    ...overrides,
    recipeId: await recipeRef(overrides.recipeId),
    memberId: await memberRef(overrides.memberId),
  });
}

export async function buildRecipeComment(overrides: Partial<RecipeComment> = {}): Promise<RecipeComment> {
  return insert(RecipeComment, {
    text: `Comment ${next()}`,
    ...overrides,
    recipeId: await recipeRef(overrides.recipeId),
    authorId: await memberRef(overrides.authorId),
  });
}

/** A counted share of a recipe (keyed by recipe and member, no id). */
export async function buildRecipeShare(overrides: Partial<RecipeShare> = {}): Promise<RecipeShare> {
  const key = { recipeId: await recipeRef(overrides.recipeId), memberId: await memberRef(overrides.memberId) };
  return insertByKey(RecipeShare, key, { target: ShareTarget.link, ...overrides });
}
