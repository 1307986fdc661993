import { ApolloClient, ApolloLink } from '@apollo/client';
import { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { BellNotificationsDocument, UnreadNotificationCountDocument } from './notifications.generated';
import { createCache } from '../../ui/cache';
import { refetchMissedNotifications } from './notificationCache';

/** A client whose server answers the unread count with whatever `server.unread` is at the time. */
function clientWithServer() {
  const server = { unread: 2, requests: [] as string[] };
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        server.requests.push(operation.operationName ?? '');
        observer.next({ data: { unreadNotificationCount: server.unread } });
        observer.complete();
      }),
  );
  return { client: new ApolloClient({ link, cache: createCache() }), server };
}

const bellList = {
  notifications: {
    __typename: 'NotificationConnection',
    nodes: [
      {
        __typename: 'Notification',
        id: 'n1',
        type: 'comment',
        title: 'New comment',
        message: 'Hi',
        isRead: false,
        link: null,
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    ],
    pageInfo: { __typename: 'PageInfo', endCursor: 'c1', hasNextPage: false },
  },
};

describe('refetchMissedNotifications (after the live link reconnected)', () => {
  it('fetches the unread count on screen again: events sent while the link was away never arrived', async () => {
    const { client, server } = clientWithServer();
    const seen: number[] = [];
    const watching = client.watchQuery({ query: UnreadNotificationCountDocument }).subscribe((r) => {
      const count = (r.data as { unreadNotificationCount?: number } | undefined)?.unreadNotificationCount;
      if (count !== undefined) seen.push(count);
    });
    await expect.poll(() => seen).toEqual([2]);
    server.unread = 5; // notifications arrived during the outage
    await refetchMissedNotifications(client);
    await expect.poll(() => seen.at(-1)).toBe(5);
    expect(server.requests).toEqual(['UnreadNotificationCount', 'UnreadNotificationCount']);
    watching.unsubscribe();
  });

  it('forgets a cached bell list that is not on screen, so the bell loads it fresh when it opens', async () => {
    const { client } = clientWithServer();
    client.writeQuery({ query: BellNotificationsDocument, data: bellList });
    expect(client.readQuery({ query: BellNotificationsDocument })).not.toBeNull();
    await refetchMissedNotifications(client);
    expect(client.readQuery({ query: BellNotificationsDocument })).toBeNull();
  });
});
