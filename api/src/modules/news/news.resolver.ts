import { Arg, Authorized, Ctx, Float, Query, Resolver } from 'type-graphql';
import type { Context } from '../../kernel/context';
import { NewsArticle, NewsRegion } from './news-article.entity';
import { news } from './news.service';

@Resolver()
export class NewsResolver {
  @Authorized()
  @Query(() => [NewsArticle], {
    description: 'News of a region from public feeds, newest first; empty when the feeds cannot be read',
  })
  news(
    @Arg('region', () => NewsRegion) region: NewsRegion,
    @Arg('latitude', () => Float, { nullable: true, description: 'Needed for local news' }) latitude: number | null,
    @Arg('longitude', () => Float, { nullable: true, description: 'Needed for local news' }) longitude: number | null,
    @Ctx() ctx: Context,
  ) {
    return news(ctx.viewer, region, latitude, longitude, ctx.log);
  }
}
