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
  Subscription,
} from 'type-graphql';
import type { Context } from '../../kernel/context';
import { IdempotencyKeyArg } from '../../kernel/idempotency';
import { ConnectionType, PageArgs } from '../../kernel/pagination';
import { limitedBy, WRITE_LIMITS } from '../../kernel/rate-limit';
import { User } from '../users/user.entity';
import { SupportMessage } from './support-message.entity';
import { SupportThread } from './support-thread.entity';
import { SupportThreadMessagesArgs, SupportThreadsArgs } from './support.inputs';
import { supportPolicy } from './support.policy';
import * as service from './support.service';

@ObjectType({ description: 'A page of SupportThread items; `pageInfo` leads to the next' })
export class SupportThreadConnection extends ConnectionType(SupportThread, 'SupportThread') {}

@ObjectType({ description: 'A page of SupportMessage items; `pageInfo` leads to the next' })
export class SupportMessageConnection extends ConnectionType(SupportMessage, 'SupportMessage') {}

/** Members write to the admin team; admins answer from the admin panel (every admin operation checks the role). */
@Resolver(() => SupportThread)
export class SupportThreadResolver {
  @Authorized()
  @Query(() => SupportThread, {
    nullable: true,
    description: 'Your support conversation with the admin team (null before you first write)',
  })
  supportThread(@Ctx() ctx: Context) {
    return service.ownThread(ctx.viewer);
  }

  @Authorized()
  @Query(() => SupportThreadConnection, {
    description: 'Admins only: the support conversations, the one with the latest message first',
  })
  supportThreads(@Args(() => SupportThreadsArgs) args: SupportThreadsArgs, @Ctx() ctx: Context) {
    return service.adminThreads(ctx.viewer, args);
  }

  @Authorized()
  @Query(() => Int, {
    description: 'Admins: support conversations waiting for an answer. Members: answers you have not read',
  })
  supportUnreadCount(@Ctx() ctx: Context) {
    return service.supportUnreadCount(ctx.viewer);
  }

  @Authorized()
  @Mutation(() => SupportThread, {
    nullable: true,
    description: 'Marks your support conversation read up to its latest message',
  })
  markSupportRead(@Ctx() ctx: Context) {
    return service.markSupportRead(ctx.viewer);
  }

  @Authorized()
  @Mutation(() => SupportThread, {
    description: 'Admins only: marks a support conversation read for the whole admin team',
  })
  markSupportThreadRead(@Arg('threadId', () => ID) threadId: string, @Ctx() ctx: Context) {
    return service.markSupportThreadRead(ctx.viewer, threadId);
  }

  @FieldResolver(() => User, { nullable: true, description: 'The member who wrote in' })
  member(@Root() t: SupportThread, @Ctx() ctx: Context) {
    return ctx.loaders.users.byId.load(t.memberId);
  }

  @FieldResolver(() => SupportMessage, { nullable: true })
  lastMessage(@Root() t: SupportThread, @Ctx() ctx: Context): Promise<SupportMessage | null> | null {
    return t.lastMessageId ? ctx.loaders.support.messageById.load(t.lastMessageId) : null;
  }

  @FieldResolver(() => Int, {
    description: "Unread messages from the other side (for an admin: the member's, unread by the whole team)",
  })
  async unreadCount(@Root() t: SupportThread, @Ctx() ctx: Context): Promise<number> {
    return (await ctx.loaders.support.unreadByThread.load(t.id))?.n ?? 0;
  }

  @Authorized()
  @Subscription(() => Int, {
    subscribe: ({ context }: { context: Context }) => service.supportUnreadCounts(context.viewer),
    description: 'supportUnreadCount, live: at once, then after every change',
  })
  supportUnreadCountChanged(@Root() count: number): number {
    return count;
  }
}

@Resolver(() => SupportMessage)
export class SupportMessageResolver {
  @Authorized()
  @Query(() => SupportMessageConnection, {
    description: 'Your support messages, newest first; `after` gives older ones',
  })
  supportMessages(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    return service.ownMessages(ctx.viewer, args);
  }

  @Authorized()
  @Query(() => SupportMessageConnection, {
    description: "Admins only: a support conversation's messages, newest first; `after` gives older ones",
  })
  supportThreadMessages(@Args(() => SupportThreadMessagesArgs) args: SupportThreadMessagesArgs, @Ctx() ctx: Context) {
    return service.adminThreadMessages(ctx.viewer, args.threadId, args);
  }

  @Authorized()
  @Extensions(limitedBy(WRITE_LIMITS.supportMessages))
  @Mutation(() => SupportMessage, {
    description: 'Writes to the admin team (1 to 2000 characters); your first message opens your support conversation',
  })
  sendSupportMessage(
    @Arg('body', () => String) body: string,
    @IdempotencyKeyArg() idempotencyKey: string | null,
    @Ctx() ctx: Context,
  ) {
    return service.sendSupportMessage(ctx.viewer, body, idempotencyKey);
  }

  @Authorized()
  @Mutation(() => SupportMessage, {
    description: 'Admins only: answers a support conversation (the member is notified)',
  })
  replySupport(
    @Arg('threadId', () => ID) threadId: string,
    @Arg('body', () => String) body: string,
    @IdempotencyKeyArg() idempotencyKey: string | null,
    @Ctx() ctx: Context,
  ) {
    return service.replySupport(ctx.viewer, threadId, body, idempotencyKey);
  }

  @FieldResolver(() => Boolean, { description: 'Whether you wrote it' })
  mine(@Root() m: SupportMessage, @Ctx() ctx: Context): boolean {
    return m.authorId === ctx.viewer?.id;
  }

  @FieldResolver(() => String, {
    description:
      "Who wrote it: the member's name; an answer shows as 'Saffa Support · <first name of the admin>' to the member " +
      "('Saffa Support' once that admin is gone) and under the admin's full name to admins",
  })
  async authorName(@Root() m: SupportMessage, @Ctx() ctx: Context): Promise<string> {
    const author = m.authorId ? await ctx.loaders.users.byId.load(m.authorId) : null;
    if (!m.fromSupport) return author?.displayName ?? 'Member';
    if (supportPolicy.seesAnswerersFullName(ctx.viewer)) return author?.displayName ?? service.SUPPORT_NAME;
    return author?.firstName ? `${service.SUPPORT_NAME} · ${author.firstName}` : service.SUPPORT_NAME;
  }

  @Authorized()
  @Subscription(() => SupportMessage, {
    subscribe: ({ context }: { context: Context }) => service.ownMessageEvents(context.viewer),
    description: "Your support conversation's new messages (the answers, and yours from other tabs), live",
  })
  supportMessageAdded(@Root() e: service.SupportMessageEvent): SupportMessage {
    return service.messageOfEvent(e);
  }

  @Authorized()
  @Subscription(() => SupportMessage, {
    subscribe: ({ context }: { context: Context }) => service.inboxMessageEvents(context.viewer),
    description: 'Admins only: every new support message (members’ and other admins’ answers), live',
  })
  supportInboxMessageAdded(@Root() e: service.SupportMessageEvent): SupportMessage {
    return service.messageOfEvent(e);
  }
}
