import type { ApolloCache } from '@apollo/client';
import {
  BellNotificationsDocument,
  type BellNotificationsQuery,
  type NotificationItem_NotificationFragment,
} from '../../gql/graphql';

/**
 * A notification arrived over the subscription: put it at the top of the cached bell list (if that list was
 * loaded). The unread count is not touched here: the server pushes it (unreadNotificationCountChanged), so two
 * events for one notification can never count it twice.
 */
export function addNotificationToCache(cache: ApolloCache, notification: NotificationItem_NotificationFragment): void {
  cache.updateQuery<BellNotificationsQuery>({ query: BellNotificationsDocument }, (data) => {
    if (!data) return undefined;
    const nodes = data.notifications.nodes;
    if (nodes.some((n) => n.id === notification.id)) return undefined;
    return { ...data, notifications: { ...data.notifications, nodes: [notification, ...nodes] } };
  });
}
