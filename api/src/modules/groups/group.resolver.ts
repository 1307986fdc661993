import {
  Arg,
  Args,
  Authorized,
  Ctx,
  Extensions,
  Field,
  FieldResolver,
  Float,
  ID,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
  Subscription,
  registerEnumType,
} from 'type-graphql';
import type { Context } from '../../kernel/context';
import { ConnectionType, PageArgs } from '../../kernel/pagination';
import { limitedBy, WRITE_LIMITS } from '../../kernel/rate-limit';
import { User } from '../users/user.entity';
import { GroupJoinRequest } from './group-join-request.entity';
import { GroupMember } from './group-member.entity';
import { GroupMessage } from './group-message.entity';
import { Group, GROUP_TYPES } from './group.entity';
import { CreateGroupInput, GroupsNearArgs, MyGroupsArgs } from './group.inputs';
import * as chat from './group-chat.service';
import * as events from './group-events';
import * as queries from './group-queries';
import * as unread from './group-unread';
import * as service from './group.service';

export enum GroupViewerStatus {
  none = 'none',
  requested = 'requested',
  member = 'member',
  admin = 'admin',
}
registerEnumType(GroupViewerStatus, { name: 'GroupViewerStatus', description: "The viewer's standing in a group" });

@ObjectType({ description: 'A page of Group items; `pageInfo` leads to the next' })
export class GroupConnection extends ConnectionType(Group, 'Group') {
  /** Counts the whole list (only when totalCount is asked for). */
  count: () => Promise<number>;
}

@ObjectType({ description: 'A page of GroupJoinRequest items; `pageInfo` leads to the next' })
export class GroupJoinRequestConnection extends ConnectionType(GroupJoinRequest, 'GroupJoinRequest') {}

@ObjectType({ description: 'A page of GroupMembership items; `pageInfo` leads to the next' })
export class GroupMembershipConnection extends ConnectionType(GroupMember, 'GroupMembership') {}

@ObjectType({ description: 'A page of GroupMessage items; `pageInfo` leads to the next' })
export class GroupMessageConnection extends ConnectionType(GroupMessage, 'GroupMessage') {}

@ObjectType({ description: 'The option lists and defaults of groups (spec 002 sections 3 and 9)' })
export class GroupOptions {
  @Field(() => [String])
  types: string[];

  @Field(() => [Int], { description: 'Discover Groups radius options in km' })
  discoverRadiiKm: number[];

  @Field(() => [Int], { description: 'Klets chat radius options in km' })
  chatRadiiKm: number[];

  @Field(() => Int)
  defaultRadiusKm: number;
}

@Resolver(() => GroupConnection)
export class GroupConnectionResolver {
  @FieldResolver(() => Int, { description: 'How many groups the whole list holds' })
  totalCount(@Root() page: GroupConnection) {
    return page.count();
  }
}

@Resolver(() => GroupMember)
export class GroupMembershipResolver {
  @FieldResolver(() => User)
  member(@Root() m: GroupMember, @Ctx() ctx: Context) {
    return ctx.loaders.users.byId.load(m.memberId);
  }
}

@Resolver(() => GroupJoinRequest)
export class GroupJoinRequestResolver {
  @FieldResolver(() => User, { description: 'Who asked to join' })
  member(@Root() r: GroupJoinRequest, @Ctx() ctx: Context) {
    return ctx.loaders.users.byId.load(r.memberId);
  }

  @Authorized()
  @Query(() => GroupJoinRequestConnection, {
    description: "A group's pending join requests, oldest first; its admins only",
  })
  groupJoinRequests(
    @Arg('groupId', () => ID) groupId: string,
    @Args(() => PageArgs) args: PageArgs,
    @Ctx() ctx: Context,
  ) {
    return queries.pendingJoinRequests(ctx.viewer, groupId, args);
  }

  @Authorized()
  @Mutation(() => GroupJoinRequest, {
    description: 'Approves a pending join request (the member joins); admins of its group only',
  })
  approveGroupJoinRequest(@Arg('requestId', () => ID) requestId: string, @Ctx() ctx: Context) {
    return service.decideJoinRequest(ctx.viewer, requestId, true);
  }

