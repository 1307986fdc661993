import { SavedCheckin } from '../../modules/checkins/saved-checkin.entity';
import { Comment } from '../../modules/comments/comment.entity';
import { Notification, NotificationType } from '../../modules/notifications/notification.entity';
import { Post } from '../../modules/posts/post.entity';
import { PostShare, ShareTarget } from '../../modules/posts/post-share.entity';
import { Reaction, ReactionType } from '../../modules/reactions/reaction.entity';
import { Report, ReportKind, ReportReason } from '../../modules/reports/report.entity';
import { insert, next, memberRef } from './core';

const postRef = async (id?: string) => id ?? (await buildPost()).id;

/** A text post by a new member; give `latitude`, `longitude` and `location` for a check-in. */
export async function buildPost(overrides: Partial<Post> = {}): Promise<Post> {
  return insert(Post, {
    content: `Post ${next()}`,
    images: [],
    ...overrides,
    authorId: await memberRef(overrides.authorId),
  });
}

/** A check-in: a post with a place and coordinates (Cape Town unless overridden). */
export function buildCheckin(overrides: Partial<Post> = {}): Promise<Post> {
  return buildPost({ location: 'Table Mountain, Cape Town', latitude: -33.9628, longitude: 18.4098, ...overrides });
}

export async function buildComment(overrides: Partial<Comment> = {}): Promise<Comment> {
  return insert(Comment, {
    text: `Comment ${next()}`,
    ...overrides,
    postId: await postRef(overrides.postId),
    authorId: await memberRef(overrides.authorId),
  });
}

export async function buildReaction(overrides: Partial<Reaction> = {}): Promise<Reaction> {
  return insert(Reaction, {
    reactionType: ReactionType.lekker,
    ...overrides,
    postId: await postRef(overrides.postId),
    memberId: await memberRef(overrides.memberId),
  });
}

export async function buildShare(overrides: Partial<PostShare> = {}): Promise<PostShare> {
  return insert(PostShare, {
    target: ShareTarget.link,
    ...overrides,
    postId: await postRef(overrides.postId),
    memberId: await memberRef(overrides.memberId),
  });
}

/** A report, of a new post unless `kind` and `subjectId` name another item. */
export async function buildReport(overrides: Partial<Report> = {}): Promise<Report> {
  const kind = overrides.kind ?? ReportKind.post;
  const subjectId = overrides.subjectId ?? (kind === ReportKind.post ? await postRef() : undefined);
  if (!subjectId) throw new Error(`buildReport: give the subjectId of the ${kind}`);
  return insert(Report, {
    reason: ReportReason.spam,
    ...overrides,
    kind,
    subjectId,
    reporterId: await memberRef(overrides.reporterId),
  });
}

export async function buildSavedCheckin(overrides: Partial<SavedCheckin> = {}): Promise<SavedCheckin> {
  return insert(SavedCheckin, {
    ...overrides,
    postId: overrides.postId ?? (await buildCheckin()).id,
    memberId: await memberRef(overrides.memberId),
  });
}

export async function buildNotification(overrides: Partial<Notification> = {}): Promise<Notification> {
  return insert(Notification, {
    title: 'Hello',
    message: `Notification ${next()}`,
    type: NotificationType.info,
    ...overrides,
    recipientId: await memberRef(overrides.recipientId),
  });
}
