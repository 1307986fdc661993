import { Arg, Authorized, Ctx, Extensions, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { SESSION_ONLY } from '../../kernel/access';
import type { Context } from '../../kernel/context';
import { beginSession } from '../auth/auth.resolver';
import { User } from '../users/user.entity';
import * as passkeys from './passkey.service';
import { Passkey } from './passkey.entity';
import * as twoFactor from './two-factor.service';

@ObjectType({
  description: "The signed-in member's two-factor sign-in: authenticator app, recovery codes left, passkeys",
})
class TwoFactorStatus {
  @Field({ description: 'An authenticator app (TOTP) is set up and confirmed' })
  totpEnabled: boolean;

  @Field(() => Int, { description: 'Unused recovery codes' })
  recoveryCodesLeft: number;

  @Field(() => [Passkey], { description: 'Registered passkeys, oldest first' })
  passkeys: Passkey[];
}

@ObjectType({ description: 'A new authenticator-app secret, shown once: scan the URI as a QR code or type the secret' })
class TotpEnrolment {
  @Field({ description: 'The base32 secret' })
  secret: string;

  @Field({ description: 'The otpauth:// URI for a QR code' })
  uri: string;
}

@ObjectType({ description: 'A WebAuthn challenge the server issued: single-use, valid five minutes' })
class PasskeyChallenge {
  @Field(() => ID, { description: 'Send it back with the answer' })
  id: string;

  @Field({ description: "The options for the browser's navigator.credentials call, as JSON" })
  options: string;
}

@ObjectType({ description: 'Site-wide security settings (admins only)' })
class SecuritySettingsInfo {
  @Field({ description: 'Admins without two-factor sign-in may use no admin operation until they set it up' })
  requireTwoFactorForAdmins: boolean;
}

@Resolver()
export class TwoFactorResolver {
  @Authorized()
  @Extensions(SESSION_ONLY)
  @Query(() => TwoFactorStatus, { description: "The signed-in member's two-factor sign-in settings" })
  twoFactor(@Ctx() ctx: Context): Promise<TwoFactorStatus> {
    return twoFactor.twoFactorState(ctx.viewer);
  }

  @Authorized()
  @Extensions(SESSION_ONLY)
  @Mutation(() => TotpEnrolment, {
    description: 'Starts setting up an authenticator app; confirm it with a first code',
  })
  startTotpEnrolment(@Ctx() ctx: Context): Promise<TotpEnrolment> {
    return twoFactor.startTotp(ctx.viewer);
  }

  @Authorized()
  @Extensions(SESSION_ONLY)
  @Mutation(() => [String], {
    description:
      'Confirms the authenticator app with its first code; answers ten recovery codes, shown once (empty when the ' +
      'member already had some)',
  })
  confirmTotpEnrolment(@Arg('code', () => String) code: string, @Ctx() ctx: Context): Promise<string[]> {
    return twoFactor.confirmTotp(ctx.viewer, code);
  }

  @Authorized()
  @Extensions(SESSION_ONLY)
  @Mutation(() => Boolean, {
    description: 'Turns the authenticator app off; proof is the password or a current or recovery code',
  })
  async disableTotp(@Arg('proof', () => String) proof: string, @Ctx() ctx: Context): Promise<boolean> {
    await twoFactor.disableTotp(ctx.viewer, proof);
    return true;
  }

  @Authorized()
  @Extensions(SESSION_ONLY)
  @Mutation(() => [String], {
    description: 'Ten new recovery codes, shown once; the old ones stop working. Proof is the password or a code',
  })
  regenerateRecoveryCodes(@Arg('proof', () => String) proof: string, @Ctx() ctx: Context): Promise<string[]> {
    return twoFactor.regenerateRecoveryCodes(ctx.viewer, proof);
  }

  @Authorized()
  @Extensions(SESSION_ONLY)
  @Mutation(() => PasskeyChallenge, { description: 'Options to register a new passkey in this browser' })
  passkeyRegistrationOptions(@Ctx() ctx: Context): Promise<PasskeyChallenge> {
    return passkeys.passkeyRegistrationOptions(ctx.viewer);
  }

  @Authorized()
  @Extensions(SESSION_ONLY)
  @Mutation(() => Passkey, { description: "Registers the browser's new passkey (its JSON answer) under a name" })
  async registerPasskey(
    @Arg('challengeId', () => ID) challengeId: string,
    @Arg('name', () => String) name: string,
    @Arg('response', () => String) response: string,
    @Ctx() ctx: Context,
  ): Promise<Passkey> {
    return passkeys.registerPasskey(ctx.viewer, challengeId, name, response);
  }

  @Authorized()
  @Extensions(SESSION_ONLY)
  @Mutation(() => Boolean, { description: 'Removes one of your passkeys; proof is the password or a code' })
  async removePasskey(
    @Arg('id', () => ID) id: string,
    @Arg('proof', () => String) proof: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await passkeys.removePasskey(ctx.viewer, id, proof);
    return true;
  }

  @Mutation(() => User, {
    description:
      "The second step of a sign-in: the pending token from signIn's TWO_FACTOR_REQUIRED error and an authenticator " +
      'or recovery code; starts the session',
  })
  async completeSignIn(
    @Arg('pendingToken', () => String) pendingToken: string,
    @Arg('code', () => String) code: string,
    @Ctx() ctx: Context,
  ): Promise<User> {
    return beginSession(ctx, await twoFactor.completeWithCode(pendingToken, code, ctx.meta.ip));
  }

  @Mutation(() => PasskeyChallenge, {
    description: 'A challenge to sign in with a passkey: password-less, or with pendingToken as the second step',
  })
  passkeySignInOptions(
    @Arg('pendingToken', () => String, { nullable: true }) pendingToken: string | null,
    @Ctx() ctx: Context,
  ): Promise<PasskeyChallenge> {
    return passkeys.passkeySignInOptions(pendingToken, ctx.meta.ip);
  }

  @Mutation(() => User, {
    description:
      "Signs in with a passkey's answer to a challenge (password-less, or the second step with pendingToken); starts " +
      'the session',
  })
  async signInWithPasskey(
    @Arg('challengeId', () => ID) challengeId: string,
    @Arg('response', () => String) response: string,
    @Arg('pendingToken', () => String, { nullable: true }) pendingToken: string | null,
    @Ctx() ctx: Context,
  ): Promise<User> {
    return beginSession(ctx, await passkeys.signInWithPasskey(challengeId, response, pendingToken, ctx.meta.ip));
  }

  @Authorized()
  @Query(() => SecuritySettingsInfo, { description: 'Admins only: site-wide security settings' })
  async securitySettings(@Ctx() ctx: Context): Promise<SecuritySettingsInfo> {
    const s = await twoFactor.securitySettingsFor(ctx.viewer);
    return { requireTwoFactorForAdmins: s.requireTwoFactorForAdmins };
  }

  @Authorized()
  @Extensions(SESSION_ONLY)
  @Mutation(() => SecuritySettingsInfo, {
    description:
      'Admins only: require two-factor sign-in for admins (audit-logged); turning it on needs your own second factor',
  })
  async setRequireTwoFactorForAdmins(
    @Arg('on', () => Boolean) on: boolean,
    @Ctx() ctx: Context,
  ): Promise<SecuritySettingsInfo> {
    const s = await twoFactor.setRequireTwoFactorForAdmins(ctx.viewer, on);
    return { requireTwoFactorForAdmins: s.requireTwoFactorForAdmins };
  }
}
