import type { Viewer } from '../../kernel/context';
import { isAdmin } from '../../kernel/auth';
import type { Post } from './post.entity';

/** Who may do what with a post. */
export const postPolicy = {
  canEdit: (viewer: Viewer | null, post: Post) => !!viewer && viewer.id === post.authorId,
  canDelete: (viewer: Viewer | null, post: Post) => !!viewer && (viewer.id === post.authorId || isAdmin(viewer)),
  canReport: (viewer: Viewer | null, post: Post) => !!viewer && viewer.id !== post.authorId,
};
