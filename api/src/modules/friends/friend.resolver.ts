import {
  Arg,
  Authorized,
  Ctx,
  Extensions,
  FieldResolver,
  ID,
  Int,
  Mutation,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import type { Context } from '../../kernel/context';
import { IdempotencyKeyArg } from '../../kernel/idempotency';
import { limitedBy, WRITE_LIMITS } from '../../kernel/rate-limit';
import { User } from '../users/user.entity';
import * as service from './friend.service';
import { Friend, FriendRequest, FriendStatus, FriendSuggestion } from './friend.types';

@Resolver()
export class FriendResolver {
  @Authorized()
  @Query(() => [Friend], { description: "The viewer's friends (first: at most this many, 100 by default)" })
  friends(@Ctx() ctx: Context, @Arg('first', () => Int, { nullable: true }) first?: number): Promise<Friend[]> {
    return service.listFriends(ctx.viewer, first ?? 100);
  }

  @Authorized()
  @Query(() => [FriendSuggestion], {
    description: 'Members the viewer may know: friends of friends, then members nearby, the newest and the most active',
  })
  friendSuggestions(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true }) first?: number,
  ): Promise<FriendSuggestion[]> {
    return service.friendSuggestions(ctx.viewer, first ?? 10);
  }

  @Authorized()
  @Query(() => [FriendRequest], { description: 'Friend requests sent to the viewer and waiting for an answer' })
  friendRequests(@Ctx() ctx: Context): Promise<FriendRequest[]> {
    return service.incomingRequests(ctx.viewer);
  }

  @Authorized()
  @Query(() => Int, { description: 'Friend requests waiting for the viewer (the Friends badge)' })
  pendingFriendRequestCount(@Ctx() ctx: Context) {
    return service.pendingRequestCount(ctx.viewer);
  }

  @Authorized()
  @Extensions(limitedBy(WRITE_LIMITS.newMemberFriendRequests))
  @Mutation(() => User, { description: 'Sends a friend request; answers the member' })
  async sendFriendRequest(
    @Arg('userId', () => ID) userId: string,
    @IdempotencyKeyArg() idempotencyKey: string | null,
    @Ctx() ctx: Context,
  ) {
    await service.sendFriendRequest(ctx.viewer, userId, idempotencyKey);
    return ctx.loaders.users.byId.load(userId);
  }

  @Authorized()
  @Mutation(() => User, { description: 'Accepts the friend request this member sent the viewer; answers the member' })
  async acceptFriendRequest(@Arg('userId', () => ID) userId: string, @Ctx() ctx: Context) {
    await service.acceptFriendRequest(ctx.viewer, userId);
    return ctx.loaders.users.byId.load(userId);
  }

  @Authorized()
  @Mutation(() => User, { description: 'Declines a request sent to the viewer, or withdraws one the viewer sent' })
  async declineFriendRequest(@Arg('userId', () => ID) userId: string, @Ctx() ctx: Context) {
    await service.declineFriendRequest(ctx.viewer, userId);
    return ctx.loaders.users.byId.load(userId);
  }

  @Authorized()
  @Mutation(() => User, { description: 'Ends a friendship; answers the member' })
  async unfriend(@Arg('userId', () => ID) userId: string, @Ctx() ctx: Context) {
    await service.unfriend(ctx.viewer, userId);
    return ctx.loaders.users.byId.load(userId);
  }
}

@Resolver(() => User)
export class UserFriendStatusResolver {
  @FieldResolver(() => FriendStatus, { description: 'How this member relates to the viewer' })
  async friendStatus(@Root() user: User, @Ctx() ctx: Context): Promise<FriendStatus> {
    const row = ctx.viewer && ctx.viewer.id !== user.id ? await ctx.loaders.friends.withViewer.load(user.id) : null;
    return service.friendStatusOf(ctx.viewer, user.id, row);
  }
}
