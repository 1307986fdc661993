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
import { IdempotencyKeyArg } from '../../kernel/idempotency';
import { ConnectionType, PageArgs } from '../../kernel/pagination';
import { Post } from '../posts/post.entity';
import { User } from '../users/user.entity';
import { Comment } from './comment.entity';
import * as service from './comment.service';

@ObjectType({ description: 'A page of Comment items; `pageInfo` leads to the next' })
export class CommentConnection extends ConnectionType(Comment, 'Comment') {}

@Resolver(() => Comment)
export class CommentResolver {
  @Authorized()
  @Query(() => CommentConnection, { description: 'Comments of a post, oldest first' })
  comments(@Arg('postId', () => ID) postId: string, @Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    return service.listComments(ctx.viewer, postId, args);
  }

  @Authorized()
  @Mutation(() => Comment, { description: 'Comments on a post the viewer may see; answers the new comment' })
  addComment(
    @Arg('postId', () => ID) postId: string,
    @Arg('text', () => String) text: string,
    @IdempotencyKeyArg() idempotencyKey: string | null,
    @Ctx() ctx: Context,
  ) {
    return service.addComment(ctx.viewer, postId, text, idempotencyKey);
  }

  @FieldResolver(() => User, { description: 'The member who wrote it' })
  author(@Root() comment: Comment, @Ctx() ctx: Context) {
    return ctx.loaders.users.byId.load(comment.authorId);
  }
}

@Resolver(() => Post)
export class PostCommentsResolver {
  @FieldResolver(() => Int)
  async commentCount(@Root() post: Post, @Ctx() ctx: Context) {
    return (await ctx.loaders.postFacts.load(post.id)).commentCount;
  }
}
