import { defineModule } from '../../kernel/module';
import { SearchResolver } from './search.resolver';

/** Explore's one search over every module's search kinds. */
export const searchModule = defineModule({
  name: 'search',
  resolvers: [SearchResolver],
});
