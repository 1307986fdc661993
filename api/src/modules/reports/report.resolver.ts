import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../kernel/context';
import { IdempotencyKeyArg } from '../../kernel/idempotency';
import { ConnectionType, PageArgs } from '../../kernel/pagination';
import { Post } from '../posts/post.entity';
import { User } from '../users/user.entity';
import { PostReport, ReportReason } from './report.entity';
import * as service from './report.service';

@ObjectType()
export class PostReportConnection extends ConnectionType(PostReport, 'PostReport') {}

@Resolver(() => PostReport)
export class ReportResolver {
  @Authorized()
  @Mutation(() => PostReport, { description: 'Reports a post to the administrators' })
  reportPost(
    @Arg('postId', () => ID) postId: string,
    @Arg('reason', () => ReportReason) reason: ReportReason,
    @IdempotencyKeyArg() idempotencyKey: string | null,
    @Ctx() ctx: Context,
  ) {
    return service.reportPost(ctx.viewer, postId, reason, idempotencyKey);
  }

  @Authorized('admin')
  @Query(() => PostReportConnection, { description: 'Admins: open reports, newest first' })
  reportedPosts(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    return service.openReports(ctx.viewer, args);
  }

  @FieldResolver(() => Post, { nullable: true })
  post(@Root() r: PostReport, @Ctx() ctx: Context) {
    return ctx.loaders.posts.byId.load(r.postId);
  }

  @FieldResolver(() => User, { nullable: true })
  reporter(@Root() r: PostReport, @Ctx() ctx: Context) {
    return ctx.loaders.users.byId.load(r.reporterId);
  }
}
