import { Args, ArgsType, Authorized, Ctx, createUnionType, Field, Query, Resolver } from 'type-graphql';
import type { Context } from '../../kernel/context';
import { ConnectionType, PageArgs } from '../../kernel/pagination';
import { SearchKind, searchKinds } from './search.kinds';
import * as service from './search.service';

/** A row Explore's search found: one of the kinds' types. */
export const SearchHit = createUnionType({
  name: 'SearchHit',
  description: "A row Explore's search found",
  types: () => searchKinds().map((k) => k.entity) as unknown as readonly [new () => object],
  resolveType: (value) => searchKinds().find((k) => value instanceof k.entity)?.entity.name,
});

const SearchHitConnection = ConnectionType(SearchHit as unknown as new () => object, 'SearchHit');

@ArgsType()
class SearchArgs extends PageArgs {
  @Field(() => SearchKind)
  kind: SearchKind;

  @Field(() => String, {
    nullable: true,
    description: 'What to look for (at most 100 characters); empty: the newest rows of the kind',
  })
  query?: string | null;
}

@Resolver()
export class SearchResolver {
  @Authorized()
  @Query(() => SearchHitConnection, {
    description:
      "Explore's search: one kind's rows that match the query, best match first, or its newest rows for an empty query",
  })
  search(@Args() args: SearchArgs, @Ctx() ctx: Context) {
    return service.search(ctx.viewer, args);
  }
}
