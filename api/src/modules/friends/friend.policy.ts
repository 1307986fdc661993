import type { Viewer } from '../../kernel/context';
import { FriendshipStatus, type Friendship } from './friendship.entity';

/**
 * Who may do what with a friendship. A request that is not the viewer's to answer is reported as NOT_FOUND
 * by the service (its existence is nobody else's business); befriending yourself is bad input.
 */
export const friendPolicy = {
  /** A member sends requests to others, never to themself. */
  canRequest: (viewer: Viewer, otherId: string) => viewer.id !== otherId,
  /** Only the addressee accepts a pending request. */
  canAccept: (viewer: Viewer, f: Friendship | null): f is Friendship =>
    !!f &&
    f.status === FriendshipStatus.pending &&
    f.requesterId !== viewer.id &&
    (f.userLowId === viewer.id || f.userHighId === viewer.id),
};
