import {
  Arg,
  Args,
  Authorized,
  Ctx,
  FieldResolver,
  ID,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import type { Context } from '../../kernel/context';
import { ConnectionType, PageArgs } from '../../kernel/pagination';
import { ShareTarget } from '../posts/post-share.entity';
import { countsOf, ReactionCounts, ReactionType } from '../reactions/reaction.entity';
import { User } from '../users/user.entity';
import { RecipeComment } from './recipe-comment.entity';
import { Recipe } from './recipe.entity';
import { CreateRecipeInput } from './recipe.inputs';
import { recipePolicy } from './recipe.policy';
import * as service from './recipe.service';

@ObjectType({ description: 'A page of Recipe items; `pageInfo` leads to the next' })
export class RecipeConnection extends ConnectionType(Recipe, 'Recipe') {}

@ObjectType({ description: 'A page of RecipeComment items; `pageInfo` leads to the next' })
export class RecipeCommentConnection extends ConnectionType(RecipeComment, 'RecipeComment') {}

@Resolver(() => Recipe)
export class RecipeResolver {
  @Authorized()
  @Query(() => RecipeConnection, { description: 'Recipes, newest first' })
  recipes(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    return service.listRecipes(ctx.viewer, args);
  }

  @Authorized()
  @Query(() => Recipe, {
    nullable: true,
    description:
      'One recipe (a /recipes?id= link), or null when there is none or its author is hidden from the viewer ' +
      '(blocked, suspended)',
  })
  recipe(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return service.recipeOrNull(ctx.viewer, id);
  }

  @Authorized()
  @Query(() => RecipeCommentConnection, { description: 'Comments of a recipe, oldest first' })
  recipeComments(
    @Arg('recipeId', () => ID) recipeId: string,
    @Args(() => PageArgs) args: PageArgs,
    @Ctx() ctx: Context,
  ) {
    return service.listRecipeComments(ctx.viewer, recipeId, args);
  }

  @Authorized()
  @Mutation(() => Recipe, { description: 'Shares a recipe: all five texts required, up to five photos' })
  createRecipe(@Arg('input', () => CreateRecipeInput) input: CreateRecipeInput, @Ctx() ctx: Context) {
    return service.createRecipe(ctx.viewer, input);
  }

  @Authorized()
  @Mutation(() => ID, { description: 'Deletes a recipe (its author, or an admin); answers its id' })
  async deleteRecipe(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    await service.deleteRecipe(ctx.viewer, id);
    return id;
  }

  @Authorized()
  @Mutation(() => Recipe, { description: 'Reacts to a recipe: the same reaction again clears it, another switches it' })
  reactToRecipe(
    @Arg('id', () => ID) id: string,
    @Arg('type', () => ReactionType) type: ReactionType,
    @Ctx() ctx: Context,
  ) {
    return service.reactToRecipe(ctx.viewer, id, type);
  }

  @Authorized()
  @Mutation(() => Recipe, { description: "Sets the viewer's reaction to a recipe (replacing another)" })
  setRecipeReaction(
    @Arg('id', () => ID) id: string,
    @Arg('type', () => ReactionType) type: ReactionType,
    @Ctx() ctx: Context,
  ) {
    return service.setRecipeReaction(ctx.viewer, id, type);
  }

  @Authorized()
  @Mutation(() => Recipe, { description: "Removes the viewer's reaction to a recipe" })
  removeRecipeReaction(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return service.removeRecipeReaction(ctx.viewer, id);
  }

  @Authorized()
  @Mutation(() => RecipeComment, { description: 'Comments on a recipe' })
  addRecipeComment(
    @Arg('recipeId', () => ID) recipeId: string,
    @Arg('text', () => String) text: string,
    @Ctx() ctx: Context,
  ) {
    return service.addRecipeComment(ctx.viewer, recipeId, text);
  }

  @Authorized()
  @Mutation(() => Recipe, { description: 'Counts a share of the recipe (once per member)' })
  shareRecipe(
    @Arg('id', () => ID) id: string,
    @Arg('target', () => ShareTarget) target: ShareTarget,
    @Ctx() ctx: Context,
  ) {
    return service.shareRecipe(ctx.viewer, id, target);
  }

  @FieldResolver(() => User, { description: 'The member who shared it' })
  author(@Root() recipe: Recipe, @Ctx() ctx: Context) {
    return ctx.loaders.users.byId.load(recipe.authorId);
  }

  @FieldResolver(() => ReactionCounts, { description: 'Its reactions, counted by kind' })
  async reactionCounts(@Root() recipe: Recipe, @Ctx() ctx: Context): Promise<ReactionCounts> {
    return countsOf((await ctx.loaders.recipeFacts.load(recipe.id)).reactionCounts);
  }

  @FieldResolver(() => ReactionType, { nullable: true, description: "The viewer's reaction, if any" })
  async myReaction(@Root() recipe: Recipe, @Ctx() ctx: Context) {
    return (await ctx.loaders.recipeFacts.load(recipe.id)).myReaction;
  }

  @FieldResolver(() => Int, { description: 'How many comments it has' })
  async commentCount(@Root() recipe: Recipe, @Ctx() ctx: Context) {
    return (await ctx.loaders.recipeFacts.load(recipe.id)).commentCount;
  }

  @FieldResolver(() => Int, { description: 'How many times it was shared' })
  async shareCount(@Root() recipe: Recipe, @Ctx() ctx: Context) {
    return (await ctx.loaders.recipeFacts.load(recipe.id)).shareCount;
  }

  @FieldResolver(() => Boolean, { description: 'The viewer may delete it (its author, or an admin)' })
  viewerCanDelete(@Root() recipe: Recipe, @Ctx() ctx: Context) {
    return recipePolicy.canDelete(ctx.viewer, recipe);
  }
}

@Resolver(() => RecipeComment)
export class RecipeCommentResolver {
  @FieldResolver(() => User)
  author(@Root() comment: RecipeComment, @Ctx() ctx: Context) {
    return ctx.loaders.users.byId.load(comment.authorId);
  }
}
