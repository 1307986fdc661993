import { requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput } from '../../kernel/errors';
import { keysetPage, type Page } from '../../kernel/pagination';
import { limitWrites } from '../../kernel/rate-limit';
import { notify } from '../notifications/notification.service';
import { findPost } from '../posts/post.service';
import { displayNameOfMember } from '../users/user.service';
import { Comment } from './comment.entity';

const comments = () => db().getRepository(Comment);
const MAX_TEXT = 2000;

export async function addComment(viewer: Viewer | null, postId: string, rawText: string): Promise<Comment> {
  const v = requireViewer(viewer);
  const text = typeof rawText === 'string' ? rawText.trim() : '';
  if (!text) throw badInput('text', 'is required');
  if (text.length > MAX_TEXT) throw badInput('text', `must be at most ${MAX_TEXT} characters`);
  const post = await findPost(postId);
  await limitWrites(v.id);
  const inserted = await comments().insert({ postId: post.id, authorId: v.id, text });
  await notify(post.authorId, {
    title: 'New comment',
    message: `${await displayNameOfMember(v.id)} commented on your post: ${text.length > 80 ? `${text.slice(0, 80)}...` : text}`,
    link: `/post/${post.id}`,
    actorId: v.id,
  });
  return comments().findOneByOrFail({ id: inserted.identifiers[0].id });
}

/** Comments of a post, oldest first (the newest is last), a page at a time. */
export async function listComments(
  viewer: Viewer | null,
  postId: string,
  args: { first?: number | null; after?: string | null },
): Promise<Page<Comment>> {
  requireViewer(viewer);
  const post = await findPost(postId);
  return keysetPage(comments().createQueryBuilder('c').where('c.post_id = :id', { id: post.id }), 'c', args, 'ASC');
}
