import { createHash, randomUUID } from 'node:crypto';
import { requireAdmin, requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput, notFound } from '../../kernel/errors';
import { checkUuid } from '../../kernel/ids';
import { keysetPage, type Page } from '../../kernel/pagination';
import { deliverLocally, eventFits, listen, onEventsMissed, publishAll, type Event } from '../../kernel/pubsub';
import { Notification, NotificationType } from './notification.entity';
import { notificationPolicy } from './notification.policy';

export const NOTIFICATION_ADDED = 'NOTIFICATION_ADDED';
/** A member's unread count changed (read in another tab, or a new notification). */
export const UNREAD_CHANGED = 'UNREAD_CHANGED';

/** The fields a notification shows, as they travel in an event (the date as ISO text). */
export interface NotificationContent {
  type: NotificationType;
  title: string;
  message: string;
  link: string | null;
  createdAt: string;
}

/**
 * What travels through NOTIFY on NOTIFICATION_ADDED: everything a subscriber answers with, so that delivering
 * one event runs no SQL per subscriber. One member's event is keyed by their id (only their subscriptions wake);
 * `recipientId` '*' means every member (a broadcast, not keyed), and each member's own row id is
 * `broadcastRowId(broadcastId, memberId)`. When the content would not fit in NOTIFY's 8000 bytes it is
 * left out, and `sourceId` names a stored row to read it from: once per event per process.
 */
export interface NotificationEvent {
  recipientId: string;
  notificationId?: string;
  broadcastId?: string;
  content?: NotificationContent;
  sourceId?: string;
}

/**
 * What travels on UNREAD_CHANGED (keyed by the member, like NOTIFICATION_ADDED). For one member: their new count
 * (`count`). For every member ('*') with a
 * `broadcastId`: one more unread notification each. Anything that does not say the new count (such as the local
 * event after the listener missed events) makes each subscription affected count again, once.
 */
export interface UnreadEvent {
  recipientId: string;
  count?: number;
  broadcastId?: string;
}

const notifications = () => db().getRepository(Notification);

