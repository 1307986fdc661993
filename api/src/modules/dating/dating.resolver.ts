import {
  Arg,
  Args,
  ArgsType,
  Authorized,
  Ctx,
  Field,
  FieldResolver,
  ID,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import type { Context } from '../../kernel/context';
import { ConnectionType, PageArgs } from '../../kernel/pagination';
import { DatingAlias } from './dating-alias.entity';
import { DatingMatch } from './dating-match.entity';
import { Conversation } from '../messages/conversation.entity';
import { matchOfConversationKey } from './dating.conversation';
import { datingPolicy } from './dating.policy';
import { SaveDatingAliasInput } from './dating.inputs';
import * as discovery from './dating-discover.service';
import * as matching from './dating-matches.service';
import * as service from './dating.service';

@ObjectType({ description: 'A page of DatingMatch items; `pageInfo` leads to the next' })
export class DatingMatchConnection extends ConnectionType(DatingMatch, 'DatingMatch') {}

@ObjectType({ description: 'What a like, wink or pass did' })
export class DatingReactionResult {
  @Field(() => String, { description: 'like, wink or pass' })
  kind: string;

  @Field(() => DatingMatch, {
    nullable: true,
    description: 'The match it made, when the other alias had liked or winked at yours',
  })
  match: DatingMatch | null;
}

@ArgsType()
class DiscoverArgs {
  @Field(() => Int, { nullable: true, description: 'How many, 1 to 100 (default 20)' })
  first?: number | null;
}

@Resolver(() => DatingAlias)
export class DatingAliasResolver {
  @Authorized()
  @Query(() => DatingAlias, { nullable: true, description: 'Your dating alias; null until you create one' })
  myDatingAlias(@Ctx() ctx: Context) {
    return service.myAlias(ctx.viewer);
  }

  @Authorized()
  @Query(() => [DatingAlias], {
    description:
      'Discover: aliases you have not liked, winked at or passed, by your interested-in, age range and radius, ' +
      'nearest first',
  })
  datingProfiles(@Args(() => DiscoverArgs) args: DiscoverArgs, @Ctx() ctx: Context) {
    return discovery.discover(ctx.viewer, args);
  }

  @Authorized()
  @Mutation(() => DatingAlias, { description: 'Creates your dating alias, or updates it' })
  saveDatingAlias(@Arg('input', () => SaveDatingAliasInput) input: SaveDatingAliasInput, @Ctx() ctx: Context) {
    return service.saveAlias(ctx.viewer, input);
  }

  @Authorized()
  @Mutation(() => DatingReactionResult, {
    description: 'Like, wink or pass on an alias, once; a like or wink answering theirs makes a match',
  })
  reactToDatingAlias(
    @Arg('aliasId', () => ID) aliasId: string,
    @Arg('kind', () => String, { description: 'like, wink or pass' }) kind: string,
    @Ctx() ctx: Context,
  ) {
    return discovery.react(ctx.viewer, aliasId, kind);
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description:
      'Blocks another alias: it never appears to you again, yours no longer appears to it, and a match between the ' +
      'two ends (its chat closes for both). Nothing of the members behind the aliases is involved',
  })
  blockDatingAlias(@Arg('aliasId', () => ID) aliasId: string, @Ctx() ctx: Context) {
    return matching.blockAlias(ctx.viewer, aliasId);
  }
}

@Resolver(() => DatingMatch)
export class DatingMatchResolver {
  @Authorized()
  @Query(() => DatingMatchConnection, { description: 'Your matches, newest first' })
  datingMatches(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    return matching.myMatches(ctx.viewer, args);
  }

  @Authorized()
  @Mutation(() => DatingMatch, {
    description: 'Unmatch: ends one of your matches for both sides; it leaves both lists and its chat closes for both',
  })
  unmatchDating(@Arg('matchId', () => ID) matchId: string, @Ctx() ctx: Context) {
    return matching.unmatch(ctx.viewer, matchId);
  }

  @FieldResolver(() => DatingAlias, { description: 'The other alias of the match' })
  async alias(@Root() m: DatingMatch, @Ctx() ctx: Context) {
    return ctx.loaders.dating.aliasById.load(m.otherAliasId!);
  }
}

@Resolver(() => Conversation)
export class ConversationDatingMatchResolver {
  @FieldResolver(() => DatingMatch, {
    nullable: true,
    description:
      'The dating match this conversation was started from (its endedAt says the chat is closed); null otherwise, or ' +
      'once an alias is gone',
  })
  async datingMatch(@Root() c: Conversation, @Ctx() ctx: Context): Promise<DatingMatch | null> {
    const id = matchOfConversationKey(c.originKey);
    if (!id || !ctx.viewer) return null;
    const [match, mine] = await Promise.all([
      ctx.loaders.dating.matchById.load(id),
      ctx.loaders.dating.aliasByMember.load(ctx.viewer.id),
    ]);
    if (!match || !mine || !datingPolicy.isInMatch(mine.id, match)) return null;
    return Object.assign(Object.create(DatingMatch.prototype) as DatingMatch, match, {
      otherAliasId: match.firstAliasId === mine.id ? match.secondAliasId : match.firstAliasId,
    });
  }
}
