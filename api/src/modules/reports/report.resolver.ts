import {
  Arg,
  Args,
  ArgsType,
  Authorized,
  Ctx,
  Extensions,
  Field,
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
import { Report, ReportKind, ReportReason, ReportStatus } from './report.entity';
import * as service from './report.service';

@ObjectType({ description: 'A page of Report items; `pageInfo` leads to the next' })
export class ReportConnection extends ConnectionType(Report, 'Report') {}

/** A member's report of a post, as `reportPost` and POST /api/reported-posts answer it (a Report of kind post). */
@ObjectType()
export class PostReport {
  @Field(() => ID)
  id: string;

  @Field(() => ID)
  postId: string;

  @Field(() => ReportReason)
  reason: ReportReason;

  @Field(() => String, { description: 'open until an admin resolves it' })
  status: string;

  @Field(() => Date)
  createdAt: Date;
}

/** The reported item as the moderation queue shows it; `removed` when it is gone (by an admin or its author). */
@ObjectType()
export class ReportedContent {
  @Field(() => ID, { nullable: true })
  authorId: string | null;

  @Field(() => String, {
    description:
      'Its text (a title and description for a listing, a name and description for a group); empty when removed',
  })
  text: string;

  @Field(() => [String], { description: 'Its public media URLs (photos, video, thumbnails)' })
  mediaUrls: string[];

  @Field(() => String, {
    nullable: true,
    description:
      'Where the app shows it, such as /post/{id} or /reels?id={id}; null for a direct message (private to its ' +
      'conversation)',
  })
  url: string | null;

  @Field(() => Boolean)
  removed: boolean;
}

@ArgsType()
export class ModerationQueueArgs extends PageArgs {
  @Field(() => ReportStatus, { defaultValue: ReportStatus.open })
  status: ReportStatus;

  @Field(() => ReportKind, { nullable: true, description: 'Only entries of this kind' })
  kind?: ReportKind | null;
}

const toPostReport = (r: Report): PostReport => ({
  id: r.id,
  postId: r.subjectId,
  reason: r.reason,
  status: r.status,
  createdAt: r.createdAt,
});

@Resolver(() => Report)
export class ReportResolver {
  @Authorized()
  @Extensions(limitedBy(WRITE_LIMITS.newMemberReports))
  @Mutation(() => Report, { description: 'Reports content to the administrators, once per member and item' })
  reportContent(
    @Arg('kind', () => ReportKind) kind: ReportKind,
    @Arg('subjectId', () => ID) subjectId: string,
    @Arg('reason', () => ReportReason) reason: ReportReason,
    @IdempotencyKeyArg() idempotencyKey: string | null,
    @Ctx() ctx: Context,
  ) {
    return service.reportContent(ctx.viewer, kind, subjectId, reason, idempotencyKey);
  }

  @Authorized()
  @Extensions(limitedBy(WRITE_LIMITS.newMemberReports))
  @Mutation(() => PostReport, { description: 'Reports a post to the administrators (reportContent of kind post)' })
  async reportPost(
    @Arg('postId', () => ID) postId: string,
    @Arg('reason', () => ReportReason) reason: ReportReason,
    @IdempotencyKeyArg() idempotencyKey: string | null,
    @Ctx() ctx: Context,
  ) {
    return toPostReport(
      await service.reportContent(ctx.viewer, ReportKind.post, postId, reason, idempotencyKey, 'reportPost'),
    );
  }

  @Authorized()
  @Query(() => ReportConnection, {
    description: 'Admins: the moderation queue, one entry per reported item, oldest first',
  })
  moderationQueue(@Args(() => ModerationQueueArgs) args: ModerationQueueArgs, @Ctx() ctx: Context) {
    return service.moderationQueue(ctx.viewer, args);
  }

  @Authorized()
  @Mutation(() => Report, { description: "Admins: dismisses every open report of the entry's item; the content stays" })
  dismissReport(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return service.dismissReport(ctx.viewer, id);
  }

  @Authorized()
  @Mutation(() => Report, {
    description: "Admins: deletes the entry's item and its media, and resolves its reports as removed",
  })
  removeReportedContent(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return service.removeReportedContent(ctx.viewer, id);
  }

  @Authorized()
  @Mutation(() => Report, {
    description:
      "Admins: suspends the author of the entry's item; the suspension removes the item and the author's other items " +
      'with open reports (their reports resolved as actioned) and hides the rest of their content until it is lifted',
  })
  suspendReportedAuthor(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return service.suspendReportedAuthor(ctx.viewer, id);
  }

  @FieldResolver(() => User, {
    nullable: true,
    description: 'Who filed this report (for a queue entry: the first reporter)',
  })
  reporter(@Root() r: Report, @Ctx() ctx: Context) {
    return ctx.loaders.users.byId.load(r.reporterId);
  }

  @Authorized()
  @FieldResolver(() => Int, { description: "Admins: how many reports of the entry's item have its status" })
  async reportCount(@Root() r: Report, @Ctx() ctx: Context) {
    return (await service.entrySummaryOf(ctx.viewer, ctx.loaders, r))?.count ?? 1;
  }

  @Authorized()
  @FieldResolver(() => [ReportReason], { description: 'Admins: the distinct reasons of those reports' })
  async reasons(@Root() r: Report, @Ctx() ctx: Context) {
    return (await service.entrySummaryOf(ctx.viewer, ctx.loaders, r))?.reasons ?? [r.reason];
  }

  @Authorized()
  @FieldResolver(() => [User], { description: 'Admins: everyone who filed those reports, first reporter first' })
  async reporters(@Root() r: Report, @Ctx() ctx: Context) {
    const ids = (await service.entrySummaryOf(ctx.viewer, ctx.loaders, r))?.reporterIds ?? [r.reporterId];
    const users = await ctx.loaders.users.byId.loadMany(ids);
    return users.filter((u): u is User => !!u && !(u instanceof Error));
  }

  @Authorized()
  @FieldResolver(() => ReportedContent, { description: 'Admins: the reported item' })
  async content(@Root() r: Report, @Ctx() ctx: Context): Promise<ReportedContent> {
    const item = await service.reportedItemOf(ctx.viewer, ctx.loaders, r);
    if (!item) return { authorId: null, text: '', mediaUrls: [], url: null, removed: true };
    return {
      authorId: item.authorHidden ? null : item.authorId,
      text: item.text,
      mediaUrls: item.mediaUrls,
      url: item.url,
      removed: false,
    };
  }
}

@Resolver(() => ReportedContent)
export class ReportedContentResolver {
  @FieldResolver(() => User, { nullable: true })
  author(@Root() c: ReportedContent, @Ctx() ctx: Context) {
    return c.authorId ? ctx.loaders.users.byId.load(c.authorId) : null;
  }
}
