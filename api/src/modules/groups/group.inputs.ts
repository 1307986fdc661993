import { ArgsType, Field, Float, InputType, Int } from 'type-graphql';
import { PageArgs } from '../../kernel/pagination';

/**
 * The Create Group dialog's fields (spec 002 section 7, POST /api/groups). Name and location name are optional
 * here so that the service answers the spec's own message ('Please fill in all required fields').
 */
@InputType({ description: "A new group at the creator's position" })
export class CreateGroupInput {
  @Field(() => String, { nullable: true, description: 'Required; at most 120 characters' })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 2,000 characters' })
  description?: string | null;

  @Field(() => String, { nullable: true, description: 'Where the group meets; required; at most 200 characters' })
  locationName?: string | null;

  @Field(() => Float, {
    nullable: true,
    description: "The creator's latitude, stored as its 1 km cell (required: 'Please enable location services')",
  })
  latitude?: number | null;

  @Field(() => Float, { nullable: true })
  longitude?: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'One of the group types (groupOptions.types); default SAFFA Local Community',
  })
  type?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Joining is a request an admin approves' })
  requiresApproval?: boolean | null;

  @Field(() => String, { nullable: true, description: 'The image: a data URL (at most 5 MB)' })
  imageUrl?: string | null;
}

@ArgsType()
export class GroupsNearArgs extends PageArgs {
  @Field(() => Float, { description: "The member's latitude" })
  lat: number;

  @Field(() => Float, { description: "The member's longitude" })
  lon: number;

  @Field(() => Int, {
    description: 'Radius in km, 1 to 1000 (the screens offer groupOptions.discoverRadiiKm and chatRadiiKm)',
  })
  radiusKm: number;

  @Field(() => String, { nullable: true, description: 'Only groups of this type; null for every type' })
  type?: string | null;

  @Field(() => String, { nullable: true, description: 'Only groups whose name or location name contains this' })
  search?: string | null;
}

@ArgsType()
export class MyGroupsArgs extends PageArgs {
  @Field(() => Boolean, { nullable: true, description: 'Only the groups marked as favourites' })
  favoritesOnly?: boolean | null;

  @Field(() => String, { nullable: true, description: 'Only groups whose name or location name contains this' })
  search?: string | null;
}
