import type { Viewer } from '../../kernel/context';
import type { Post } from '../posts/post.entity';

/**
 * Who may do what with a post's comments: a member reads and writes them unless a block stands between them and the
 * post's author (either way; the commenters either side of a block are left out of the list, in SQL). Nobody edits
 * or deletes a comment (an admin removes one through the moderation queue), and its author does not report it.
 */
export const commentPolicy = {
  canComment: (_viewer: Viewer, _post: Pick<Post, 'authorId'>, blockedEitherWay: boolean) => !blockedEitherWay,
  canRead: (_viewer: Viewer, _post: Pick<Post, 'authorId'>, blockedEitherWay: boolean) => !blockedEitherWay,
};
