import { Arg, Authorized, Ctx, Extensions, Mutation, Resolver } from 'type-graphql';
import { SESSION_ONLY } from '../../kernel/access';
import type { Context } from '../../kernel/context';
import { User } from '../users/user.entity';
import { SignInInput, SignUpInput } from './auth.inputs';
import * as auth from './auth.service';
import { requireSecondStep } from '../twofactor/two-factor.service';
import { endSession, startSession } from './session.service';

/** Starts a session for the member and hands its cookie to the transport (rotating any presented one). */
export async function beginSession(ctx: Context, user: User): Promise<User> {
  const { token, expiresAt } = await startSession(user.id, {
    previousToken: ctx.sessionToken,
    userAgent: ctx.meta.userAgent,
  });
  ctx.cookies?.set(token, expiresAt);
  ctx.sessionToken = token;
  ctx.viewer = user;
  return user;
}

@Resolver()
export class AuthResolver {
  @Mutation(() => User, { description: 'Creates an account with e-mail and password and signs it in' })
  async signUp(@Arg('input', () => SignUpInput) input: SignUpInput, @Ctx() ctx: Context): Promise<User> {
    return beginSession(ctx, await auth.signUp(input, ctx.meta.ip, ctx.log));
  }

  @Mutation(() => User, { description: 'Signs in with e-mail and password; the session id changes' })
  async signIn(@Arg('input', () => SignInInput) input: SignInInput, @Ctx() ctx: Context): Promise<User> {
    const user = await auth.signIn(input, ctx.meta.ip);
    // A member with two-factor sign-in gets no session yet: TWO_FACTOR_REQUIRED with a pending token.
    await requireSecondStep(user.id);
    return beginSession(ctx, user);
  }

  @Mutation(() => Boolean, { description: 'Ends the current session' })
  async signOut(@Ctx() ctx: Context): Promise<boolean> {
    if (ctx.sessionToken) await endSession(ctx.sessionToken);
    ctx.cookies?.clear();
    ctx.viewer = null;
    ctx.sessionToken = null;
    return true;
  }

  @Mutation(() => Boolean, {
    description: 'Mails a single-use reset link (valid one hour) if the e-mail has an account; always true',
  })
  async requestPasswordReset(@Arg('email', () => String) email: string, @Ctx() ctx: Context): Promise<boolean> {
    await auth.requestPasswordReset(email, ctx.meta.ip, ctx.log);
    return true;
  }

  @Mutation(() => Boolean, {
    description:
      "Sets a new password from a reset link's token; ends all the member's sessions, revokes their personal access " +
      'tokens and switches off their webhooks',
  })
  async resetPassword(
    @Arg('token', () => String) token: string,
    @Arg('password', () => String) password: string,
  ): Promise<boolean> {
    await auth.resetPassword(token, password);
    return true;
  }

  @Mutation(() => Boolean, {
    description: "Confirms the member's e-mail address with the token of the link mailed at sign-up",
  })
  async verifyEmail(@Arg('token', () => String) token: string): Promise<boolean> {
    await auth.verifyEmail(token);
    return true;
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Mails the signed-in member a new link to confirm their e-mail address' })
  async resendVerificationEmail(@Ctx() ctx: Context): Promise<boolean> {
    await auth.resendVerification(ctx.viewer, ctx.meta.ip, ctx.log);
    return true;
  }

  @Authorized()
  @Extensions(SESSION_ONLY)
  @Mutation(() => Boolean, {
    description:
      "Changes the signed-in member's password; their other sessions end, and their personal access tokens and " +
      'webhooks too unless kept (never with a personal access token)',
  })
  async changePassword(
    @Arg('currentPassword', () => String) currentPassword: string,
    @Arg('newPassword', () => String) newPassword: string,
    @Arg('keepTokensAndWebhooks', () => Boolean, {
      defaultValue: false,
      description:
        'true keeps your personal access tokens and webhooks working; false (the default) revokes the tokens and ' +
        'switches off the webhooks',
    })
    keepTokensAndWebhooks: boolean,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await auth.changePassword(ctx.viewer!, currentPassword, newPassword, ctx.sessionToken, keepTokensAndWebhooks);
    return true;
  }
}
