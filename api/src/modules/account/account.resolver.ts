import { Arg, Authorized, Ctx, Extensions, Mutation, Resolver } from 'type-graphql';
import { SESSION_ONLY } from '../../kernel/access';
import type { Context } from '../../kernel/context';
import { deleteAccount } from './account.service';

@Resolver()
export class AccountResolver {
  @Authorized()
  @Extensions(SESSION_ONLY)
  @Mutation(() => Boolean, {
    description:
      "Deletes the signed-in member's account and everything they own (posts, reels, recipes, messages, vault, a " +
      'business page they own...) after checking their sign-in password; signs them out everywhere',
  })
  async deleteAccount(
    @Arg('password', () => String, { description: 'The sign-in password, typed again' }) password: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await deleteAccount(ctx.viewer, password);
    ctx.cookies?.clear();
    ctx.viewer = null;
    ctx.sessionToken = null;
    return true;
  }
}
