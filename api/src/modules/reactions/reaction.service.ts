import { requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput } from '../../kernel/errors';
import { limitWrites } from '../../kernel/rate-limit';
import { notify } from '../notifications/notification.service';
import type { Post } from '../posts/post.entity';
import { findPost } from '../posts/post.service';
import { displayNameOfMember } from '../users/user.service';
import { Reaction, ReactionType } from './reaction.entity';

const reactions = () => db().getRepository(Reaction);
const LABELS: Record<ReactionType, string> = { lekker: 'Lekker', shocked: 'Shocked', sad: 'Sad', care: 'Care', angry: 'Angry' };

function checkType(t: unknown): ReactionType {
  if (!Object.values(ReactionType).includes(t as ReactionType)) {
    throw badInput('reactionType', 'must be one of lekker, shocked, sad, care, angry');
  }
  return t as ReactionType;
}

/** Sets the viewer's reaction to a post (one per member: a different one replaces it). */
export async function setReaction(viewer: Viewer | null, postId: string, type: ReactionType): Promise<Reaction> {
  const v = requireViewer(viewer);
  const reactionType = checkType(type);
  return upsert(v, await findPost(postId), reactionType);
}

async function upsert(v: Viewer, post: Post, reactionType: ReactionType): Promise<Reaction> {
  await limitWrites(v.id);
  // The unique (post_id, user_id) constraint makes racing requests end with one row; xmax = 0 means inserted.
  const [row]: Array<Reaction & { inserted: boolean }> = await db().query(
    `INSERT INTO reactions (post_id, user_id, reaction_type) VALUES ($1, $2, $3)
     ON CONFLICT (post_id, user_id) DO UPDATE SET reaction_type = EXCLUDED.reaction_type
     RETURNING id, post_id AS "postId", user_id AS "userId", reaction_type AS "reactionType", created_at AS "createdAt", (xmax = 0) AS inserted`,
    [post.id, v.id, reactionType],
  );
  if (row.inserted) {
    await notify(post.authorId, {
      title: 'New reaction',
      message: `${await displayNameOfMember(v.id)} reacted ${LABELS[reactionType]} to your post.`,
      link: `/post/${post.id}`,
      actorId: v.id,
    });
  }
  const { inserted, ...reaction } = row;
  void inserted;
  return Object.assign(new Reaction(), reaction);
}

export async function removeReaction(viewer: Viewer | null, postId: string): Promise<void> {
  const v = requireViewer(viewer);
  const post = await findPost(postId);
  await reactions().delete({ postId: post.id, userId: v.id });
}

/** The feed's button: the same reaction again removes it, a different one replaces it. */
export async function toggleReaction(viewer: Viewer | null, postId: string, type: ReactionType): Promise<ReactionType | null> {
  const v = requireViewer(viewer);
  const reactionType = checkType(type);
  const post = await findPost(postId);
  const current = await reactions().findOneBy({ postId: post.id, userId: v.id });
  if (current?.reactionType === reactionType) {
    await reactions().delete({ postId: post.id, userId: v.id });
    return null;
  }
  return (await upsert(v, post, reactionType)).reactionType;
}

export async function listReactions(viewer: Viewer | null, postId: string): Promise<Reaction[]> {
  requireViewer(viewer);
  const post = await findPost(postId);
  return reactions().find({ where: { postId: post.id }, order: { createdAt: 'DESC' }, take: 500 });
}

export async function myReaction(viewer: Viewer | null, postId: string): Promise<ReactionType | null> {
  const v = requireViewer(viewer);
  const post = await findPost(postId);
  return (await reactions().findOneBy({ postId: post.id, userId: v.id }))?.reactionType ?? null;
}
