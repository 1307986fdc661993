import {
  Arg,
  Authorized,
  Ctx,
  Extensions,
  FieldResolver,
  ID,
  Int,
  Mutation,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import { SESSION_ONLY } from '../../kernel/access';
import type { Context } from '../../kernel/context';
import { Session } from './session.entity';
import { deviceOf } from './session.rules';
import { endMyOtherSessions, endMySession, isCurrentSession, mySessions } from './session.service';

/**
 * Settings' "Sessions and tokens": the member's signed-in browsers, and ending them (a session only, never a token).
 */
@Resolver(() => Session)
export class SessionResolver {
  @Authorized()
  @Extensions(SESSION_ONLY)
  @Query(() => [Session], {
    description:
      "The signed-in member's sessions (signed-in browsers), this one first, then by when last seen (not with a token)",
  })
  mySessions(@Ctx() ctx: Context): Promise<Session[]> {
    return mySessions(ctx);
  }

  @Authorized()
  @Extensions(SESSION_ONLY)
  @Mutation(() => ID, {
    description: 'Ends one of your sessions at once (its open connections close); answers its id (not with a token)',
  })
  endSession(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<string> {
    return endMySession(ctx, id);
  }

  @Authorized()
  @Extensions(SESSION_ONLY)
  @Mutation(() => Int, {
    description:
      'Ends every session of yours but this one ("Sign out other sessions"); answers how many ended (not with a token)',
  })
  endOtherSessions(@Ctx() ctx: Context): Promise<number> {
    return endMyOtherSessions(ctx);
  }

  @FieldResolver(() => String, {
    description: 'The browser and system it signed in from, as its user agent names them, e.g. "Chrome on Windows"',
  })
  device(@Root() session: Session): string {
    return deviceOf(session.userAgent);
  }

  @FieldResolver(() => Boolean, { description: 'Whether it is the session asking ("This device")' })
  current(@Root() session: Session, @Ctx() ctx: Context): boolean {
    return isCurrentSession(ctx, session);
  }
}
