import { requireAdmin, requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput, notFound } from '../../kernel/errors';
import { checkUuid } from '../../kernel/ids';
import { once, type RecordResult } from '../../kernel/idempotency';
import { keysetPage, type Page } from '../../kernel/pagination';
import { deliverLocally, eventFits, listen, onEventsMissed, publishAll, type Event } from '../../kernel/pubsub';
import { recordAdminAction } from '../admin/admin-audit.service';
import { notBlockedSql } from '../blocks/block.service';
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
 * `recipientId` '*' means every member (a broadcast, not keyed): `notificationId` is then the broadcast's one row,
 * the same id for every member. When the content would not fit in NOTIFY's 8000 bytes it is left out, and
 * `sourceId` names the stored row to read it from: once per event per process.
 */
export interface NotificationEvent {
  recipientId: string;
  notificationId?: string;
  content?: NotificationContent;
  sourceId?: string;
}

/**
 * What travels on UNREAD_CHANGED (keyed by the member, like NOTIFICATION_ADDED). For one member: their new count
 * (`count`). For every member ('*') with a `broadcastId` (the broadcast's row id): one more unread notification
 * each. Anything that does not say the new count (such as the local event after the listener missed events) makes
 * each subscription affected count again, once.
 */
export interface UnreadEvent {
  recipientId: string;
  count?: number;
  broadcastId?: string;
}

const notifications = () => db().getRepository(Notification);

/**
 * SQL over the member `$m` (a parameter placeholder such as `$1`). A member sees their own rows and the broadcasts
 * (rows with no recipient) made at or after they joined: both sides in milliseconds, as notifications store time.
 */
const joinedAt = (m: string) => `(SELECT created_at::timestamptz(3) FROM users WHERE id = ${m})`;
/** The broadcasts member `m` sees, as a condition on the notifications row `n` (the partial index serves it). */
const visibleBroadcast = (m: string, n = 'n') => `${n}.recipient_id IS NULL AND ${n}.created_at >= ${joinedAt(m)}`;
/** Their broadcasts that they have not read yet, as a condition on `n`. */
const unreadBroadcast = (m: string, n = 'n') =>
  `${visibleBroadcast(m, n)} AND NOT EXISTS (SELECT 1 FROM notification_reads r WHERE r.member_id = ${m} AND ` +
  `r.notification_id = ${n}.id)`;
/**
 * Member `m`'s unread count: their own unread rows (the partial index IDX_notifications_unread) and their unread
 * broadcasts (IDX_notifications_broadcasts, each checked by notification_reads' primary key).
 */
const unreadSql = (m: string) =>
  `((SELECT count(*) FROM notifications WHERE recipient_id = ${m} AND is_read = false)
    + (SELECT count(*) FROM notifications n WHERE ${unreadBroadcast(m)}))::int`;

const contentOf = (
  n: Pick<Notification, 'type' | 'title' | 'message' | 'link' | 'createdAt'>,
): NotificationContent => ({
  type: n.type,
  title: n.title,
  message: n.message,
  link: n.link,
  createdAt: n.createdAt.toISOString(),
});

const keyOf = (recipientId: string) => (recipientId === '*' ? undefined : recipientId);
const unreadEvent = (e: UnreadEvent): Event => ({
  topic: UNREAD_CHANGED,
  payload: e as unknown as Record<string, unknown>,
  key: keyOf(e.recipientId),
});

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
  // One statement stores it and counts the member's unread ones (the count does not see the new row: + 1). Nothing
  // is stored when the actor and the recipient blocked one another: a blocked member reaches the blocker in no way.
  const [stored] = (await db().query(
    `WITH n AS (
       INSERT INTO notifications (recipient_id, title, message, type, link, actor_id)
       SELECT $1, $2, $3, $4, $5, $6 WHERE ${notBlockedSql('$1::uuid', '$6::uuid')}
       RETURNING id, created_at
     )
     SELECT n.id, n.created_at AS "createdAt", ${unreadSql('$1')} + 1 AS unread
     FROM n`,
    [recipientId, row.title, row.message, row.type, row.link, row.actorId],
  )) as Array<{ id: string; createdAt: Date; unread: number }>;
  if (!stored) return null;
  Object.assign(row, { id: stored.id, createdAt: stored.createdAt });
  await publish(addedEvent({ recipientId, notificationId: row.id }, contentOf(row), row.id), {
    recipientId,
    count: stored.unread,
  });
  return row;
}

/**
 * An admin tells every member something: ONE row (no recipient) that every member at this moment sees and counts
 * (members who join later do not), one event for all. Answers how many members it reaches.
 */