  @Authorized()
  @Mutation(() => GroupJoinRequest, { description: 'Declines a pending join request; admins of its group only' })
  declineGroupJoinRequest(@Arg('requestId', () => ID) requestId: string, @Ctx() ctx: Context) {
    return service.decideJoinRequest(ctx.viewer, requestId, false);
  }
}

@Resolver(() => GroupMessage)
export class GroupMessageResolver {
  @FieldResolver(() => User, { nullable: true, description: 'The member who sent it' })
  sender(@Root() m: GroupMessage, @Ctx() ctx: Context) {
    return ctx.loaders.users.byId.load(m.senderId);
  }

  @FieldResolver(() => Boolean, { description: 'Whether you sent it' })
  mine(@Root() m: GroupMessage, @Ctx() ctx: Context): boolean {
    return m.senderId === ctx.viewer?.id;
  }

  @Authorized()
  @Query(() => GroupMessageConnection, {
    description: "A group's chat, newest first; `after` gives older messages. Members only",
  })
  groupMessages(@Arg('groupId', () => ID) groupId: string, @Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    return chat.groupMessages(ctx.viewer, groupId, args);
  }

  @Authorized()
  @Extensions(limitedBy(WRITE_LIMITS.messages))
  @Mutation(() => GroupMessage, {
    description: "Sends a message (1 to 2000 characters) to a group's chat; members only",
  })
  sendGroupMessage(
    @Arg('groupId', () => ID) groupId: string,
    @Arg('body', () => String) body: string,
    @Ctx() ctx: Context,
  ) {
    return chat.sendGroupMessage(ctx.viewer, groupId, body);
  }

  @Authorized()
  @Query(() => Int, { description: 'How many of your groups have chat messages you have not read (the Klets badge)' })
  kletsUnread(@Ctx() ctx: Context) {
    return unread.kletsUnread(ctx.viewer);
  }

  @Authorized()
  @Mutation(() => Int, {
    description: "Marks a group's chat read up to now (members only); answers your Klets unread count after it",
  })
  markGroupRead(@Arg('groupId', () => ID) groupId: string, @Ctx() ctx: Context) {
    return unread.markGroupRead(ctx.viewer, groupId);
  }

  @Authorized()
  @Subscription(() => Int, {
    subscribe: ({ context }: { context: Context }) => unread.kletsUnreadCounts(context.viewer),
    description: 'Your Klets unread count: at once, then after every change',
  })
  kletsUnreadChanged(@Root() count: number): number {
    return count;
  }

  @Authorized()
  @Subscription(() => GroupMessage, {
    subscribe: ({ args, context }: { args: { groupId: string }; context: Context }) =>
      chat.groupMessageEvents(context.viewer, args.groupId),
    description: "New messages in a group's chat, live; members only, ending when you leave or are removed",
  })
  async groupMessageAdded(
    @Arg('groupId', () => ID) _groupId: string,
    @Root() e: events.GroupMessageEvent,
    @Ctx() ctx: Context,
  ): Promise<GroupMessage> {
    // Read once for every open chat (chat.liveMessage); the sender field then finds it in this chat's loader.
    const { message, sender } = await chat.liveMessage(e);
    if (sender) ctx.loaders.users.byId.prime(sender.id, sender);
    return message;
  }
}

@Resolver(() => Group)
export class GroupResolver {
  @Authorized()
  @Query(() => GroupConnection, { description: 'Groups within a radius of a position, nearest first' })
  async groupsNear(@Args(() => GroupsNearArgs) args: GroupsNearArgs, @Ctx() ctx: Context) {
    return { ...(await queries.groupsNear(ctx.viewer, args)), count: () => queries.groupsNearCount(args) };
  }

  @Authorized()
  @Query(() => GroupConnection, { description: "The viewer's groups, the one joined last first" })
  async myGroups(@Args(() => MyGroupsArgs) args: MyGroupsArgs, @Ctx() ctx: Context) {
    return { ...(await queries.myGroups(ctx.viewer, args)), count: () => queries.myGroupsCount(ctx.viewer, args) };
  }

