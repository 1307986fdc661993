import { requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput } from '../../kernel/errors';
import { assertNotBlocked, notBlockedSql } from '../blocks/block.service';
import { notify } from '../notifications/notification.service';
import type { Post } from '../posts/post.entity';
import { findPost } from '../posts/post.service';
import { displayNameOfMember } from '../users/user.service';
import { Reaction, ReactionType } from './reaction.entity';
import { POST_REACTIONS, type ReactionTable } from './reaction.facts';

const reactions = () => db().getRepository(Reaction);
/** The reactions' labels (spec 000 section 3), as notifications word them. */
export const REACTION_LABELS: Record<ReactionType, string> = {
  lekker: 'Lekker',
  shocked: 'Shocked',
  sad: 'Sad',
  care: 'Care',
  angry: 'Angry',
};

export function checkType(t: unknown): ReactionType {
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
  await assertNotBlocked(v.id, post.authorId);
  const { inserted, ...reaction } = await setReactionIn(POST_REACTIONS, post.id, v.id, reactionType);
  if (inserted) await notifyReaction(v, post, reactionType);
  return Object.assign(new Reaction(), { ...reaction, postId: post.id });
}

async function notifyReaction(v: Viewer, post: Post, reactionType: ReactionType) {
  await notify(post.authorId, {
    title: 'New reaction',
    message: `${await displayNameOfMember(v.id)} reacted ${REACTION_LABELS[reactionType]} to your post.`,
    link: `/post/${post.id}`,
    actorId: v.id,
  });
}

/** A member's reaction row in any table of reactions; `inserted` when the member had none before. */
export interface StoredReaction {
  id: string;
  memberId: string;
  reactionType: ReactionType;
  createdAt: Date;
  inserted: boolean;
}

/**
 * Sets a member's reaction to a thing (a post, a recipe): the unique (thing, member) constraint makes racing
 * requests end with one row; xmax = 0 means the row was inserted rather than changed.
 */
export async function setReactionIn(
  t: ReactionTable,
  targetId: string,
  memberId: string,
  type: ReactionType,
): Promise<StoredReaction> {
  const [row]: StoredReaction[] = await db().query(
    `INSERT INTO ${t.table} (${t.target}, member_id, reaction_type) VALUES ($1, $2, $3)
     ON CONFLICT (${t.target}, member_id) DO UPDATE SET reaction_type = EXCLUDED.reaction_type
     RETURNING id, member_id AS "memberId", reaction_type AS "reactionType", created_at AS "createdAt", (xmax = 0) ` +
      `AS ` +
      `inserted`,
    [targetId, memberId, checkType(type)],
  );
  return row;
}

/**
 * The reaction button, in one statement: the same reaction again removes it, another replaces it, none sets it.
 * Answers the member's reaction afterwards and whether a new row was inserted. However many toggles race, the
 * unique constraint keeps at most one row, so a count never goes below 0 or counts a member twice.
 */
export async function toggleReactionIn(
  t: ReactionTable,
  targetId: string,
  memberId: string,
  type: ReactionType,
): Promise<{ reactionType: ReactionType | null; inserted: boolean }> {
  const [row]: Array<{ reactionType: ReactionType | null; inserted: boolean | null }> = await db().query(
    `WITH removed AS (
       DELETE FROM ${t.table} WHERE ${t.target} = $1 AND member_id = $2 AND reaction_type = $3 RETURNING id
     ), put AS (
       INSERT INTO ${t.table} (${t.target}, member_id, reaction_type) SELECT $1, $2, $3 WHERE NOT EXISTS (SELECT 1 ` +
      `FROM removed)
       ON CONFLICT (${t.target}, member_id) DO UPDATE SET reaction_type = EXCLUDED.reaction_type
       RETURNING reaction_type, (xmax = 0) AS inserted
     )
     SELECT (SELECT reaction_type FROM put) AS "reactionType", (SELECT inserted FROM put) AS inserted`,
    [targetId, memberId, checkType(type)],
  );
  return { reactionType: row.reactionType, inserted: row.inserted === true };
}

export async function removeReaction(viewer: Viewer | null, postId: string): Promise<void> {
  const v = requireViewer(viewer);
  const post = await findPost(postId);
  await reactions().delete({ postId: post.id, memberId: v.id });
}

/** The feed's button: the same reaction again removes it, a different one replaces it. */
export async function toggleReaction(
  viewer: Viewer | null,
  postId: string,
  type: ReactionType,
): Promise<ReactionType | null> {
  const v = requireViewer(viewer);
  const reactionType = checkType(type);
  const post = await findPost(postId);
  await assertNotBlocked(v.id, post.authorId);
  const toggled = await toggleReactionIn(POST_REACTIONS, post.id, v.id, reactionType);
  if (toggled.inserted) await notifyReaction(v, post, reactionType);
  return toggled.reactionType;
}

/**
 * Who reacted to a post, newest first: not on the post of a member the viewer blocked or was blocked by, and
 * without the reactions of such members on anyone's post (the counts leave them out too: reaction.facts.ts).
 */
export async function listReactions(viewer: Viewer | null, postId: string): Promise<Reaction[]> {
  const v = requireViewer(viewer);
  const post = await findPost(postId);
  await assertNotBlocked(v.id, post.authorId);
  return reactions()
    .createQueryBuilder('r')
    .where('r.post_id = :postId', { postId: post.id })
    .andWhere(notBlockedSql(':viewerId', 'r.member_id'), { viewerId: v.id })
    .orderBy('r.createdAt', 'DESC')
    .limit(500)
    .getMany();
}

export async function myReaction(viewer: Viewer | null, postId: string): Promise<ReactionType | null> {
  const v = requireViewer(viewer);
  const post = await findPost(postId);
  return (await reactions().findOneBy({ postId: post.id, memberId: v.id }))?.reactionType ?? null;
}
