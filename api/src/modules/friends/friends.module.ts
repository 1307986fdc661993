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
});
