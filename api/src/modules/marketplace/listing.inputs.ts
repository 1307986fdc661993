import { ArgsType, Field, Float, InputType, Int } from 'type-graphql';
import { PageArgs } from '../../kernel/pagination';

/**
 * A listing's fields as the List Item form sends them (spec 002 sections 3 and 5). Optional here so that the service
 * answers a clear message naming the field; on an update, a field left out keeps its value.
 */
@InputType({ description: 'The fields of a marketplace listing; on an update, a field left out is kept' })
export class ListingInput {
  @Field(() => String, { nullable: true, description: 'Item name; required on create, at most 120 characters' })
  name?: string | null;

  @Field(() => Float, { nullable: true, description: 'Price in rand; required on create, 0 or more' })
  price?: number | null;

  @Field(() => String, { nullable: true, description: 'One of new, like-new, good, fair, poor; required on create' })
  condition?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'One of electronics, furniture, clothing, books, sports, toys, other; required on create',
  })
  category?: string | null;

  @Field(() => String, { nullable: true, description: 'Required on create; at most 2,000 characters' })
  description?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The photo: an image data URL (at most 5 MB), the current URL to keep it, or "" to remove it',
  })
  image?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Where the item is, as text (e.g. "Sea Point"); at most 120 characters',
  })
  locationName?: string | null;

  @Field(() => Float, {
    nullable: true,
    description: "The item's latitude (the seller's position, stored as its 1 km cell); required on create",
  })
  latitude?: number | null;

  @Field(() => Float, { nullable: true, description: "The item's longitude; required on create" })
  longitude?: number | null;
}

@ArgsType()
export class ListingsArgs extends PageArgs {
  @Field(() => Float, { description: "The member's latitude" })
  latitude: number;

  @Field(() => Float, { description: "The member's longitude" })
  longitude: number;

  @Field(() => Int, { nullable: true, description: 'Radius in km, 1 to 50 (default 10)' })
  radiusKm?: number | null;

  @Field(() => String, { nullable: true, description: 'One category, or null (or "all") for every category' })
  category?: string | null;
}

/** What the radius query takes. */
export type ListingsQuery = Pick<ListingsArgs, 'latitude' | 'longitude' | 'radiusKm' | 'category' | 'first' | 'after'>;
