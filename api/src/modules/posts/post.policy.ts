import type { User } from '../users/user.entity';
import type { Post } from './post.entity';

/** Who may do what with a post. */
export const postPolicy = {
  canEdit: (viewer: User | null, post: Post) => !!viewer && viewer.id === post.authorId,
  canDelete: (viewer: User | null, post: Post) => !!viewer && (viewer.id === post.authorId || viewer.role === 'admin'),
  canReport: (viewer: User | null, post: Post) => !!viewer && viewer.id !== post.authorId,
};
