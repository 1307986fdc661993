import { defineModule } from '../../kernel/module';
import { NewsResolver } from './news.resolver';
import { newsRest } from './news.rest';

/** News read from public feeds. */
export const newsModule = defineModule({
  name: 'news',
  resolvers: [NewsResolver],
  rest: newsRest,
});
