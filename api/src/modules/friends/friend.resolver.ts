import { Arg, Authorized, Ctx, Field, FieldResolver, ID, Int, Mutation, ObjectType, Query, Resolver, Root, registerEnumType } from 'type-graphql';
import type { Context } from '../../kernel/context';
import { User } from '../users/user.entity';
import * as service from './friend.service';

export enum FriendStatus {
  none = 'none',
  self = 'self',
  friends = 'friends',
  requestSent = 'requestSent',
  requestReceived = 'requestReceived',
}
registerEnumType(FriendStatus, { name: 'FriendStatus', description: 'How a member relates to the viewer' });

@ObjectType({ description: 'A friend of the viewer' })
export class Friend {
  @Field(() => User) user: User;
  @Field(() => Int, { description: 'Friends the viewer and this friend share' }) mutualFriendCount: number;
  @Field(() => Date, { nullable: true }) since: Date | null;
}

@ObjectType({ description: "A friend of the viewer's friends" })
export class FriendSuggestion {
  @Field(() => User) user: User;
  @Field(() => User, { description: "The viewer's friend they are a friend of" }) via: User;
  @Field(() => Int) mutualFriendCount: number;
}

@ObjectType({ description: 'A friend request sent to the viewer' })
export class FriendRequest {
  @Field(() => ID) id: string;
  @Field(() => User) from: User;
  @Field(() => Date) createdAt: Date;
}

@Resolver()
export class FriendResolver {
  @Authorized()
  @Query(() => [Friend])
  async friends(@Ctx() ctx: Context, @Arg('first', () => Int, { nullable: true }) first?: number): Promise<Friend[]> {
    const rows = await service.listFriends(ctx.viewer, first ?? 100);
    const users = await ctx.loaders.users.byId.loadMany(rows.map((r) => r.userId));
    return rows.map((r, i) => ({ user: users[i] as User, mutualFriendCount: r.mutualFriendCount, since: r.since })).filter((f) => f.user);
  }

  @Authorized()
  @Query(() => [FriendSuggestion], { description: 'Friends of friends, most shared friends first' })
  async friendSuggestions(@Ctx() ctx: Context, @Arg('first', () => Int, { nullable: true }) first?: number): Promise<FriendSuggestion[]> {
    const rows = await service.friendSuggestions(ctx.viewer, first ?? 10);
    const users = await ctx.loaders.users.byId.loadMany(rows.flatMap((r) => [r.userId, r.viaUserId]));
    return rows.map((r, i) => ({ user: users[2 * i] as User, via: users[2 * i + 1] as User, mutualFriendCount: r.mutualFriendCount }));
  }

  @Authorized()
  @Query(() => [FriendRequest])
  async friendRequests(@Ctx() ctx: Context): Promise<FriendRequest[]> {
    const rows = await service.incomingRequests(ctx.viewer);
    const users = await ctx.loaders.users.byId.loadMany(rows.map((f) => f.requesterId));
    return rows.map((f, i) => ({ id: f.id, from: users[i] as User, createdAt: f.createdAt }));
  }

  @Authorized()
  @Query(() => Int, { description: 'Friend requests waiting for the viewer (the Friends badge)' })
  pendingFriendRequestCount(@Ctx() ctx: Context) {
    return service.pendingRequestCount(ctx.viewer);
  }

  @Authorized()
  @Mutation(() => User, { description: 'Sends a friend request; answers the member' })
  async sendFriendRequest(@Arg('userId', () => ID) userId: string, @Ctx() ctx: Context) {
    await service.sendFriendRequest(ctx.viewer, userId);
    return ctx.loaders.users.byId.load(userId);
  }

  @Authorized()
  @Mutation(() => User)
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
  @Mutation(() => User)
  async unfriend(@Arg('userId', () => ID) userId: string, @Ctx() ctx: Context) {
    await service.unfriend(ctx.viewer, userId);
    return ctx.loaders.users.byId.load(userId);
  }
}

@Resolver(() => User)
export class UserFriendStatusResolver {
  @FieldResolver(() => FriendStatus, { description: 'How this member relates to the viewer' })
  async friendStatus(@Root() user: User, @Ctx() ctx: Context): Promise<FriendStatus> {
    if (!ctx.viewer) return FriendStatus.none;
    if (ctx.viewer.id === user.id) return FriendStatus.self;
    const f = await ctx.loaders.friends.withViewer.load(user.id);
    if (!f) return FriendStatus.none;
    if (f.status === 'accepted') return FriendStatus.friends;
    return f.requesterId === ctx.viewer.id ? FriendStatus.requestSent : FriendStatus.requestReceived;
  }
}
