import { Arg, Args, Authorized, Ctx, ObjectType, Query, Resolver } from 'type-graphql';
import type { Context } from '../../kernel/context';
import { db } from '../../kernel/database';
import { requireViewer } from '../../kernel/auth';
import { ConnectionType, PageArgs, keysetPage } from '../../kernel/pagination';
import { Business } from './business.entity';

@ObjectType()
export class BusinessConnection extends ConnectionType(Business, 'Business') {}

@Resolver(() => Business)
export class BusinessResolver {
  @Authorized()
  @Query(() => BusinessConnection, { description: 'Business pages, newest first (the home carousel)' })
  businesses(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    requireViewer(ctx.viewer);
    return keysetPage(db().getRepository(Business).createQueryBuilder('b'), 'b', args);
  }

  @Authorized()
  @Query(() => Business, { nullable: true, description: 'The business page with this name (case-insensitive)' })
  businessByName(@Arg('name', () => String) name: string) {
    return db().getRepository(Business).findOneBy({ name: name.trim().slice(0, 200) });
  }
}
