import { Field, InputType } from 'type-graphql';

@InputType({
  description: "The 'Share Your Recipe' form (spec 002 section 5): all five texts required, up to five photos",
})
export class CreateRecipeInput {
  @Field(() => String, { nullable: true, description: 'Required, up to 200 characters' })
  recipeName?: string | null;

  @Field(() => String, { nullable: true, description: 'Required free text (e.g. "30 minutes"), up to 100 characters' })
  prepTime?: string | null;

  @Field(() => String, { nullable: true, description: 'Required free text (e.g. "4"), up to 100 characters' })
  servings?: string | null;

  @Field(() => String, { nullable: true, description: 'Required, one ingredient per line, up to 10000 characters' })
  ingredients?: string | null;

  @Field(() => String, { nullable: true, description: 'Required, one step per line, up to 20000 characters' })
  instructions?: string | null;

  @Field(() => [String], {
    nullable: true,
    description: 'Up to 5 photos as data URLs (images only, checked by their bytes), each up to 5 MB',
  })
  images?: string[] | null;
}
