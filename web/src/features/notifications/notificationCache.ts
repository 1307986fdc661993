import type { ApolloCache } from '@apollo/client';
import {
  BellNotificationsDocument,
  type BellNotificationsQuery,
  type NotificationItem_NotificationFragment,
} from '../../gql/graphql';
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
