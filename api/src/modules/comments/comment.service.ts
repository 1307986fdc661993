import { authorize, requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput } from '../../kernel/errors';
import { once, type RecordResult } from '../../kernel/idempotency';
import { keysetPage, type Page } from '../../kernel/pagination';
import { BLOCKED_MESSAGE, isBlockedEitherWay, notBlockedSql } from '../blocks/block.service';
import { notify } from '../notifications/notification.service';
import { findPost } from '../posts/post.service';
import { displayNameOfMember } from '../users/user.service';
import { Comment } from './comment.entity';
import { commentPolicy } from './comment.policy';

const comments = () => db().getRepository(Comment);
const MAX_TEXT = 2000;

/** A comment's text, trimmed: required, at most 2000 characters (comments on posts and on recipes alike). */
export function commentText(rawText: unknown): string {
  const text = typeof rawText === 'string' ? rawText.trim() : '';
  if (!text) throw badInput('text', 'is required');
  if (text.length > MAX_TEXT) throw badInput('text', `must be at most ${MAX_TEXT} characters`);
  return text;
}

/** Comments on a post and notifies its author; a retry with the same idempotency key answers the first comment. */
export async function addComment(
  viewer: Viewer | null,
  postId: string,
  rawText: string,
  idempotencyKey?: string | null,
): Promise<Comment> {
  const v = requireViewer(viewer);
  const text = commentText(rawText);
  const post = await findPost(postId);
  // never on the post of a member who blocked the viewer, or whom they blocked
  authorize(commentPolicy.canComment(v, post, await isBlockedEitherWay(v.id, post.authorId)), BLOCKED_MESSAGE);
  // The comment and its idempotency key commit together; only the request that wrote it notifies.
  const write = async (record: RecordResult) => {
    const id = await db().transaction(async (m) => {
      const inserted = await m.insert(Comment, { postId: post.id, authorId: v.id, text });
      await record(m, inserted.identifiers[0].id);
      return inserted.identifiers[0].id as string;
    });
    await notify(post.authorId, {
      title: 'New comment',
      message:
        `${await displayNameOfMember(v.id)} commented on your ` +
        `post: ${text.length > 80 ? `${text.slice(0, 80)}...` : text}`,
      link: `/post/${post.id}`,
      actorId: v.id,
    });
    return comments().findOneByOrFail({ id });
  };
  return once({ memberId: v.id, operation: 'addComment', key: idempotencyKey }, write, (id) =>
    comments().findOneByOrFail({ id }),
  );
}

/**
 * Comments of a post, oldest first (the newest is last), a page at a time. A post of a member the viewer blocked
 * (or who blocked them) is refused; the comments of members either side of a block with the viewer are left out.
 */
export async function listComments(
  viewer: Viewer | null,
  postId: string,
  args: { first?: number | null; after?: string | null },
): Promise<Page<Comment>> {
  const v = requireViewer(viewer);
  const post = await findPost(postId);
  authorize(commentPolicy.canRead(v, post, await isBlockedEitherWay(v.id, post.authorId)), BLOCKED_MESSAGE);
  const qb = comments()
    .createQueryBuilder('c')
    .where('c.post_id = :id', { id: post.id })
    .andWhere(notBlockedSql(':viewerId', 'c.author_id'), { viewerId: v.id });
  return keysetPage(qb, 'c', args, 'ASC');
}