export async function broadcast(
  viewer: Viewer | null,
  input: { title: string; message: string; type?: NotificationType | null },
  idempotencyKey: string | null = null,
): Promise<number> {
  const admin = requireAdmin(viewer);
  const title = (input.title ?? '').trim();
  const message = (input.message ?? '').trim();
  if (!title) throw badInput('title', 'is required');
  if (title.length > 200) throw badInput('title', 'must be at most 200 characters');
  if (!message) throw badInput('message', 'is required');
  if (message.length > 2000) throw badInput('message', 'must be at most 2000 characters');
  const type = input.type ?? NotificationType.info;
  const send = (record: RecordResult) =>
    db().transaction(async (tx) => {
      // The row and the number of members it reaches (every member at this moment), in one statement; its audit
      // entry and the idempotency key in the same transaction.
      const [sent] = (await tx.query(
        `WITH sent AS (
           INSERT INTO notifications (recipient_id, type, title, message, actor_id) VALUES (NULL, $1, $2, $3, $4)
           RETURNING id, created_at
         )
         SELECT sent.id, sent.created_at AS "createdAt", (SELECT count(*) FROM users)::int AS count FROM sent`,
        [type, title, message, admin.id],
      )) as Array<{ id: string; createdAt: Date; count: number }>;
      await recordAdminAction(tx, {
        actorId: admin.id,
        action: 'notification.broadcast',
        targetType: 'notification',
        targetId: sent.id,
        after: { title, message, type, recipients: sent.count },
      });
      await record(tx, sent.id);
      return sent;
    });
  const publishSent = async (record: RecordResult) => {
    const sent = await send(record);
    const content = contentOf({ type, title, message, link: null, createdAt: sent.createdAt });
    await publish(addedEvent({ recipientId: '*', notificationId: sent.id }, content, sent.id), {
      recipientId: '*',
      broadcastId: sent.id,
    });
    return sent.count;
  };
  // A retry with the same key answers the first broadcast's reach and sends nothing more.
  const reached = async (id: string) => {
    const [r] = (await db().query(
      `SELECT (SELECT count(*) FROM users u WHERE u.created_at <= n.created_at)::int AS count FROM notifications n ` +
        `WHERE n.id = $1`,
      [id],
    )) as Array<{ count: number }>;
    return r?.count ?? 0;
  };
  return once({ memberId: admin.id, operation: 'broadcastNotification', key: idempotencyKey }, publishSent, reached);
}

/** Content read for events that could not carry it: one read per event per process, shared by its subscribers. */
const fetched = new WeakMap<NotificationEvent, Promise<NotificationContent | null>>();

function fetchContent(event: NotificationEvent): Promise<NotificationContent | null> {
  let p = fetched.get(event);
  if (!p) {
    const id = event.sourceId ?? event.notificationId;
    p = id
      ? notifications()
          .findOneBy({ id })
          .then((n) => (n ? contentOf(n) : null))
      : Promise.resolve(null);
    fetched.set(event, p);
  }
  return p;
}

/**
 * A notification as one member sees it: `recipientId` is theirs and `isRead` their own state, also for a
 * broadcast (whose stored row has no recipient), so that nothing asks the database whether they read it.
 */
const asSeenBy = (n: Notification, memberId: string, isRead: boolean): Notification =>
  Object.assign(Object.create(Notification.prototype) as Notification, n, { recipientId: memberId, isRead });

function asNotification(event: NotificationEvent, viewerId: string, c: NotificationContent | null): Notification {
  if (!c) throw new Error('notification not found');
  const n = Object.assign(new Notification(), {
    id: event.notificationId!,
    type: c.type,
    title: c.title,
    message: c.message,
    link: c.link,
    broadcastId: null,
    createdAt: new Date(c.createdAt),
  });
  return asSeenBy(n, viewerId, false); // just announced: nobody has read it yet
}

/**
 * The notification an event announces, as the given member sees it (the subscription's filter has already made
 * sure it is theirs): built from the event, without SQL, unless the event was too large to carry its content.
 */
export function notificationForEvent(event: NotificationEvent, viewerId: string): Notification | Promise<Notification> {
  if (event.content) return asNotification(event, viewerId, event.content);
  return fetchContent(event).then((c) => asNotification(event, viewerId, c));
}

/**
 * The viewer's notifications, newest first: their own rows and the broadcasts they see, one keyset page. A
 * broadcast row comes with no recipient; whether the viewer read it is a fact (notification.facts.ts), one
 * statement for the page.
 */
export function listNotifications(
  viewer: Viewer | null,
  args: { first?: number | null; after?: string | null },
): Promise<Page<Notification>> {
  const v = requireViewer(viewer);
  const qb = notifications()
    .createQueryBuilder('n')
    .where(`(n.recipient_id = :id OR (${visibleBroadcast(':id')}))`, { id: v.id });
  return keysetPage(qb, 'n', args);
}

export async function unreadCount(viewer: Viewer | null): Promise<number> {
  const v = requireViewer(viewer);
  const [r] = (await db().query(`SELECT ${unreadSql('$1')} AS count`, [v.id])) as Array<{ count: number }>;
  return r.count;
}