/** The id of a broadcast's row for one member: the same formula as the INSERT of `broadcast`, so nobody asks. */
export function broadcastRowId(broadcastId: string, recipientId: string): string {
  const h = createHash('md5').update(broadcastId + recipientId).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const contentOf = (n: Pick<Notification, 'type' | 'title' | 'message' | 'link' | 'createdAt'>): NotificationContent => ({
  type: n.type,
  title: n.title,
  message: n.message,
  link: n.link,
  createdAt: n.createdAt.toISOString(),
});

const keyOf = (recipientId: string) => (recipientId === '*' ? undefined : recipientId);
const unreadEvent = (e: UnreadEvent): Event => ({ topic: UNREAD_CHANGED, payload: e as unknown as Record<string, unknown>, key: keyOf(e.recipientId) });

/** The event of a new notification: its content when it fits in NOTIFY, else where to read it. */
function addedEvent(base: NotificationEvent, content: NotificationContent, sourceId: string): Event {
  const event = (payload: NotificationEvent): Event => ({
    topic: NOTIFICATION_ADDED,
    payload: payload as unknown as Record<string, unknown>,
    key: keyOf(payload.recipientId),
  });
  const full = event({ ...base, content });
  return eventFits(full) ? full : event({ ...base, sourceId });
}

const publish = (added: Event, unread: UnreadEvent) => publishAll([added, unreadEvent(unread)]);

/** Stores a notification for one member and tells their open sessions at once (with their new unread count). */
export async function notify(
  recipientId: string,
  n: { title: string; message: string; type?: NotificationType; link?: string | null; actorId?: string | null },
): Promise<Notification | null> {
  if (n.actorId && n.actorId === recipientId) return null; // nobody is told of their own actions
  const row = Object.assign(new Notification(), {
    recipientId,
    title: n.title.slice(0, 200),
    message: n.message,
    type: n.type ?? NotificationType.info,
    link: n.link ?? null,
    actorId: n.actorId ?? null,
    broadcastId: null,
    isRead: false,
  });
  // One statement stores it and counts the member's unread ones (the count does not see the new row: + 1).
  const [stored] = (await db().query(
    `WITH n AS (
       INSERT INTO notifications (recipient_id, title, message, type, link, actor_id) VALUES ($1, $2, $3, $4, $5, $6)
       RETURNING id, created_at
     )
     SELECT n.id, n.created_at AS "createdAt",
       (SELECT count(*) FROM notifications WHERE recipient_id = $1 AND is_read = false)::int + 1 AS unread
     FROM n`,
    [recipientId, row.title, row.message, row.type, row.link, row.actorId],
  )) as Array<{ id: string; createdAt: Date; unread: number }>;
  Object.assign(row, { id: stored.id, createdAt: stored.createdAt });
  await publish(addedEvent({ recipientId, notificationId: row.id }, contentOf(row), row.id), { recipientId, count: stored.unread });
  return row;
}

/** An admin tells every member something: one row per member, one event for all. */
export async function broadcast(
  viewer: Viewer | null,
  input: { title: string; message: string; type?: NotificationType | null },
): Promise<number> {
  requireAdmin(viewer);
  const title = (input.title ?? '').trim();
  const message = (input.message ?? '').trim();
  if (!title) throw badInput('title', 'is required');
  if (title.length > 200) throw badInput('title', 'must be at most 200 characters');
  if (!message) throw badInput('message', 'is required');
  if (message.length > 2000) throw badInput('message', 'must be at most 2000 characters');
  const broadcastId = randomUUID();
  const type = input.type ?? NotificationType.info;
  // Row ids follow from (broadcast, member), as broadcastRowId computes them; the count comes from the INSERT.
  const [sent] = (await db().query(
    `WITH sent AS (
       INSERT INTO notifications (id, recipient_id, type, title, message, broadcast_id, actor_id)
       SELECT md5($4::text || u.id::text)::uuid, u.id, $1, $2, $3, $4::text::uuid, $5 FROM users u
       RETURNING id
     )
     SELECT (SELECT count(*) FROM sent)::int AS count, (SELECT id FROM sent LIMIT 1) AS "sourceId",
       now()::timestamptz(3) AS "createdAt"`,
    [type, title, message, broadcastId, viewer!.id],
  )) as Array<{ count: number; sourceId: string | null; createdAt: Date }>;
  if (!sent.count) return 0;
  const content = contentOf({ type, title, message, link: null, createdAt: sent.createdAt });
  await publish(addedEvent({ recipientId: '*', broadcastId }, content, sent.sourceId!), { recipientId: '*', broadcastId });
  return sent.count;
}

/** Content read for events that could not carry it: one read per event per process, shared by its subscribers. */
const fetched = new WeakMap<NotificationEvent, Promise<NotificationContent | null>>();

function fetchContent(event: NotificationEvent): Promise<NotificationContent | null> {
  let p = fetched.get(event);
  if (!p) {
    const id = event.sourceId ?? event.notificationId;
    p = id ? notifications().findOneBy({ id }).then((n) => (n ? contentOf(n) : null)) : Promise.resolve(null);
    fetched.set(event, p);
  }
  return p;
}

function asNotification(event: NotificationEvent, viewerId: string, c: NotificationContent | null): Notification {
  if (!c) throw new Error('notification not found');
  const id = event.broadcastId ? broadcastRowId(event.broadcastId, viewerId) : event.notificationId!;
  return Object.assign(new Notification(), {
    id,
    recipientId: viewerId,
    type: c.type,
    title: c.title,
    message: c.message,
    link: c.link,
    isRead: false,
    broadcastId: event.broadcastId ?? null,
    createdAt: new Date(c.createdAt),
  });
}

/**
 * The notification an event announces, as the given member sees it (the subscription's filter has already made
 * sure it is theirs): built from the event, without SQL, unless the event was too large to carry its content.
 */
export function notificationForEvent(event: NotificationEvent, viewerId: string): Notification | Promise<Notification> {
  if (event.content) return asNotification(event, viewerId, event.content);
  return fetchContent(event).then((c) => asNotification(event, viewerId, c));
}

export function listNotifications(viewer: Viewer | null, args: { first?: number | null; after?: string | null }): Promise<Page<Notification>> {
  const v = requireViewer(viewer);
  return keysetPage(notifications().createQueryBuilder('n').where('n.recipient_id = :id', { id: v.id }), 'n', args);
}

export function unreadCount(viewer: Viewer | null): Promise<number> {
  const v = requireViewer(viewer);
  return notifications().countBy({ recipientId: v.id, isRead: false });
}

/** Marks one of the viewer's notifications read; another member's is NOT_FOUND, as if it did not exist. */
export async function markRead(viewer: Viewer | null, id: string): Promise<Notification> {
  const v = requireViewer(viewer);
  const n = await notifications().findOneBy({ id: checkUuid(id, 'id') });
  if (!n || !notificationPolicy.canRead(v, n)) throw notFound('Notification');
  if (!n.isRead) {
    n.isRead = true;
    // Marks it and counts what stays unread in one statement (the count does not see the update: - 1).
    const [r] = (await db().query(
      `WITH r AS (UPDATE notifications SET is_read = true WHERE id = $1 AND is_read = false RETURNING 1)
       SELECT (SELECT count(*) FROM r)::int AS changed,
         (SELECT count(*) FROM notifications WHERE recipient_id = $2 AND is_read = false)::int - (SELECT count(*) FROM r)::int AS unread`,
      [n.id, v.id],
    )) as Array<{ changed: number; unread: number }>;
    // Another tab may have marked it a moment earlier: that tab announced the count.
    if (r.changed) await publishAll([unreadEvent({ recipientId: v.id, count: r.unread })]);
  }
  return n;
}

export async function markAllRead(viewer: Viewer | null): Promise<number> {
  const v = requireViewer(viewer);
  const r = await notifications().update({ recipientId: v.id, isRead: false }, { isRead: true });
  if (r.affected) await publishAll([unreadEvent({ recipientId: v.id, count: 0 })]);
  return r.affected ?? 0;
}

/** Whether an event is for this member: theirs, or everyone's. (Keys route it; this holds whatever the key.) */
const forMember = (memberId: string) => (e: { recipientId: string }) => e.recipientId === memberId || e.recipientId === '*';

/**
 * A member's new notifications as they are announced: theirs alone (keyed by their id) and every broadcast. Ending
 * it (the socket closed) lets go at once, even while it waits.
 */
export function notificationEvents(viewer: Viewer | null): AsyncIterableIterator<NotificationEvent> {
  const v = requireViewer(viewer);
  return listen<NotificationEvent>([{ topic: NOTIFICATION_ADDED }, { topic: NOTIFICATION_ADDED, key: v.id }], forMember(v.id));
}

/**
 * A member's unread count, and the recent broadcasts it already includes (a broadcast's event that arrives after
 * this count must not add its notification twice).
 */
async function liveCount(memberId: string): Promise<{ count: number; counted: string[] }> {
  const [r] = (await db().query(
    `SELECT count(*)::int AS count,
       coalesce(array_agg(broadcast_id::text) FILTER (WHERE broadcast_id IS NOT NULL AND created_at > now() - interval '5 minutes'), '{}') AS counted
     FROM notifications WHERE recipient_id = $1 AND is_read = false`,
    [memberId],
  )) as Array<{ count: number; counted: string[] }>;
  return r;
}

/**
 * A member's unread count, live: the current count at once (listening starts before it is read, so nothing falls
 * in between), then the count each event announces, kept here without SQL. After the listener missed events, and
 * for any event that does not say the count, it is read again once. Ending it lets go at once, even while it waits.
 */
export function unreadCounts(viewer: Viewer | null): AsyncIterableIterator<number> {
  const v = requireViewer(viewer);
  const events = listen<UnreadEvent>([{ topic: UNREAD_CHANGED }, { topic: UNREAD_CHANGED, key: v.id }], forMember(v.id));
  let state: { count: number; counted: string[] } | null = null;
  return {
    async next() {
      if (!state) {
        state = await liveCount(v.id);
        return { value: state.count, done: false };
      }
      for (;;) {
        const r = await events.next();
        if (r.done) return { value: undefined, done: true };
        const e = r.value;
        if (e.recipientId === v.id && typeof e.count === 'number') state.count = e.count;
        else if (e.recipientId === '*' && e.broadcastId) {
          if (state.counted.includes(e.broadcastId)) state.counted = state.counted.filter((id) => id !== e.broadcastId);
          else state.count += 1;
        } else state = await liveCount(v.id);
        return { value: state.count, done: false };
      }
    },
    async return() {
      await events.return!();
      return { value: undefined, done: true };
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

// Events published while this process's listener was away were missed: every live count reads itself again.
onEventsMissed(() => deliverLocally(UNREAD_CHANGED, { recipientId: '*' } satisfies UnreadEvent));
