import { Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../kernel/context';
import { User } from './user.entity';
import { canSeePrivate } from './user.service';

@Resolver(() => User)
export class UserResolver {
  @Query(() => User, { nullable: true, description: 'The signed-in member, or null when signed out' })
  me(@Ctx() ctx: Context): User | null {
    return ctx.viewer;
  }

  @FieldResolver(() => String, { nullable: true, description: 'Only the member and admins see it' })
  email(@Root() user: User, @Ctx() ctx: Context): string | null {
    return canSeePrivate(ctx.viewer, user) ? user.email : null;
  }
}
