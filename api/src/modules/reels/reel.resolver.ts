import { Args, Authorized, Ctx, FieldResolver, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../kernel/context';
import { db } from '../../kernel/database';
import { ConnectionType, PageArgs, keysetPage } from '../../kernel/pagination';
import { User } from '../users/user.entity';
import { Reel } from './reel.entity';

@ObjectType()
export class ReelConnection extends ConnectionType(Reel, 'Reel') {}

@Resolver(() => Reel)
export class ReelResolver {
  @Authorized()
  @Query(() => ReelConnection, { description: 'Reels, newest first' })
  reels(@Args(() => PageArgs) args: PageArgs) {
    return keysetPage(db().getRepository(Reel).createQueryBuilder('r'), 'r', args);
  }

  @FieldResolver(() => User)
  author(@Root() reel: Reel, @Ctx() ctx: Context) {
    return ctx.loaders.users.byId.load(reel.authorId);
  }
}
