import type { EntityManager } from 'typeorm';
import { authorize, requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput, notFound } from '../../kernel/errors';
import { once, type RecordResult } from '../../kernel/idempotency';
import { checkUuid, UUID } from '../../kernel/ids';
import { optionalPosition } from '../../kernel/input';
import { deleteRowIn } from '../../kernel/rows';
import { keysetPage, type Page } from '../../kernel/pagination';
import { limitUploads } from '../../kernel/rate-limit';
import { deleteMedia } from '../../kernel/media';
import {
  checkImages,
  checkUpload,
  nameForType,
  photoUrls,
  storedPhoto,
  storeUpload,
  storedUrls,
  type CheckedUpload,
  type StoredUpload,
} from '../../kernel/upload';
import { assertNotBlocked, notBlockedSql } from '../blocks/block.service';
import { Post, type PostImage } from './post.entity';
import type { CreatePostInput } from './post.inputs';
import { postPolicy } from './post.policy';
import { PostShare, ShareTarget } from './post-share.entity';

export const posts = () => db().getRepository(Post);
const MAX_CONTENT = 5000;
/** Most photos in one post, a check-in photo included (served to clients by appConfig). */
export const MAX_IMAGES = 10;

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const present = (v: unknown) => typeof v === 'string' && v.length > 0;

/** Loads a post or answers NOT_FOUND (also for ids that are not UUIDs). */
export async function findPost(id: string): Promise<Post> {
  const post = await posts().findOneBy({ id: checkUuid(id, 'postId') });
  if (!post) throw notFound('Post');
  return post;
}

/**
 * A post by id as the viewer may see it, or null: also for ids that cannot exist (a share link mistyped), and for
 * a post whose author and the viewer blocked one or the other.
 */
export async function findPostOrNull(viewer: Viewer | null, id: string): Promise<Post | null> {
  const v = requireViewer(viewer);
  if (!UUID.test(id)) return null;
  return posts()
    .createQueryBuilder('p')
    .where('p.id = :id', { id })
    .andWhere(visibleTo('p'), { viewerId: v.id })
    .getOne();
}

/** Posts whose author and the viewer (`:viewerId`) did not block one another: in every list of posts. */
const visibleTo = (alias: string) => notBlockedSql(':viewerId', `${alias}.author_id`);

function checkContent(content: string): string {
  if (content.length > MAX_CONTENT) throw badInput('content', `must be at most ${MAX_CONTENT} characters`);
  return content;
}

function checkPlace(input: CreatePostInput): Pick<Post, 'location' | 'latitude' | 'longitude'> {
  const location = text(input.location) || null;
  if (location && location.length > 200) throw badInput('location', 'must be at most 200 characters');
  const at = optionalPosition(input.latitude, input.longitude);
  if (at && !location) throw badInput('location', 'is required for a check-in');
  return { location, latitude: at?.latitude ?? null, longitude: at?.longitude ?? null };
}

/**
 * Creates a post. Files arrive as data URLs; all are checked by their real bytes before any is stored or
 * counted against the upload limit, and stored before the row is written; when the row cannot be written,
 * the stored files are removed again. A refused post leaves neither a row nor files behind. A retry with the
 * same idempotency key answers the post the first request created.
 */
export async function createPost(
  viewer: Viewer | null,
  input: CreatePostInput,
  idempotencyKey?: string | null,
): Promise<Post> {
  const author = requireViewer(viewer);
  const content = checkContent(text(input.content));
  const place = checkPlace(input);
  const imageSources = [...(input.images ?? []), ...(present(input.imageUrl) ? [input.imageUrl!] : [])];
  if (present(input.checkinPhoto)) imageSources.push(input.checkinPhoto!);
  const hasVideo = present(input.videoUrl);
  const hasDocument = present(input.documentUrl);
  if (imageSources.length > MAX_IMAGES) throw badInput('images', `must be at most ${MAX_IMAGES} photos`);
  if ([imageSources.length > 0, hasVideo, hasDocument].filter(Boolean).length > 1) {
    throw badInput('media', 'must be photos, a video or a document, not several kinds');
  }
  if (!content && !imageSources.length && !hasVideo && !hasDocument && !place.location) {
    throw badInput('post', 'needs text, a photo, a video, a document, a location or a check-in photo');
  }
  const documentName = text(input.documentName) || null;
  if (documentName && documentName.length > 255) throw badInput('documentName', 'must be at most 255 characters');
  const draft: PostDraft = {
    content,
    place,
    imageSources,
    documentName,
    videoSource: hasVideo ? input.videoUrl : null,
    documentSource: hasDocument ? input.documentUrl : null,
  };
  return once(
    { memberId: author.id, operation: 'createPost', key: idempotencyKey },
    (record) => writePost(author.id, draft, record),
    findPost,
  );
}

/** A post's checked fields and its files as sent (data URLs), before anything is stored. */
interface PostDraft {
  content: string;
  place: Pick<Post, 'location' | 'latitude' | 'longitude'>;
  imageSources: string[];
  documentName: string | null;
  videoSource: unknown;
  documentSource: unknown;
}

