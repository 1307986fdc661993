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
});