/** Marks a broadcast read for the viewer: NOT_FOUND when they do not see it (it is from before they joined). */
async function markBroadcastRead(v: Viewer, n: Notification): Promise<Notification> {
  // Whether they see it, the read row, and what stays unread (the count does not see the new read row: - changed).
  const [r] = (await db().query(
    `WITH visible AS (SELECT n.id FROM notifications n WHERE n.id = $1 AND ${visibleBroadcast('$2')}),
     r AS (
       INSERT INTO notification_reads (member_id, notification_id) SELECT $2, id FROM visible
       ON CONFLICT DO NOTHING RETURNING 1
     )
     SELECT (SELECT count(*) FROM visible)::int AS visible, (SELECT count(*) FROM r)::int AS changed,
       ${unreadSql('$2')} - (SELECT count(*) FROM r)::int AS unread`,
    [n.id, v.id],
  )) as Array<{ visible: number; changed: number; unread: number }>;
  if (!r.visible) throw notFound('Notification');
  if (r.changed) await publishAll([unreadEvent({ recipientId: v.id, count: r.unread })]);
  return asSeenBy(n, v.id, true);
}

/**
 * Marks one of the viewer's notifications read (a broadcast: for them alone); another member's is NOT_FOUND, as
 * if it did not exist.
 */
export async function markRead(viewer: Viewer | null, id: string): Promise<Notification> {
  const v = requireViewer(viewer);
  const n = await notifications().findOneBy({ id: checkUuid(id, 'id') });
  if (n && n.recipientId === null) return markBroadcastRead(v, n);
  if (!n || !notificationPolicy.canRead(v, n)) throw notFound('Notification');
  if (!n.isRead) {
    n.isRead = true;
    // Marks it and counts what stays unread in one statement (the count does not see the update: - changed).
    const [r] = (await db().query(
      `WITH r AS (UPDATE notifications SET is_read = true WHERE id = $1 AND is_read = false RETURNING 1)
       SELECT (SELECT count(*) FROM r)::int AS changed, ${unreadSql('$2')} - (SELECT count(*) FROM r)::int AS unread`,
      [n.id, v.id],
    )) as Array<{ changed: number; unread: number }>;
    // Another tab may have marked it a moment earlier: that tab announced the count.
    if (r.changed) await publishAll([unreadEvent({ recipientId: v.id, count: r.unread })]);
  }
  return n;
}

/** Marks every notification of the viewer read: their own rows, and a read row for each unread broadcast they see. */
export async function markAllRead(viewer: Viewer | null): Promise<number> {
  const v = requireViewer(viewer);
  const [r] = (await db().query(
    `WITH own AS (UPDATE notifications SET is_read = true WHERE recipient_id = $1 AND is_read = false RETURNING 1),
     reads AS (
       INSERT INTO notification_reads (member_id, notification_id) SELECT $1, n.id FROM notifications n ` +
      `WHERE ${unreadBroadcast('$1')}
       ON CONFLICT DO NOTHING RETURNING 1
     )
     SELECT ((SELECT count(*) FROM own) + (SELECT count(*) FROM reads))::int AS changed`,
    [v.id],
  )) as Array<{ changed: number }>;
  if (r.changed) await publishAll([unreadEvent({ recipientId: v.id, count: 0 })]);
  return r.changed;
}

/** Whether an event is for this member: theirs, or everyone's. (Keys route it; this holds whatever the key.) */
const forMember = (memberId: string) => (e: { recipientId: string }) =>
  e.recipientId === memberId || e.recipientId === '*';

/**
 * A member's new notifications as they are announced: theirs alone (keyed by their id) and every broadcast. Ending
 * it (the socket closed) lets go at once, even while it waits.
 */
export function notificationEvents(viewer: Viewer | null): AsyncIterableIterator<NotificationEvent> {
  const v = requireViewer(viewer);
  return listen<NotificationEvent>(
    [{ topic: NOTIFICATION_ADDED }, { topic: NOTIFICATION_ADDED, key: v.id }],
    forMember(v.id),
  );
}

/**
 * A member's unread count, and the recent broadcasts it already includes (a broadcast's event that arrives after
 * this count must not add its notification twice).
 */
async function liveCount(memberId: string): Promise<{ count: number; counted: string[] }> {
  const [r] = (await db().query(
    `SELECT ${unreadSql('$1')} AS count,
       coalesce((SELECT array_agg(n.id::text) FROM notifications n
                 WHERE ${unreadBroadcast('$1')} AND n.created_at > now() - interval '5 minutes'), '{}') AS counted`,
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
  const events = listen<UnreadEvent>(
    [{ topic: UNREAD_CHANGED }, { topic: UNREAD_CHANGED, key: v.id }],
    forMember(v.id),
  );
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
