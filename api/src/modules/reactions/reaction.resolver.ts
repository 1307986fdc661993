import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../kernel/context';
import { Post } from '../posts/post.entity';
import { findPost } from '../posts/post.service';
import { countsOf, Reaction, ReactionCounts, ReactionType } from './reaction.entity';
import * as service from './reaction.service';

@Resolver(() => Post)
export class PostReactionsResolver {
  @FieldResolver(() => ReactionCounts)
  async reactionCounts(@Root() post: Post, @Ctx() ctx: Context): Promise<ReactionCounts> {
    return countsOf((await ctx.loaders.postFacts.load(post.id)).reactionCounts);
  }

  @FieldResolver(() => ReactionType, { nullable: true, description: "The viewer's reaction, if any" })
  async myReaction(@Root() post: Post, @Ctx() ctx: Context) {
    return (await ctx.loaders.postFacts.load(post.id)).myReaction;
  }
}

@Resolver(() => Reaction)
export class ReactionResolver {
  @Authorized()
  @Query(() => [Reaction], { description: 'Reactions to a post, newest first (up to 500)' })
  postReactions(@Arg('postId', () => ID) postId: string, @Ctx() ctx: Context) {
    return service.listReactions(ctx.viewer, postId);
  }

  @Authorized()
  @Mutation(() => Post, { description: 'Reacts to a post: the same reaction again removes it, another replaces it' })
  async react(
    @Arg('postId', () => ID) postId: string,
    @Arg('type', () => ReactionType) type: ReactionType,
    @Ctx() ctx: Context,
  ) {
    await service.toggleReaction(ctx.viewer, postId, type);
    return findPost(postId);
  }

  @Authorized()
  @Mutation(() => Reaction, { description: "Sets the viewer's reaction (replacing any other)" })
  setReaction(
    @Arg('postId', () => ID) postId: string,
    @Arg('type', () => ReactionType) type: ReactionType,
    @Ctx() ctx: Context,
  ) {
    return service.setReaction(ctx.viewer, postId, type);
  }

  @Authorized()
  @Mutation(() => Post, { description: "Removes the viewer's reaction" })
  async removeReaction(@Arg('postId', () => ID) postId: string, @Ctx() ctx: Context) {
    await service.removeReaction(ctx.viewer, postId);
    return findPost(postId);
  }
}
