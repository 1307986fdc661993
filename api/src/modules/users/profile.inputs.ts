import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';

@InputType({ description: "Changes to the viewer's own profile; a field left out (or null) stays as it is" })
export class UpdateProfileInput {
  @Field(() => String, { nullable: true, description: 'First name, 1 to 50 characters' })
  firstName?: string | null;

  @Field(() => String, { nullable: true, description: 'Last name, 1 to 50 characters' })
  lastName?: string | null;

  @Field(() => String, { nullable: true, description: 'A short bio, at most 160 characters; empty clears it' })
  bio?: string | null;

  @Field(() => String, { nullable: true, description: 'Home town, at most 80 characters; empty clears it' })
  homeTown?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'An ISO 3166-1 alpha-2 code (ZA, GB, ...); empty: detect it from the request',
  })
  countryCode?: string | null;
}

export enum ProfilePhoto {
  avatar = 'avatar',
  cover = 'cover',
}
registerEnumType(ProfilePhoto, {
  name: 'ProfilePhoto',
  description: "Which of the profile's photos: the avatar or the cover banner",
});

@ObjectType({ description: 'A country a member may choose for their flag' })
export class Country {
  @Field(() => String, { description: 'ISO 3166-1 alpha-2' })
  code: string;

  @Field(() => String, { description: 'Its English name' })
  name: string;
}

@ObjectType({ description: "The Edit Profile dialog's limits and country list, the same the server checks against" })
export class ProfileOptions {
  @Field(() => Int)
  bioMaxLength: number;

  @Field(() => Int)
  homeTownMaxLength: number;

  @Field(() => [Country])
  countries: Country[];
}
