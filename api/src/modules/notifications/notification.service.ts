import { randomUUID } from 'node:crypto';
import { requireAdmin, requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput, notFound } from '../../kernel/errors';
import { checkUuid } from '../../kernel/ids';
import { keysetPage, type Page } from '../../kernel/pagination';
import { publish, pubSub } from '../../kernel/pubsub';
import { Notification, NotificationType } from './notification.entity';
import { notificationPolicy } from './notification.policy';

export const NOTIFICATION_ADDED = 'NOTIFICATION_ADDED';
/** A member's unread count changed (read in another tab, or a new notification). */
export const UNREAD_CHANGED = 'UNREAD_CHANGED';
/** What travels through NOTIFY: ids only. `recipientId` '*' means every member (a broadcast). */
export interface NotificationEvent {
  recipientId: string;
  notificationId?: string;
  broadcastId?: string;
}

const notifications = () => db().getRepository(Notification);

/** Stores a notification for one member and tells their open sessions at once. */
export async function notify(
  recipientId: string,
  n: { title: string; message: string; type?: NotificationType; link?: string | null; actorId?: string | null },
): Promise<Notification | null> {
  if (n.actorId && n.actorId === recipientId) return null; // nobody is told of their own actions
  const inserted = await notifications().insert({
    recipientId,
    title: n.title.slice(0, 200),
    message: n.message,
    type: n.type ?? NotificationType.info,
    link: n.link ?? null,
    actorId: n.actorId ?? null,
  });
  const id = inserted.identifiers[0].id as string;
  await publish(NOTIFICATION_ADDED, { recipientId, notificationId: id } satisfies NotificationEvent);
  await publish(UNREAD_CHANGED, { recipientId });
  return notifications().findOneByOrFail({ id });
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
  await db().query(
    `INSERT INTO notifications (recipient_id, type, title, message, broadcast_id, actor_id)
     SELECT id, $1, $2, $3, $4, $5 FROM users`,
    [input.type ?? NotificationType.info, title, message, broadcastId, viewer!.id],
  );
  await publish(NOTIFICATION_ADDED, { recipientId: '*', broadcastId } satisfies NotificationEvent);
  await publish(UNREAD_CHANGED, { recipientId: '*' });
  return notifications().countBy({ broadcastId });
}

/** The notification an event names, as the given member sees it (null when it is not theirs). */
export async function notificationForEvent(event: NotificationEvent, viewerId: string): Promise<Notification | null> {
  if (event.notificationId) return notifications().findOneBy({ id: event.notificationId, recipientId: viewerId });
  if (event.broadcastId) return notifications().findOneBy({ broadcastId: event.broadcastId, recipientId: viewerId });
  return null;
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
    await notifications().update({ id: n.id }, { isRead: true });
    await publish(UNREAD_CHANGED, { recipientId: v.id });
  }
  return n;
}

export async function markAllRead(viewer: Viewer | null): Promise<number> {
  const v = requireViewer(viewer);
  const r = await notifications().update({ recipientId: v.id, isRead: false }, { isRead: true });
  if (r.affected) await publish(UNREAD_CHANGED, { recipientId: v.id });
  return r.affected ?? 0;
}

/**
 * The events that change a member's unread count, starting with one at once so a new subscriber gets the
 * current count without a gap between its first query and its subscription.
 */
export async function* unreadCountEvents(viewer: Viewer | null): AsyncGenerator<{ recipientId: string }> {
  const v = requireViewer(viewer);
  const it = (pubSub.subscribe as (topic: string) => AsyncIterableIterator<{ recipientId: string }>)(UNREAD_CHANGED);
  const pending = it.next(); // listening starts here, before the first value goes out
  try {
    yield { recipientId: v.id };
    for (let r = await pending; !r.done; r = await it.next()) {
      if (r.value.recipientId === v.id || r.value.recipientId === '*') yield r.value;
    }
  } finally {
    await it.return?.();
  }
}
