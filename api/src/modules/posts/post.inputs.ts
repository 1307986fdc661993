import { Field, Float, InputType } from 'type-graphql';

@InputType({
  description: 'A new post; it needs at least one of text, photo, video, document, location or check-in photo',
})
export class CreatePostInput {
  @Field(() => String, { nullable: true, description: 'Text, up to 5000 characters' })
  content?: string | null;

  @Field(() => String, { nullable: true, description: 'One photo as a data URL (older clients); up to 5 MB' })
  imageUrl?: string | null;

  @Field(() => [String], { nullable: true, description: 'Photos as data URLs, up to 10, each up to 5 MB' })
  images?: string[] | null;

  @Field(() => String, { nullable: true, description: 'A video as a data URL (MP4, MOV, WebM), up to 50 MB' })
  videoUrl?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'A PDF, Word, Excel or PowerPoint file as a data URL, up to 10 MB',
  })
  documentUrl?: string | null;

  @Field(() => String, { nullable: true, description: 'The document file name' })
  documentName?: string | null;

  @Field(() => String, { nullable: true, description: 'Ignored: the type is read from the file itself' })
  documentType?: string | null;

  @Field(() => String, { nullable: true, description: 'Place name of a check-in, up to 200 characters' })
  location?: string | null;

  @Field(() => Float, { nullable: true, description: 'Latitude of a check-in, -90 to 90' })
  latitude?: number | null;

  @Field(() => Float, { nullable: true, description: 'Longitude of a check-in, -180 to 180' })
  longitude?: number | null;

  @Field(() => String, { nullable: true, description: 'A check-in photo as a data URL, up to 5 MB' })
  checkinPhoto?: string | null;
}
