import { ArgsType, Field, Float, InputType, Int } from 'type-graphql';
import { PageArgs } from '../../kernel/pagination';

/**
 * A business page's fields as the Create / Manage dialog sends them (spec 001 section 7). Every field is optional
 * here so that the service answers the spec's own message ('Please fill in business name and category'); on an
 * update, a field left out keeps its value and an empty string clears it.
 */
@InputType({ description: 'The fields of a business page; on an update, a field left out is kept' })
export class BusinessPageInput {
  @Field(() => String, { nullable: true, description: 'Required on create; at most 120 characters' })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'Required on create; at most 80 characters' })
  category?: string | null;

  @Field(() => String, { nullable: true, description: 'About the business; at most 2,000 characters' })
  description?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Street address; geocoded when no coordinates are given and a geocoder is configured',
  })
  address?: string | null;

  @Field(() => String, { nullable: true, description: 'Phone number: digits, spaces, + - ( )' })
  phone?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Website (http or https; https:// is added when no scheme is given)',
  })
  website?: string | null;

  @Field(() => String, { nullable: true, description: 'Contact e-mail address' })
  email?: string | null;

  @Field(() => String, { nullable: true })
  industry?: string | null;

  @Field(() => String, { nullable: true, description: 'Opening hours as text, e.g. "Mon-Fri 08:00-17:00"' })
  openHours?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The logo: an image data URL (at most 5 MB), the current URL to keep it, or "" to remove it',
  })
  imageUrl?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The cover photo: an image data URL (at most 5 MB), the current URL to keep it, or "" to remove it',
  })
  coverPhotoUrl?: string | null;

  @Field(() => Float, {
    nullable: true,
    description: "The page's latitude (e.g. the member's position); with longitude",
  })
  latitude?: number | null;

  @Field(() => Float, { nullable: true })
  longitude?: number | null;

  @Field(() => String, { nullable: true, description: 'Button colour #rrggbb (the customization payload)' })
  buttonColor?: string | null;

  @Field(() => String, { nullable: true, description: 'Button text colour #rrggbb' })
  buttonTextColor?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Gradient border: one of the presets, or conic-gradient(from Ndeg, #rrggbb, ...)',
  })
  gradientBorder?: string | null;
}

@InputType({ description: 'The Customize Business Page dialog: button colours and gradient border' })
export class BusinessStyleInput {
  @Field(() => String, { description: '#rrggbb' })
  buttonColor: string;

  @Field(() => String, { description: '#rrggbb' })
  buttonTextColor: string;

  @Field(() => String, { description: 'One of the presets, or conic-gradient(from Ndeg, #rrggbb, ...)' })
  gradientBorder: string;
}

@ArgsType()
export class DirectoryArgs extends PageArgs {
  @Field(() => Float, { description: "The member's latitude" })
  latitude: number;

  @Field(() => Float, { description: "The member's longitude" })
  longitude: number;

  @Field(() => Int, { description: 'Radius in km: 10, 50, 100, 200, 500 or 1000' })
  radiusKm: number;
}
