import {
  Arg,
  Args,
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
  Subscription,
} from 'type-graphql';
import type { Context } from '../../kernel/context';
import { IdempotencyKeyArg } from '../../kernel/idempotency';
import { ConnectionType, PageArgs } from '../../kernel/pagination';
import { limitedBy, WRITE_LIMITS } from '../../kernel/rate-limit';
import type { ConversationMember } from './conversation-member.entity';
import { Conversation } from './conversation.entity';
import { sideShown } from './conversation-sides';
import { MessagesArgs, StartConversationInput } from './message.inputs';
import { Message } from './message.entity';
import * as service from './message.service';

@ObjectType({ description: 'How one side of a conversation is shown: a member, or the alias they appear under' })
export class ConversationPeer {
  @Field(() => String)
  name: string;

  @Field(() => String, { nullable: true })
  photoUrl: string | null;

  @Field(() => ID, {
    nullable: true,
    description: 'The member, for a link to their profile; null when they appear under an alias',
  })
  memberId: string | null;
}

@ObjectType({ description: 'A page of Conversation items; `pageInfo` leads to the next' })
export class ConversationConnection extends ConnectionType(Conversation, 'Conversation') {}

@ObjectType({ description: 'A page of Message items; `pageInfo` leads to the next' })
export class MessageConnection extends ConnectionType(Message, 'Message') {}

const viewerId = (ctx: Context) => ctx.viewer!.id;

/**
 * A side as the viewer may see it (conversation-sides.ts): an alias hides the member entirely (no id, name or photo of
 * theirs).
 */
async function shown(side: ConversationMember | undefined, ctx: Context): Promise<ConversationPeer> {
  const user = side && side.personaName === null ? await ctx.loaders.users.byId.load(side.memberId) : null;
  return sideShown(side, user ?? null);
}

const sides = (conversationId: string, ctx: Context) => ctx.loaders.messages.membersByConversation.load(conversationId);

@Resolver(() => Conversation)
export class ConversationResolver {
  @Authorized()
  @Query(() => ConversationConnection, {
    description: "The viewer's conversations, the one with the latest message first",
  })
  conversations(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    return service.listConversations(ctx.viewer, args);
  }

  @Authorized()
  @Query(() => Conversation, { description: 'One of your conversations (NOT_FOUND for anyone else)' })
  conversation(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return service.conversationFor(ctx.viewer, id);
  }

  @Authorized()
  @Query(() => Int, { description: 'How many of your conversations have unread messages (the Messages badge)' })
  unreadConversations(@Ctx() ctx: Context) {
    return service.unreadConversations(ctx.viewer);
  }

  @Authorized()
  @Extensions(limitedBy(WRITE_LIMITS.conversations))
  @Mutation(() => Conversation, {
    description: 'Opens the conversation with a member, a dating match or a listing, creating it the first time',
  })
  startConversation(@Arg('input', () => StartConversationInput) input: StartConversationInput, @Ctx() ctx: Context) {
    return service.startConversation(ctx.viewer, input);
  }

  @Authorized()
  @Mutation(() => Conversation, { description: 'Marks the conversation read up to its latest message' })
  markConversationRead(@Arg('conversationId', () => ID) conversationId: string, @Ctx() ctx: Context) {
    return service.markRead(ctx.viewer, conversationId);
  }

  @FieldResolver(() => ConversationPeer, { description: 'The other side, as the viewer may see them' })
  async peer(@Root() c: Conversation, @Ctx() ctx: Context): Promise<ConversationPeer> {
    return shown(
      (await sides(c.id, ctx)).find((s) => s.memberId !== viewerId(ctx)),
      ctx,
    );
  }

  @FieldResolver(() => ConversationPeer, {
    description: 'The viewer as the other side sees them (their alias, in an alias conversation)',
  })
  async me(@Root() c: Conversation, @Ctx() ctx: Context): Promise<ConversationPeer> {
    return shown(
      (await sides(c.id, ctx)).find((s) => s.memberId === viewerId(ctx)),
      ctx,
    );
  }

  @FieldResolver(() => Date, {
    nullable: true,
    description: 'How far the other side has read (the time of the last message they saw)',
  })
  async peerReadAt(@Root() c: Conversation, @Ctx() ctx: Context): Promise<Date | null> {
    return (await sides(c.id, ctx)).find((s) => s.memberId !== viewerId(ctx))?.lastReadAt ?? null;
  }

  @FieldResolver(() => Message, { nullable: true })
  lastMessage(@Root() c: Conversation, @Ctx() ctx: Context): Promise<Message | null> | null {
    return c.lastMessageId ? ctx.loaders.messages.byId.load(c.lastMessageId) : null;
  }

  @FieldResolver(() => Int, { description: 'Messages from the other side you have not read' })
  async unreadCount(@Root() c: Conversation, @Ctx() ctx: Context): Promise<number> {
    return (await ctx.loaders.conversationFacts.load(c.id)).unreadCount;
  }

  @Authorized()
  @Subscription(() => Conversation, {
    subscribe: ({ context }: { context: Context }) => service.readEvents(context.viewer),
    description: 'A conversation of yours was read (by the other side: a read receipt; by you in another tab)',
  })
  conversationRead(@Root() e: service.ReadEvent, @Ctx() ctx: Context): Promise<Conversation> {
    return service.conversationFor(ctx.viewer, e.conversationId);
  }

  @Authorized()
  @Subscription(() => Int, {
    subscribe: ({ context }: { context: Context }) => service.unreadConversationCounts(context.viewer),
    description: 'Your unread conversation count: at once, then after every change',
  })
  unreadConversationsChanged(@Root() count: number): number {
    return count;
  }
}

@Resolver(() => Message)
export class MessageResolver {
  @Authorized()
  @Query(() => MessageConnection, { description: "A conversation's messages, newest first; `before` gives older ones" })
  messages(@Args(() => MessagesArgs) args: MessagesArgs, @Ctx() ctx: Context) {
    return service.listMessages(ctx.viewer, args.conversationId, args);
  }

  @Authorized()
  @Extensions(limitedBy(WRITE_LIMITS.messages))
  @Mutation(() => Message, { description: 'Sends a message (1 to 2000 characters) in one of your conversations' })
  sendMessage(
    @Arg('conversationId', () => ID) conversationId: string,
    @Arg('body', () => String) body: string,
    @IdempotencyKeyArg() idempotencyKey: string | null,
    @Ctx() ctx: Context,
  ) {
    return service.sendMessage(ctx.viewer, conversationId, body, idempotencyKey);
  }

  @FieldResolver(() => Boolean, { description: 'Whether you sent it' })
  mine(@Root() m: Message, @Ctx() ctx: Context): boolean {
    return m.senderId === viewerId(ctx);
  }

  @FieldResolver(() => Boolean, { description: 'Whether the other side has read it' })
  async readByPeer(@Root() m: Message, @Ctx() ctx: Context): Promise<boolean> {
    const other = (await sides(m.conversationId, ctx)).find((s) => s.memberId !== m.senderId);
    return !!other?.lastReadAt && other.lastReadAt.getTime() >= m.createdAt.getTime();
  }

  @Authorized()
  @Subscription(() => Message, {
    subscribe: ({ context }: { context: Context }) => service.messageEvents(context.viewer),
    description: 'New messages in your conversations (yours too), live',
  })
  messageAdded(@Root() e: service.MessageEvent): Message {
    return service.messageOfEvent(e);
  }
}
