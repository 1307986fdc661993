import {
  Arg,
  Args,
  Authorized,
  Ctx,
  FieldResolver,
  ID,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import type { Context } from '../../kernel/context';
import { ConnectionType, PageArgs } from '../../kernel/pagination';
import { User } from '../users/user.entity';
import * as service from './block.service';

@ObjectType({ description: 'A page of BlockedMember items; `pageInfo` leads to the next' })
export class BlockedMemberConnection extends ConnectionType(User, 'BlockedMember') {}

@Resolver(() => User)
export class BlockResolver {
  @Authorized()
  @Mutation(() => User, {
    description:
      'The viewer blocks a member (idempotent; never themself): it also ends their friendship or request and follows ' +
      'either way; answers the member',
  })
  async blockMember(@Arg('userId', () => ID) userId: string, @Ctx() ctx: Context) {
    await service.blockMember(ctx.viewer, userId);
    return ctx.loaders.users.byId.load(userId);
  }

  @Authorized()
  @Mutation(() => User, { description: 'The viewer unblocks a member (idempotent); answers the member' })
  async unblockMember(@Arg('userId', () => ID) userId: string, @Ctx() ctx: Context) {
    await service.unblockMember(ctx.viewer, userId);
    return ctx.loaders.users.byId.load(userId);
  }

  @Authorized()
  @Query(() => BlockedMemberConnection, { description: 'The members the viewer blocked, most recently blocked first' })
  async blockedMembers(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    const page = await service.blockedMembers(ctx.viewer, args);
    const users = await Promise.all(page.nodes.map((n) => ctx.loaders.users.byId.load(n.id)));
    return { nodes: users.filter((u): u is User => !!u), pageInfo: page.pageInfo };
  }

  @FieldResolver(() => Boolean, {
    description: 'Whether the viewer blocked this member (false for the viewer themself and when signed out)',
  })
  async blockedByMe(@Root() user: User, @Ctx() ctx: Context): Promise<boolean> {
    if (!ctx.viewer) return false;
    return (await ctx.loaders.memberFacts.load(user.id)).blockedByMe;
  }
}
