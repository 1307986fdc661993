import { Field, Float, InputType, Int } from 'type-graphql';

@InputType({
  description:
    'The alias form (spec 001 sections 3 and 5): aliasName, age, bio, lookingFor, gender and interestedIn required',
})
export class SaveDatingAliasInput {
  @Field(() => String)
  aliasName: string;

  @Field(() => Int, { description: '18 to 99' })
  age: number;

  @Field(() => String)
  bio: string;

  @Field(() => String, { nullable: true, description: 'Comma-separated interests, e.g. "hiking, braai, jazz"' })
  interests?: string | null;

  @Field(() => [String], {
    nullable: true,
    description: 'Up to 5 photos: data URLs of new images, or URLs of photos this alias already has (kept)',
  })
  photos?: string[] | null;

  @Field(() => String, { description: 'nsa, long-term or friend' })
  lookingFor: string;

  @Field(() => String, { description: 'male, female or other' })
  gender: string;

  @Field(() => String, { description: 'male, female or everyone' })
  interestedIn: string;

  @Field(() => Int, { nullable: true, description: '18 to 99 (default 18)' })
  minAge?: number | null;

  @Field(() => Int, { nullable: true, description: '18 to 99 (default 99), at least minAge' })
  maxAge?: number | null;

  @Field(() => Int, { nullable: true, description: '5 to 100 km in steps of 5 (default 50)' })
  radiusKm?: number | null;

  @Field(() => Float, { description: "The member's position (the browser's, or Cape Town): never shown to anyone" })
  latitude: number;

  @Field(() => Float)
  longitude: number;
}
