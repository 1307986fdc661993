import { defaultFieldResolver, isObjectType, type GraphQLField, type GraphQLSchema } from 'graphql';
import type { Context, Viewer } from './context';
import { db } from './database';
import { DomainError, rateLimited } from './errors';
import { settings } from './settings';

export interface Window {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Seconds until the current window ends (at least 1). */
  retryAfter: number;
}

/** Counts `hits` hits against `key` in a fixed window kept in PostgreSQL (so every API replica shares it). */
export async function count(key: string, windowSeconds: number, hits = 1): Promise<Window> {
  const rows: Array<{ hits: number; window_start: Date }> = await db().query(
    `INSERT INTO rate_limits (key, window_start, hits) VALUES ($1, now(), $3)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limits.window_start < now() - make_interval(secs => $2) THEN $3 ELSE rate_limits.hits + ` +
      `$3 END,
       window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => $2) THEN now() ELSE ` +
      `rate_limits.window_start END
     RETURNING hits, window_start`,
    [key, windowSeconds, hits],
  );
  const row = rows[0];
  const elapsed = (Date.now() - new Date(row.window_start).getTime()) / 1000;
  return { hits: row.hits, retryAfter: Math.max(1, Math.ceil(windowSeconds - elapsed)) };
}

/** Counts like `count` and throws RATE_LIMITED with the seconds to wait once `limit` hits are exceeded. */
export async function hit(key: string, limit: number, windowSeconds: number, hits = 1): Promise<void> {
  const w = await count(key, windowSeconds, hits);
  if (w.hits > limit) throw rateLimited(w.retryAfter);
}

/** Forgets the hits of these keys, e.g. after a successful sign-in. */
export async function reset(...keys: string[]): Promise<void> {
  await db().query('DELETE FROM rate_limits WHERE key = ANY($1)', [keys]);
}

/** Each uploaded file counts against RATE_UPLOADS_PER_HOUR. */
export const limitUploads = (userId: string, files: number) =>
  files > 0 ? hit(`upload:${userId}`, settings().limits.uploadsPerHour, 3600, files) : Promise.resolve();

/**
 * A write limit of its own that a mutation declares with `@Extensions(limitedBy(...))`, on top of the member's
 * shared write limit that every mutation counts against (`limitMutations`). Mutations naming the same `bucket` share
 * its count.
 */
export interface DeclaredLimit {
  bucket: string;
  /** Most calls per `windowSeconds` for every member; absent: the bucket only limits new members. */
  limit?: () => number;
  windowSeconds?: number;
  /** Most calls per hour while the member is new (`isNewMember`): the new-member sandbox. */
  newMembersPerHour?: () => number;
  /** What is counted, for the new member's message: "posts", "friend requests". */
  what?: string;
}

/** The extension `@Extensions(limitedBy(...))` puts on a mutation, read by `limitMutations` and by tests. */
export const limitedBy = (...limits: DeclaredLimit[]) => ({ writeLimits: limits });

/** What `limitMutations` applies to a mutation, readable from the built schema's field (`extensions.writeLimited`). */
export type WriteLimitMark = { shared: true; declared: DeclaredLimit[] } | { shared: false; unlimitedBecause: string };

type ViewerFacts = Viewer & { createdAt?: Date | string; emailVerifiedAt?: Date | string | null };

/**
 * A member is new until their e-mail address is confirmed or their account is NEW_MEMBER_HOURS old (Discourse's
 * new-user sandbox): new accounts get fewer posts, messages to strangers, friend requests and reports per hour.
 * Null when the member is established; else when the sandbox lifts by itself.
 */
export function newMemberUntil(viewer: Viewer): Date | null {
  const v = viewer as ViewerFacts;
  if (v.emailVerifiedAt || !v.createdAt) return null;
  const until = new Date(new Date(v.createdAt).getTime() + settings().newMembers.hours * 3_600_000);
  return until.getTime() > Date.now() ? until : null;
}

const inWords = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 90) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
};

/**
 * Counts one `what` against the new-member sandbox's `bucket` (`perHour` an hour) when `viewer` is new; nothing for
 * an established member. Over the limit: RATE_LIMITED telling why and when the limit lifts (`reason: 'newMember'`).
 * Mutations declare it (`newMembersPerHour`); a service calls it where only it knows whether a write counts (a
 * message to someone who is not a friend).
 */
