import { Field, ObjectType, registerEnumType } from 'type-graphql';

export enum NewsRegion {
  local = 'local',
  sa = 'sa',
  international = 'international',
}
registerEnumType(NewsRegion, {
  name: 'NewsRegion',
  description: 'Which news: near a coordinate, South Africa, or the world',
});

/**
 * One article read from a news feed (spec 002 section 3 "News article"); plain text only, links http(s) only. Not
 * stored.
 */
@ObjectType({ description: 'A news article read from a public RSS or Atom feed' })
export class NewsArticle {
  @Field(() => String, { description: 'The headline, as plain text' })
  title: string;

  @Field(() => String, { description: "The article on its publisher's site (http or https)" })
  link: string;

  @Field(() => String, { description: "The publisher: the feed's title, or the source the item names" })
  source: string;

  @Field(() => Date, { nullable: true, description: 'When the feed says the article was published' })
  pubDate: Date | null;

  @Field(() => String, { description: 'A short summary as plain text (no HTML), empty when the feed has none' })
  description: string;

  @Field(() => String, {
    nullable: true,
    description: 'A picture for the article (http or https), when the feed names one',
  })
  imageUrl: string | null;
}