/** Checks and stores a post's files, then writes its row (and its idempotency key, in one transaction). */
async function writePost(authorId: string, p: PostDraft, record: RecordResult): Promise<Post> {
  const { content, place, imageSources, documentName } = p;

  // Every file is checked (and photos rendered) before any is stored or counted: a refused file costs nothing.
  const checkedImages = await checkImages(imageSources);
  const checkedVideo = p.videoSource ? await checkUpload(p.videoSource, 'video', 'video') : null;
  const checkedDocument = p.documentSource ? await checkUpload(p.documentSource, 'document', 'document') : null;
  await limitUploads(authorId, checkedImages.length + (checkedVideo ? 1 : 0) + (checkedDocument ? 1 : 0));

  const stored: StoredUpload[] = [];
  const store = async (checked: CheckedUpload) => {
    const s = await storeUpload(checked);
    stored.push(s);
    return s;
  };
  try {
    const images: PostImage[] = [];
    for (const checked of checkedImages) images.push(storedPhoto((await store(checked)).image!));
    const video = checkedVideo ? await store(checkedVideo) : null;
    const document = checkedDocument ? await store(checkedDocument) : null;
    return await db().transaction(async (m) => {
      const inserted = await m.insert(Post, {
        authorId,
        content: content || null,
        images,
        videoUrl: video?.url ?? null,
        documentUrl: document?.url ?? null,
        documentName: document ? nameForType(documentName, document.ext, 'document') : null,
        documentType: document?.ext ?? null,
        ...place,
      });
      const postId: string = inserted.identifiers[0].id;
      await record(m, postId);
      // Read back before the commit: once committed the post is answered, even if the database goes away next
      // (a read after the commit could fail and make the catch below delete the files of a post that exists).
      return m.findOneByOrFail(Post, { id: postId });
    });
  } catch (err) {
    await deleteMedia(stored.flatMap(storedUrls)); // no post, no files
    throw err;
  }
}

/** Only the author edits a post, and the text may not become blank. */
export async function updatePost(viewer: Viewer | null, id: string, rawContent: string): Promise<Post> {
  const v = requireViewer(viewer);
  const content = checkContent(text(rawContent));
  if (!content) throw badInput('content', 'is required');
  const post = await findPost(id);
  authorize(postPolicy.canEdit(v, post), 'Only the author can edit this post.');
  post.content = content;
  return posts().save(post);
}

export async function deletePost(viewer: Viewer | null, id: string): Promise<void> {
  const v = requireViewer(viewer);
  const post = await findPost(id);
  authorize(postPolicy.canDelete(v, post), 'Only the author can delete this post.');
  const files = await db().transaction((tx) => deletePostIn(tx, post.id));
  await deleteMedia(files); // once the row is gone (committed): its files go with it
}

/**
 * Deletes a post's row (its comments, reactions and shares follow by their foreign keys) in `tx` and answers its
 * files, for the caller to delete once `tx` has committed ([] when it was already gone). The author's delete and the
 * moderation queue's removal both use it.
 */
export const deletePostIn = (tx: EntityManager, id: string): Promise<string[]> => deleteRowIn(tx, Post, id, mediaOf);

/** Every stored file a post refers to: each photo with its thumbnail and variants, its video, its document. */
const mediaOf = (post: Post): string[] => [
  ...photoUrls(post.images),
  ...[post.videoUrl, post.documentUrl].filter((u): u is string => !!u),
];

/** The feed: every post, newest first, a page at a time. */
export async function feed(
  viewer: Viewer | null,
  args: { first?: number | null; after?: string | null },
): Promise<Page<Post>> {
  const v = requireViewer(viewer);
  return keysetPage(posts().createQueryBuilder('p').where(visibleTo('p'), { viewerId: v.id }), 'p', args);
}

/** One member's posts, newest first (IDX_posts_author_created serves it). */
export async function postsBy(
  viewer: Viewer | null,
  authorId: string,
  args: { first?: number | null; after?: string | null },
): Promise<Page<Post>> {
  const v = requireViewer(viewer);
  const qb = posts()
    .createQueryBuilder('p')
    .where('p.author_id = :authorId', { authorId: checkUuid(authorId, 'authorId') })
    // The block is checked once for the page (parameters only), so the author's index is read in order.
    .andWhere(notBlockedSql(':viewerId', ':authorId'), { viewerId: v.id });
  return keysetPage(qb, 'p', args);
}

/** Posts with a place and coordinates, newest first. */
export async function discoverCheckins(
  viewer: Viewer | null,
  args: { first?: number | null; after?: string | null },
): Promise<Page<Post>> {
  const v = requireViewer(viewer);
  const qb = posts()
    .createQueryBuilder('p')
    .where('p.latitude IS NOT NULL AND p.longitude IS NOT NULL AND p.location IS NOT NULL')
    .andWhere(visibleTo('p'), { viewerId: v.id });
  return keysetPage(qb, 'p', args);
}

/** Counts the viewer's share of a post, once per member and post. */
export async function sharePost(viewer: Viewer | null, id: string, target: ShareTarget): Promise<Post> {
  const v = requireViewer(viewer);
  const post = await findPost(id);
  if (!Object.values(ShareTarget).includes(target)) throw badInput('target', 'is not a share target');
  await assertNotBlocked(v.id, post.authorId);
  // A member's share counts once per post: sharing again (or twice at once) answers the post as it is.
  await db()
    .getRepository(PostShare)
    .createQueryBuilder()
    .insert()
    .values({ postId: post.id, memberId: v.id, target })
    .orIgnore()
    .execute();
  return post;
}
