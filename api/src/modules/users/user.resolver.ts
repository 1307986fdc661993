import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../kernel/context';
import { isUuid } from '../../kernel/ids';
import { User } from './user.entity';
import { userPolicy } from './user.policy';
import { chooseName, updateTutorial } from './user.service';

@Resolver(() => User)
export class UserResolver {
  @Query(() => User, { nullable: true, description: 'The signed-in member, or null when signed out' })
  async me(@Ctx() ctx: Context): Promise<User | null> {
    return ctx.viewer ? ctx.loaders.users.byId.load(ctx.viewer.id) : null;
  }

  @Authorized()
  @Query(() => User, {
    nullable: true,
    description: 'A member by id, or null when there is none or either blocked the other',
  })
  async user(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<User | null> {
    if (!isUuid(id)) return null; // a malformed id names no one
    const memberId = id;
    if (!ctx.viewer || memberId === ctx.viewer.id) return ctx.loaders.users.byId.load(memberId);
    // The member unless a block stands between them (one statement for every member asked about); the plain
    // loader then has them for the fields.
    const member = await ctx.loaders.users.seenByViewer.load(memberId);
    if (member) ctx.loaders.users.byId.prime(memberId, member);
    return member;
  }

  @Authorized()
  @Mutation(() => User, { description: "Saves the viewer's place in the first-run tutorial" })
  updateTutorial(
    @Ctx() ctx: Context,
    @Arg('tutorialStep', () => Int, { nullable: true }) tutorialStep?: number,
    @Arg('tutorialCompleted', () => Boolean, { nullable: true }) tutorialCompleted?: boolean,
  ): Promise<User> {
    return updateTutorial(ctx.viewer, { tutorialStep, tutorialCompleted });
  }

  @Authorized()
  @Mutation(() => User, {
    description:
      "Sets the viewer's first and last name (each 1 to 50 characters); the app asks a member without names at first " +
      'sign-in',
  })
  chooseName(
    @Ctx() ctx: Context,
    @Arg('firstName', () => String) firstName: string,
    @Arg('lastName', () => String) lastName: string,
  ): Promise<User> {
    return chooseName(ctx.viewer, { firstName, lastName });
  }

  @FieldResolver(() => Boolean, {
    nullable: true,
    description:
      'Whether the member confirmed their e-mail (by the mailed link or a provider); only the member and admins see it',
  })
  emailVerified(@Root() user: User, @Ctx() ctx: Context): boolean | null {
    return userPolicy.canSeePrivate(ctx.viewer, user) ? !!user.emailVerifiedAt : null;
  }

  @FieldResolver(() => String, { nullable: true, description: 'Only the member and admins see it' })
  email(@Root() user: User, @Ctx() ctx: Context): string | null {
    return userPolicy.canSeePrivate(ctx.viewer, user) ? user.email : null;
  }
}
