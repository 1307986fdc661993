import {
  Arg,
  Args,
  Authorized,
  Ctx,
  Extensions,
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
import { IdempotencyKeyArg } from '../../kernel/idempotency';
import { ConnectionType, PageArgs } from '../../kernel/pagination';
import { limitedBy, WRITE_LIMITS } from '../../kernel/rate-limit';
import { User } from '../users/user.entity';
import { Post } from './post.entity';
import { CreatePostInput } from './post.inputs';
import { postPolicy } from './post.policy';
import * as service from './post.service';
import { ShareTarget } from './post-share.entity';

@ObjectType({ description: 'A page of Post items; `pageInfo` leads to the next' })
export class PostConnection extends ConnectionType(Post, 'Post') {}

@Resolver(() => Post)
export class PostResolver {
  @Authorized()
  @Query(() => PostConnection, { description: 'The home feed, newest first' })
  feed(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    return service.feed(ctx.viewer, args);
  }

  @Authorized()
  @Query(() => PostConnection, { description: "One member's posts, newest first (the profile's Your Posts)" })
  postsBy(@Arg('authorId', () => ID) authorId: string, @Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    return service.postsBy(ctx.viewer, authorId, args);
  }

  @Authorized()
  @Query(() => PostConnection, { description: 'Posts with a place and coordinates, newest first' })
  discoverCheckins(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    return service.discoverCheckins(ctx.viewer, args);
  }

  @Authorized()
  @Query(() => Post, {
    nullable: true,
    description:
      'One post (the /post/{id} page), or null when there is none or its author and the viewer blocked one another',
  })
  post(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return service.findPostOrNull(ctx.viewer, id);
  }

  @Authorized()
  @Extensions(limitedBy(WRITE_LIMITS.newMemberPosts))
  @Mutation(() => Post, {
    description: 'Publishes a post (text, images, a video, a document or a check-in); answers the new post',
  })
  createPost(
    @Arg('input', () => CreatePostInput) input: CreatePostInput,
    @IdempotencyKeyArg() idempotencyKey: string | null,
    @Ctx() ctx: Context,
  ) {
    return service.createPost(ctx.viewer, input, idempotencyKey);
  }

  @Authorized()
  @Mutation(() => Post, { description: "Changes a post's text; only its author may" })
  updatePost(@Arg('id', () => ID) id: string, @Arg('content', () => String) content: string, @Ctx() ctx: Context) {
    return service.updatePost(ctx.viewer, id, content);
  }

  @Authorized()
  @Mutation(() => ID, { description: 'Deletes a post (its author, or an admin); answers its id' })
  async deletePost(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    await service.deletePost(ctx.viewer, id);
    return id;
  }

  @Authorized()
  @Mutation(() => Post, { description: 'Counts a share of the post' })
  sharePost(
    @Arg('id', () => ID) id: string,
    @Arg('target', () => ShareTarget) target: ShareTarget,
    @Ctx() ctx: Context,
  ) {
    return service.sharePost(ctx.viewer, id, target);
  }

  @FieldResolver(() => User, { description: 'The member who posted it' })
  author(@Root() post: Post, @Ctx() ctx: Context) {
    return ctx.loaders.users.byId.load(post.authorId);
  }

  @FieldResolver(() => Int, { description: 'How many times it was shared' })
  async shareCount(@Root() post: Post, @Ctx() ctx: Context) {
    return (await ctx.loaders.postFacts.load(post.id)).shareCount;
  }

  @FieldResolver(() => Boolean, { description: 'The viewer wrote it and may edit it' })
  viewerCanEdit(@Root() post: Post, @Ctx() ctx: Context) {
    return postPolicy.canEdit(ctx.viewer, post);
  }

  @FieldResolver(() => Boolean, { description: 'The viewer may delete it' })
  viewerCanDelete(@Root() post: Post, @Ctx() ctx: Context) {
    return postPolicy.canDelete(ctx.viewer, post);
  }
}
