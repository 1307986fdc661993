import { checkinLoaders } from './modules/checkins/checkin.loaders';
import { commentLoaders } from './modules/comments/comment.loaders';
import { friendLoaders } from './modules/friends/friend.loaders';
import { postLoaders } from './modules/posts/post.loaders';
import { reactionLoaders } from './modules/reactions/reaction.loaders';
import { userLoaders } from './modules/users/user.loaders';

/**
 * The per-request loader registry: each module contributes its batch loaders here.
 * Created fresh for every request, so caches never leak between viewers.
 */
export function createLoaders(viewerId: string | null) {
  return {
    users: userLoaders(),
    posts: postLoaders(),
    reactions: reactionLoaders(viewerId),
    comments: commentLoaders(),
    checkins: checkinLoaders(viewerId),
    friends: friendLoaders(viewerId),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
