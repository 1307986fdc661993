import type { ApolloCache, ApolloClient } from '@apollo/client';
import {
  BellNotificationsDocument,
  type BellNotificationsQuery,
  type NotificationItem_NotificationFragment,
} from './notifications.generated';
import { withNode } from '../../ui/connection';

/**
 * A notification arrived over the subscription: put it at the top of the cached bell list (if that list was
 * loaded). The unread count is not touched here: the server pushes it (unreadNotificationCountChanged), so two
 * events for one notification can never count it twice.
 */
export function addNotificationToCache(cache: ApolloCache, notification: NotificationItem_NotificationFragment): void {
  cache.updateQuery<BellNotificationsQuery>({ query: BellNotificationsDocument }, (data) => {
    const notifications = withNode(data?.notifications, notification, 'start');
    return notifications && { ...data, notifications };
  });
}

/** The queries that live events keep current, by operation name. */
const MISSED = ['UnreadNotificationCount', 'BellNotifications'];

/**
 * The live link was away (API or database down) and is back: events published meanwhile never arrived. Fetches
 * the unread count and the bell's list again if they are on screen, and forgets the cached list otherwise, so the
 * bell loads it fresh when it opens.
 */
export async function refetchMissedNotifications(client: ApolloClient): Promise<void> {
  const onScreen = [...client.getObservableQueries('active')].filter(
    (q) => q.queryName && MISSED.includes(q.queryName),
  );
  if (!onScreen.some((q) => q.queryName === 'BellNotifications')) {
    client.cache.evict({ id: 'ROOT_QUERY', fieldName: 'notifications' });
    client.cache.gc();
  }
  await Promise.all(onScreen.map((q) => q.refetch()));
}
