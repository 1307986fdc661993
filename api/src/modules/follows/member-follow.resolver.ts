import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Resolver, Root } from 'type-graphql';
import type { Context } from '../../kernel/context';
import { User } from '../users/user.entity';
import * as service from './member-follow.service';

@Resolver(() => User)
export class MemberFollowResolver {
  @Authorized()
  @Mutation(() => User, { description: 'The viewer follows a member (idempotent; never themself); answers the member' })
  async followMember(@Arg('userId', () => ID) userId: string, @Ctx() ctx: Context) {
    await service.followMember(ctx.viewer, userId);
    return ctx.loaders.users.byId.load(userId);
  }

  @Authorized()
  @Mutation(() => User, { description: 'The viewer stops following a member (idempotent); answers the member' })
  async unfollowMember(@Arg('userId', () => ID) userId: string, @Ctx() ctx: Context) {
    await service.unfollowMember(ctx.viewer, userId);
    return ctx.loaders.users.byId.load(userId);
  }

  @FieldResolver(() => Int, { description: "How many members this member follows (the profile's Following)" })
  async followingCount(@Root() user: User, @Ctx() ctx: Context): Promise<number> {
    return (await ctx.loaders.memberFacts.load(user.id)).followingCount;
  }

  @FieldResolver(() => Int, { description: 'How many members follow this member' })
  async followerCount(@Root() user: User, @Ctx() ctx: Context): Promise<number> {
    return (await ctx.loaders.memberFacts.load(user.id)).followerCount;
  }

  @FieldResolver(() => Boolean, {
    description: 'Whether the viewer follows this member (false for the viewer themself)',
  })
  async viewerFollows(@Root() user: User, @Ctx() ctx: Context): Promise<boolean> {
    return (await ctx.loaders.memberFacts.load(user.id)).viewerFollows;
  }
}
