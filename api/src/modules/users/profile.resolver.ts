import { Arg, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../kernel/context';
import { COUNTRIES } from './profile.countries';
import { ProfileOptions, ProfilePhoto, UpdateProfileInput } from './profile.inputs';
import {
  chosenCountryOf,
  countryOf,
  flagImageUrl,
  PROFILE_LIMITS,
  setProfilePhoto,
  updateProfile,
} from './profile.service';
import { User } from './user.entity';

@Resolver(() => User)
export class ProfileResolver {
  @Authorized()
  @Query(() => ProfileOptions, {
    description: "The Edit Profile dialog's limits and the countries a member may choose",
  })
  profileOptions(): ProfileOptions {
    return { bioMaxLength: PROFILE_LIMITS.bio, homeTownMaxLength: PROFILE_LIMITS.homeTown, countries: COUNTRIES };
  }

  @Authorized()
  @Mutation(() => User, { description: "Changes the viewer's own name, bio, home town or country" })
  updateProfile(@Arg('input', () => UpdateProfileInput) input: UpdateProfileInput, @Ctx() ctx: Context): Promise<User> {
    return updateProfile(ctx.viewer, input);
  }

  @Authorized()
  @Mutation(() => User, {
    description: "Sets the viewer's avatar or cover photo from an image data URL (at most 5 MB; checked by its bytes)",
  })
  setProfilePhoto(
    @Arg('kind', () => ProfilePhoto) kind: ProfilePhoto,
    @Arg('file', () => String, { description: 'The image as a base64 data URL' }) file: string,
    @Ctx() ctx: Context,
  ): Promise<User> {
    return setProfilePhoto(ctx.viewer, kind, file, ctx.log);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      'The country of the flag (ISO 3166-1 alpha-2): the one the member chose, else (to the member only) the one ' +
      'detected from their requests, else null',
  })
  countryCode(@Root() user: User, @Ctx() ctx: Context): Promise<string | null> {
    return countryOf(user, ctx.viewer, ctx.meta.ip, ctx.log);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: 'The country the member chose themself (only they see it); null: detected',
  })
  chosenCountryCode(@Root() user: User, @Ctx() ctx: Context): string | null {
    return chosenCountryOf(ctx.viewer, user);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: 'The flag as an image, when a flag image service is configured',
  })
  async flagImageUrl(@Root() user: User, @Ctx() ctx: Context): Promise<string | null> {
    return flagImageUrl(await countryOf(user, ctx.viewer, ctx.meta.ip, ctx.log));
  }

  @FieldResolver(() => Int, {
    description: "How many friends the member has (accepted requests only: the profile's Friends)",
  })
  async friendCount(@Root() user: User, @Ctx() ctx: Context): Promise<number> {
    return (await ctx.loaders.memberFacts.load(user.id)).friendCount;
  }

  @FieldResolver(() => Int, { description: "How many groups the member is in (the profile's Groups)" })
  async groupCount(@Root() user: User, @Ctx() ctx: Context): Promise<number> {
    return (await ctx.loaders.memberFacts.load(user.id)).groupCount;
  }
}
