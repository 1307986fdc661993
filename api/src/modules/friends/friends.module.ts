import { defineModule } from '../../kernel/module';
import { FriendResolver, UserFriendStatusResolver } from './friend.resolver';
import { memberFriendFacts } from './friend.facts';
import { friendLoaders } from './friend.loaders';
import { Friendship } from './friendship.entity';

/** Friendships and friend requests. */
export const friendsModule = defineModule({
  name: 'friends',
  resolvers: [UserFriendStatusResolver, FriendResolver],
  entities: [Friendship],
  loaders: { friends: friendLoaders },
  facts: { memberFacts: memberFriendFacts },
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    friendships: { member: ['user_low_id', 'user_high_id', 'requester_id'] },
  },
});
