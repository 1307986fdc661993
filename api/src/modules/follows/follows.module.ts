import { defineModule } from '../../kernel/module';
import { MemberFollowResolver } from './member-follow.resolver';
import { MemberFollow } from './member-follow.entity';
import { memberFollowFacts } from './member-follow.facts';

/** Members following members. */
export const followsModule = defineModule({
  name: 'follows',
  resolvers: [MemberFollowResolver],
  entities: [MemberFollow],
  facts: { memberFacts: memberFollowFacts },
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    member_follows: { member: ['follower_id', 'followee_id'] },
  },
});
