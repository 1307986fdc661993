import type { EntityManager } from 'typeorm';
import { authorize, requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { deleteRowIn } from '../../kernel/rows';
import { badInput, notFound } from '../../kernel/errors';
import { checkUuid, isUuid } from '../../kernel/ids';
import { text } from '../../kernel/input';
import { deleteMedia } from '../../kernel/media';
import { keysetPage, type Page } from '../../kernel/pagination';
import { limitUploads } from '../../kernel/rate-limit';
import {
  checkUpload,
  decodeDataUrl,
  sniff,
  storeUpload,
  storedUrls,
  UPLOAD_LIMITS,
  videoSeconds,
  type StoredUpload,
} from '../../kernel/upload';
import { assertNotBlocked, notBlockedSql } from '../blocks/block.service';
import { ReelLike } from './reel-like.entity';
import { Reel } from './reel.entity';
import { reelPolicy } from './reel.policy';

export const reels = () => db().getRepository(Reel);
const MAX_TITLE = 100;
const MAX_CAPTION = 2200;
/** The longest reel a container may state (spec 001 section 9). */
export const MAX_REEL_SECONDS = 30;

export interface ReelDraft {
  title?: string | null;
  caption?: string | null;
  /** The reel's video or image as a data URL. */
  file?: string | null;
}

/** Loads a reel or answers NOT_FOUND (also for ids that are not UUIDs). */
export async function findReel(id: string): Promise<Reel> {
  const reel = await reels().findOneBy({ id: checkUuid(id, 'reelId') });
  if (!reel) throw notFound('Reel');
  return reel;
}

/**
 * Checks a reel's file by its bytes: a video (50 MB) or an image (5 MB), as posts check theirs; a video whose
 * container states more than 30 seconds is refused. Stores nothing.
 */
async function checkReelFile(dataUrl: string) {
  const bytes = decodeDataUrl(dataUrl, 'file', UPLOAD_LIMITS.video, 'Please select a video smaller than 50MB.');
  const kind = sniff(bytes)?.kind === 'image' ? 'image' : 'video';
  const checked = await checkUpload(dataUrl, kind, 'file').catch((err: unknown) => {
    if (kind === 'video' && err instanceof Error && /must be a video/.test(err.message)) {
      throw badInput('file', 'must be a video (MP4, MOV or WebM) or an image (JPEG, PNG, GIF, WebP or AVIF)');
    }
    throw err;
  });
  const seconds = kind === 'video' ? videoSeconds(checked.bytes) : null;
  if (seconds !== null && seconds > MAX_REEL_SECONDS) {
    throw badInput('file', `is ${Math.round(seconds)} seconds long; a reel may be at most ${MAX_REEL_SECONDS} seconds`);
  }
  return checked;
}

/** Uploads a reel: the title is required, the caption optional, the file checked before it is stored. */
export async function uploadReel(viewer: Viewer | null, input: ReelDraft): Promise<Reel> {
  const author = requireViewer(viewer);
  const title = text(input.title, 'title', { max: MAX_TITLE });
  if (!title) throw badInput('title', 'is required: Please enter a title for your reel.');
  const caption = text(input.caption, 'caption', { max: MAX_CAPTION });
  const checked = input.file ? await checkReelFile(input.file) : null;
  if (checked) await limitUploads(author.id, 1);
  let stored: StoredUpload | null = null;
  try {
    stored = checked ? await storeUpload(checked) : null;
    const image = stored?.image ? stored : null;
    const inserted = await reels().insert({
      authorId: author.id,
      title,
      caption,
      videoUrl: stored && !image ? stored.url : null,
      imageUrl: image?.url ?? null,
      thumbnailUrl: image?.thumbnailUrl ?? null,
      files: stored ? storedUrls(stored) : [],
    });
    return await reels().findOneByOrFail({ id: inserted.identifiers[0].id });
  } catch (err) {
    if (stored) await deleteMedia(storedUrls(stored)); // no reel, no files
    throw err;
  }
}

/** Only the author deletes a reel; its files go with it. */
export async function deleteReel(viewer: Viewer | null, id: string): Promise<void> {
  const v = requireViewer(viewer);
  const reel = await findReel(id);
  authorize(reelPolicy.canDelete(v, reel), 'Only the author can delete this reel.');
  const files = await db().transaction((tx) => deleteReelIn(tx, reel.id));
  await deleteMedia(files);
}

/**
 * Deletes a reel's row (its likes follow) in `tx` and answers its files, for the caller to delete once `tx` has
 * committed ([] when it was already gone): the author's delete and the moderation queue's removal.
 */
export const deleteReelIn = (tx: EntityManager, id: string): Promise<string[]> =>
  deleteRowIn(tx, Reel, id, (reel) => [...reel.files, reel.videoUrl, reel.imageUrl, reel.thumbnailUrl]);

/** Likes a reel once: liking again (or many times at once) keeps one like. */
export async function likeReel(viewer: Viewer | null, id: string): Promise<Reel> {
  const v = requireViewer(viewer);
  const reel = await findReel(id);
  await assertNotBlocked(v.id, reel.authorId);
  await db()
    .getRepository(ReelLike)
    .createQueryBuilder()
    .insert()
    .values({ reelId: reel.id, memberId: v.id })
    .orIgnore()
    .execute();
  return reel;
}

/** Takes the viewer's like back; unliking a reel not liked changes nothing. */
export async function unlikeReel(viewer: Viewer | null, id: string): Promise<Reel> {
  const v = requireViewer(viewer);
  const reel = await findReel(id);
  await db().getRepository(ReelLike).delete({ reelId: reel.id, memberId: v.id });
  return reel;
}

/**
 * One reel (the /reels?id= link the moderation queue opens), or null when there is none or its author is hidden
 * from the viewer (a block either way, a suspension: notBlockedSql). A malformed id is BAD_USER_INPUT.
 */
export async function reelOrNull(viewer: Viewer | null, id: string): Promise<Reel | null> {
  const v = requireViewer(viewer);
  if (!isUuid(id)) return null;
  const qb = reels().createQueryBuilder('r').where('r.id = :id', { id });
  return qb.andWhere(notBlockedSql(':viewerId', 'r.author_id'), { viewerId: v.id }).getOne();
}

/**
 * Every reel, newest first, a page at a time; or one member's. Never of a member either side of a block with the
 * viewer.
 */
export async function listReels(
  viewer: Viewer | null,
  args: { first?: number | null; after?: string | null },
  authorId?: string,
): Promise<Page<Reel>> {
  const v = requireViewer(viewer);
  // One member's reels: the block is checked once for the page (a condition on parameters only, so the author's
  // index is read in order); over every member's, per reel.
  const qb = authorId
    ? reels()
        .createQueryBuilder('r')
        .where('r.author_id = :authorId', { authorId: checkUuid(authorId, 'authorId') })
        .andWhere(notBlockedSql(':viewerId', ':authorId'), { viewerId: v.id })
    : reels().createQueryBuilder('r').where(notBlockedSql(':viewerId', 'r.author_id'), { viewerId: v.id });
  return keysetPage(qb, 'r', args);
}
