import { defineModule } from '../../kernel/module';
import { BlockResolver } from './block.resolver';
import { memberBlockFacts } from './block.facts';
import { UserBlock } from './user-block.entity';

/** Members blocking members. */
export const blocksModule = defineModule({
  name: 'blocks',
  resolvers: [BlockResolver],
  entities: [UserBlock],
  facts: { memberFacts: memberBlockFacts },
});
