import type { ApolloCache } from '@apollo/client';
import {
  BellNotificationsDocument,
  UnreadNotificationCountDocument,
  type BellNotificationsQuery,
  type NotificationItem_NotificationFragment,
  type UnreadNotificationCountQuery,
} from '../../gql/graphql';

/**
 * A notification arrived over the subscription: put it at the top of the cached bell list (if that list was loaded)
 * and add one to the cached unread count, so the bell updates live without a refetch.
 */
export function addNotificationToCache(cache: ApolloCache, notification: NotificationItem_NotificationFragment): void {
  let added = false;
  cache.updateQuery<BellNotificationsQuery>({ query: BellNotificationsDocument }, (data) => {
    if (!data) return undefined;
    const nodes = data.notifications.nodes;
    if (nodes.some((n) => n.id === notification.id)) return undefined;
    added = true;
    return { ...data, notifications: { ...data.notifications, nodes: [notification, ...nodes] } };
  });
  // When the list was loaded and already held it, it was counted already.
  const listLoaded = cache.readQuery<BellNotificationsQuery>({ query: BellNotificationsDocument }) !== null;
  if (notification.isRead || (listLoaded && !added)) return;
  cache.updateQuery<UnreadNotificationCountQuery>({ query: UnreadNotificationCountDocument }, (data) =>
    data ? { ...data, unreadNotificationCount: data.unreadNotificationCount + 1 } : undefined,
  );
}
