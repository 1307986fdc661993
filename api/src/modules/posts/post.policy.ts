import type { Viewer } from '../../kernel/context';
import type { Post } from './post.entity';

/** Who may do what with a post. */
export const postPolicy = {
  canEdit: (viewer: Viewer | null, post: Post) => !!viewer && viewer.id === post.authorId,
  canDelete: (viewer: Viewer | null, post: Post) => !!viewer && (viewer.id === post.authorId || viewer.role === 'admin'),
  canReport: (viewer: Viewer | null, post: Post) => !!viewer && viewer.id !== post.authorId,
};
