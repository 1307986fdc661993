import {
  Arg,
  Args,
  Authorized,
  Ctx,
  Field,
  FieldResolver,
  ID,
  InputType,
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
import { Notification, NotificationType } from './notification.entity';
import * as service from './notification.service';

@ObjectType({ description: 'A page of Notification items; `pageInfo` leads to the next' })
export class NotificationConnection extends ConnectionType(Notification, 'Notification') {}

@InputType()
export class BroadcastInput {
  @Field({ description: 'Up to 200 characters' })
  title: string;

  @Field({ description: 'Up to 2000 characters' })
  message: string;

  @Field(() => NotificationType, { nullable: true })
  type?: NotificationType | null;
}

@Resolver(() => Notification)
export class NotificationResolver {
  @Authorized()
  @Query(() => NotificationConnection, { description: "The viewer's notifications, newest first" })
  notifications(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    return service.listNotifications(ctx.viewer, args);
  }

  /**
   * A member's own row answers its column; a broadcast row (no recipient) whether the viewer has read it, one
   * statement for a whole page (notification.facts.ts).
   */
  @FieldResolver({ description: 'Whether the viewer has read it' })
  isRead(@Root() n: Notification, @Ctx() ctx: Context): boolean | Promise<boolean> {
    if (n.recipientId !== null) return n.isRead;
    return ctx.loaders.notificationFacts.load(n.id).then((f) => f.readByViewer);
  }

  @Authorized()
  @Query(() => Int, { description: "How many of the viewer's notifications are unread (the bell's badge)" })
  unreadNotificationCount(@Ctx() ctx: Context) {
    return service.unreadCount(ctx.viewer);
  }

  @Authorized()
  @Mutation(() => Notification, { description: "Marks one of the viewer's notifications read; answers it" })
  markNotificationRead(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return service.markRead(ctx.viewer, id);
  }

  @Authorized()
  @Mutation(() => Int, { description: 'Marks every notification read; answers how many changed' })
  markAllNotificationsRead(@Ctx() ctx: Context) {
    return service.markAllRead(ctx.viewer);
  }

  @Authorized()
  @Mutation(() => Int, { description: 'Admins: a notification to every member; answers how many were sent' })
  broadcastNotification(
    @Arg('input', () => BroadcastInput) input: BroadcastInput,
    @IdempotencyKeyArg() idempotencyKey: string | null,
    @Ctx() ctx: Context,
  ) {
    return service.broadcast(ctx.viewer, input, idempotencyKey);
  }

  @Authorized()
  @Subscription(() => Int, {
    subscribe: ({ context }: { context: Context }) => service.unreadCounts(context.viewer),
    description: "The viewer's unread notification count: at once, then after every new notification or read anywhere",
  })
  unreadNotificationCountChanged(@Root() count: number): number {
    return count;
  }

  @Authorized()
  @Subscription(() => Notification, {
    subscribe: ({ context }: { context: Context }) => service.notificationEvents(context.viewer),
    description: "The viewer's new notifications, live",
  })
  notificationAdded(
    @Root() event: service.NotificationEvent,
    @Ctx() ctx: Context,
  ): Notification | Promise<Notification> {
    return service.notificationForEvent(event, ctx.viewer!.id);
  }
}
