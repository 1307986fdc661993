import { Arg, Authorized, Ctx, Extensions, ID, Mutation, Query, Resolver } from 'type-graphql';
import { SESSION_ONLY } from '../../kernel/access';
import type { Context } from '../../kernel/context';
import { AccessToken } from './access-token.entity';
import { CreateAccessTokenInput, CreatedAccessToken } from './access-token.inputs';
import { createAccessToken, myAccessTokens, revokeAccessToken } from './access-token.service';

/** Managing personal access tokens: a signed-in session only, never with a token (SESSION_ONLY). */
@Resolver(() => AccessToken)
export class AccessTokenResolver {
  @Authorized()
  @Extensions(SESSION_ONLY)
  @Query(() => [AccessToken], {
    description: "The signed-in member's personal access tokens, newest first (not with a token)",
  })
  myAccessTokens(@Ctx() ctx: Context): Promise<AccessToken[]> {
    return myAccessTokens(ctx);
  }

  @Authorized()
  @Extensions(SESSION_ONLY)
  @Mutation(() => CreatedAccessToken, {
    description: 'Creates a personal access token and answers its secret, this once (not with a token)',
  })
  createAccessToken(
    @Arg('input', () => CreateAccessTokenInput) input: CreateAccessTokenInput,
    @Ctx() ctx: Context,
  ): Promise<CreatedAccessToken> {
    return createAccessToken(ctx, input);
  }

  @Authorized()
  @Extensions(SESSION_ONLY)
  @Mutation(() => ID, {
    description: 'Revokes one of your personal access tokens at once; answers its id (not with a token)',
  })
  revokeAccessToken(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<string> {
    return revokeAccessToken(ctx, id);
  }
}
