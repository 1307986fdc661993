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
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    // Members the member blocked are theirs; who blocked them is not (the archive must not reveal it).
    user_blocks: { member: ['blocker_id'], mentions: ['blocked_id'] },
  },
});
