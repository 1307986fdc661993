import {
  Arg,
  Args,
  Authorized,
  Ctx,
  FieldResolver,
  ID,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import type { Context } from '../../kernel/context';
import { ConnectionType, PageArgs } from '../../kernel/pagination';
import { Post } from '../posts/post.entity';
import * as service from './checkin.service';
import { SavedCheckin } from './saved-checkin.entity';

@ObjectType({ description: 'A page of SavedCheckin items; `pageInfo` leads to the next' })
export class SavedCheckinConnection extends ConnectionType(SavedCheckin, 'SavedCheckin') {}

@Resolver(() => SavedCheckin)
export class SavedCheckinResolver {
  @Authorized()
  @Query(() => SavedCheckinConnection, { description: "The viewer's Things to do list, newest first" })
  savedCheckins(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    return service.listSavedCheckins(ctx.viewer, args);
  }

  @Authorized()
  @Mutation(() => SavedCheckin, {
    description: "Saves a check-in post to the viewer's saved places (once per post: a second save is a CONFLICT)",
  })
  saveCheckin(@Arg('postId', () => ID) postId: string, @Ctx() ctx: Context) {
    return service.saveCheckin(ctx.viewer, postId);
  }

  @Authorized()
  @Mutation(() => ID, { description: 'Removes a saved check-in; answers its id' })
  async removeSavedCheckin(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    await service.removeSavedCheckin(ctx.viewer, id);
    return id;
  }

  @FieldResolver(() => Post, { description: 'The check-in post' })
  post(@Root() s: SavedCheckin, @Ctx() ctx: Context) {
    return ctx.loaders.posts.byId.load(s.postId);
  }
}

@Resolver(() => Post)
export class PostCheckinResolver {
  @FieldResolver(() => ID, { nullable: true, description: "The viewer's saved check-in of this post, if saved" })
  async savedCheckinId(@Root() post: Post, @Ctx() ctx: Context) {
    return (await ctx.loaders.postFacts.load(post.id)).savedCheckinId;
  }
}