  @Authorized()
  @Query(() => GroupConnection, { description: 'Every group, newest first' })
  async groups(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    return { ...(await queries.newestGroups(ctx.viewer, args)), count: () => service.groupsCount() };
  }

  @Authorized()
  @Query(() => Group, { nullable: true, description: 'One group, or null when there is none' })
  group(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return service.findGroupOrNull(ctx.viewer, id);
  }

  @Authorized()
  @Query(() => GroupMembershipConnection, {
    description: "A group's members, the longest-standing first; members only",
  })
  groupMembers(@Arg('groupId', () => ID) groupId: string, @Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    return queries.groupMembers(ctx.viewer, groupId, args);
  }

  @Authorized()
  @Query(() => GroupOptions, {
    description: "Groups' choices: group types, the discover and chat radii and the default radius",
  })
  groupOptions(): GroupOptions {
    return {
      types: [...GROUP_TYPES],
      discoverRadiiKm: [...service.DISCOVER_RADII_KM],
      chatRadiiKm: [...service.CHAT_RADII_KM],
      defaultRadiusKm: service.DEFAULT_RADIUS_KM,
    };
  }

  @Authorized()
  @Mutation(() => Group, { description: "Creates a group at the creator's position; the creator is its admin" })
  createGroup(@Arg('input', () => CreateGroupInput) input: CreateGroupInput, @Ctx() ctx: Context) {
    return service.createGroup(ctx.viewer, input);
  }

  @Authorized()
  @Mutation(() => Group, { description: 'Joins a group: viewerStatus member, or requested when it requires approval' })
  joinGroup(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return service.joinGroup(ctx.viewer, id);
  }

  @Authorized()
  @Mutation(() => Group, { description: 'Leaves a group (or withdraws a pending request)' })
  leaveGroup(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return service.leaveGroup(ctx.viewer, id);
  }

  @Authorized()
  @Mutation(() => Group, { description: 'Marks or unmarks one of your groups as a favourite' })
  favoriteGroup(
    @Arg('id', () => ID) id: string,
    @Arg('favorite', () => Boolean) favorite: boolean,
    @Ctx() ctx: Context,
  ) {
    return service.favoriteGroup(ctx.viewer, id, favorite);
  }

  @Authorized()
  @Mutation(() => Group, {
    description: 'Toggles the favourite mark of one of your groups (POST /api/groups/{id}/favorite)',
  })
  toggleFavoriteGroup(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return service.favoriteGroup(ctx.viewer, id, null);
  }

  @Authorized()
  @Mutation(() => Group, { description: 'Removes a member from a group; its admins only' })
  removeGroupMember(
    @Arg('groupId', () => ID) groupId: string,
    @Arg('memberId', () => ID) memberId: string,
    @Ctx() ctx: Context,
  ) {
    return service.removeGroupMember(ctx.viewer, groupId, memberId);
  }

  @Authorized()
  @Subscription(() => Boolean, {
    subscribe: ({ context }: { context: Context }) => events.myGroupsEvents(context.viewer),
    description: 'Your groups changed (joined, left, approved, removed, favourites): read the lists again',
  })
  myGroupsChanged(): boolean {
    return true;
  }

  @FieldResolver(() => Int, { description: 'How many members it has' })
  memberCount(@Root() g: Group): number {
    return g.memberCount;
  }

  @FieldResolver(() => Boolean, { description: 'Whether the viewer marked it a favourite' })
  async isFavorite(@Root() g: Group, @Ctx() ctx: Context) {
    return (await ctx.loaders.groups.facts.load(g.id)).isFavorite;
  }

  @FieldResolver(() => GroupViewerStatus, { description: "The viewer's standing in it" })
  async viewerStatus(@Root() g: Group, @Ctx() ctx: Context) {
    const f = await ctx.loaders.groups.facts.load(g.id);
    return service.viewerStatusOf(f.viewerRole, f.viewerRequested);
  }

  @FieldResolver(() => Float, {
    nullable: true,
    description: 'Distance in km from the searched position (radius queries only)',
  })
  distanceKm(@Root() g: Group) {
    return g.distanceMetres === undefined ? null : Math.round(g.distanceMetres / 100) / 10;
  }
}
