import type { Loaders } from './kernel/context';
import { checkinLoaders } from './modules/checkins/checkin.loaders';
import { commentLoaders } from './modules/comments/comment.loaders';
import { friendLoaders } from './modules/friends/friend.loaders';
import { postLoaders } from './modules/posts/post.loaders';
import { reactionLoaders } from './modules/reactions/reaction.loaders';
import { userLoaders } from './modules/users/user.loaders';

/**
 * The per-request loader registry: each module contributes its batch loaders here (and names their
 * type in the kernel's `Loaders` interface). Created fresh for every request, so caches never leak.
 */
export function createLoaders(viewerId: string | null): Loaders {
  return {
    users: userLoaders(),
    posts: postLoaders(),
    reactions: reactionLoaders(viewerId),
    comments: commentLoaders(),
    checkins: checkinLoaders(viewerId),
    friends: friendLoaders(viewerId),
  };
}