export async function limitNewMember(viewer: Viewer, bucket: string, perHour: number, what: string): Promise<void> {
  const until = newMemberUntil(viewer);
  if (!until) return;
  const w = await count(`new-member:${bucket}:${viewer.id}`, 3600);
  if (w.hits <= perHour) return;
  const liftsIn = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  const retryAfter = Math.min(w.retryAfter, liftsIn);
  throw new DomainError(
    'RATE_LIMITED',
    `New members are limited to ${perHour} ${what} an hour until their e-mail address is confirmed or their account ` +
      `is ` +
      `${inWords(settings().newMembers.hours * 3600)} old. Confirm your e-mail address to lift this limit now; ` +
      `otherwise it lifts by itself in ${inWords(liftsIn)}. You can try again in ${inWords(retryAfter)}.`,
    { retryAfter, retryAfterSeconds: retryAfter, reason: 'newMember', liftsAt: until.toISOString() },
  );
}

async function applyLimits(viewer: Viewer, declared: DeclaredLimit[]): Promise<void> {
  await hit(`write:${viewer.id}`, settings().limits.writesPerMinute, 60);
  for (const d of declared) {
    if (d.limit) await hit(`write:${d.bucket}:${viewer.id}`, d.limit(), d.windowSeconds ?? 60);
    if (d.newMembersPerHour) await limitNewMember(viewer, d.bucket, d.newMembersPerHour(), d.what ?? 'of these');
  }
}

/**
 * Write limits, applied once to the built schema so that GraphQL over HTTP, the websocket and the REST table (which
 * all execute it) obey them alike, and a new mutation cannot forget one: every mutation a signed-in member calls
 * counts against their RATE_WRITES_PER_MINUTE (`write:<member>`), plus the limits it declares with
 * `@Extensions(limitedBy(...))`, before its resolver runs; the counts live in PostgreSQL, shared by every replica.
 * Only the mutations `unlimited` names (each with the reason) are left out. Anonymous calls are not counted here:
 * the only mutations open to them are sign-up, sign-in and password resets, which have their own per-IP limits; every
 * other one refuses them. Each mutation field is marked with what applies (`extensions.writeLimited`).
 */
export function limitMutations(schema: GraphQLSchema, unlimited: Readonly<Record<string, string>>): GraphQLSchema {
  const mutation = schema.getMutationType();
  if (!mutation || !isObjectType(mutation)) return schema;
  const fields = mutation.getFields();
  for (const name of Object.keys(unlimited))
    if (!fields[name]) throw new Error(`limitMutations: no mutation "${name}" to leave unlimited`);
  for (const field of Object.values(fields) as Array<GraphQLField<unknown, Context>>) {
    const declared = ((field.extensions as { writeLimits?: DeclaredLimit[] } | undefined)?.writeLimits ??
      []) as DeclaredLimit[];
    const reason = unlimited[field.name];
    if (reason !== undefined && declared.length)
      throw new Error(`limitMutations: "${field.name}" declares limits but is listed as unlimited`);
    const mark: WriteLimitMark =
      reason !== undefined ? { shared: false, unlimitedBecause: reason } : { shared: true, declared };
    field.extensions = { ...field.extensions, writeLimited: mark };
    if (!mark.shared) continue;
    const resolve = field.resolve ?? defaultFieldResolver;
    field.resolve = async (root, args, ctx, info) => {
      if (ctx.viewer) await applyLimits(ctx.viewer, declared);
      return resolve(root, args, ctx, info);
    };
  }
  return schema;
}

/** The write limits of their own that mutations declare (`@Extensions(limitedBy(WRITE_LIMITS.messages))`). */
export const WRITE_LIMITS = {
  /** Messages in direct and group conversations: RATE_MESSAGES_PER_MINUTE. */
  messages: { bucket: 'messages', limit: () => settings().limits.messagesPerMinute, windowSeconds: 60 },
  /** Conversations opened: RATE_CONVERSATIONS_PER_HOUR. */
  conversations: { bucket: 'conversations', limit: () => settings().limits.conversationsPerHour, windowSeconds: 3600 },
  /** Messages to the admin team: RATE_SUPPORT_MESSAGES_PER_HOUR. */
  supportMessages: { bucket: 'support', limit: () => settings().limits.supportMessagesPerHour, windowSeconds: 3600 },
  /** The new-member sandbox: posts, friend requests and reports per hour. */
  newMemberPosts: { bucket: 'posts', newMembersPerHour: () => settings().newMembers.postsPerHour, what: 'posts' },
  newMemberFriendRequests: {
    bucket: 'friend-requests',
    newMembersPerHour: () => settings().newMembers.friendRequestsPerHour,
    what: 'friend requests',
  },
  newMemberReports: {
    bucket: 'reports',
    newMembersPerHour: () => settings().newMembers.reportsPerHour,
    what: 'reports',
  },
} satisfies Record<string, DeclaredLimit>;

/**
 * Counts a direct message to someone who is not a friend against the new-member sandbox (NEW_MEMBER_MESSAGES_PER_HOUR).
 */
export const limitNewMemberMessage = (viewer: Viewer) =>
  limitNewMember(viewer, 'messages', settings().newMembers.messagesPerHour, 'messages to non-friends');
