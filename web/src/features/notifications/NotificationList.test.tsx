import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCache } from '../../ui/cache';
import { useLocation } from 'react-router';
import {
  BellNotificationsDocument,
  MarkNotificationReadDocument,
  UnreadNotificationCountDocument,
  useUnreadNotificationCountQuery,
  type BellNotificationsQuery,
  type NotificationItem_NotificationFragment,
  type UnreadNotificationCountQuery,
} from './notifications.generated';
import { renderWithProviders } from '../../test/render';
import { addNotificationToCache } from './notificationCache';
import { NotificationFeed, notificationKind } from './NotificationList';

type TestNotification = NotificationItem_NotificationFragment & { __typename: 'Notification' };

function makeNotification(overrides: Partial<NotificationItem_NotificationFragment> = {}): TestNotification {
  return {
    __typename: 'Notification',
    id: 'n1',
    type: 'info',
    title: 'Friend request',
    message: 'Sipho Dlamini sent you a friend request.',
    isRead: false,
    link: '/profile',
    createdAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

function listMock(nodes: TestNotification[]) {
  return {
    request: { query: BellNotificationsDocument },
    result: vi.fn(() => ({
      data: {
        notifications: {
          __typename: 'NotificationConnection',
          nodes,
          pageInfo: { __typename: 'PageInfo', endCursor: null, hasNextPage: false },
        },
      },
    })),
    maxUsageCount: 5,
  };
}

function UnreadCount() {
  const { data } = useUnreadNotificationCountQuery();
  return <div data-testid="unread">{data?.unreadNotificationCount ?? '-'}</div>;
}

function Location() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

describe('NotificationFeed', () => {
  const unread = makeNotification();
  const read = makeNotification({
    id: 'n2',
    title: 'Welcome',
    message: 'Welcome to Saffa',
    isRead: true,
    link: null,
    type: 'success',
  });

  it('lists notifications with their icon, title, message and an unread dot', async () => {
    renderWithProviders(<NotificationFeed />, { mocks: [listMock([unread, read])] });
    const items = await screen.findAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('Friend request')).toBeInTheDocument();
    expect(within(items[0]).getByText('Sipho Dlamini sent you a friend request.')).toBeInTheDocument();
    expect(within(items[0]).getByRole('img', { name: 'Unread' })).toBeInTheDocument();
    expect(within(items[1]).queryByRole('img', { name: 'Unread' })).not.toBeInTheDocument();
    expect(screen.getByTestId('notification-list')).toHaveStyle({ height: '300px' });
  });

  it('dates each notification relatively like posts, with the exact time as its machine date and title', async () => {
    const createdAt = new Date(Date.now() - 5.5 * 60_000).toISOString();
    const older = new Date(Date.now() - 3 * 24 * 60 * 60_000 - 60_000).toISOString();
    renderWithProviders(<NotificationFeed />, {
      mocks: [
        listMock([makeNotification({ createdAt }), makeNotification({ id: 'n3', createdAt: older, isRead: true })]),
      ],
    });
    const times = await screen.findAllByTestId('notification-time');
    expect(times.map((t) => t.textContent)).toEqual(['5 minutes ago', '3 days ago']);
    expect(times[0].tagName).toBe('TIME');
    expect(times[0]).toHaveAttribute('dateTime', createdAt);
    expect(times[0]).toHaveAttribute('title', new Date(createdAt).toLocaleString());
    // The absolute date is not what the list reads.
    expect(screen.getByTestId('notification-list')).not.toHaveTextContent(new Date(createdAt).toLocaleString());
  });

  it('shows the empty state', async () => {
    renderWithProviders(<NotificationFeed />, { mocks: [listMock([])] });
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
  });

  it('marks an unread notification read, refreshes, then follows its link', async () => {
    const user = userEvent.setup();
    const markRead = vi.fn(() => ({
      data: { markNotificationRead: { __typename: 'Notification' as const, id: 'n1', isRead: true } },
    }));
    const onNavigate = vi.fn();
    const list = listMock([unread, read]);
    const count = vi
      .fn()
      .mockReturnValueOnce({ data: { unreadNotificationCount: 1 } })
      .mockReturnValue({ data: { unreadNotificationCount: 0 } });
    renderWithProviders(
      <>
        <UnreadCount />
        <NotificationFeed onNavigate={onNavigate} />
        <Location />
      </>,
      {
        mocks: [
          list,
          { request: { query: MarkNotificationReadDocument, variables: { id: 'n1' } }, result: markRead },
          { request: { query: UnreadNotificationCountDocument }, result: count, maxUsageCount: 2 },
        ],
      },
    );
    await waitFor(() => expect(screen.getByTestId('unread')).toHaveTextContent('1'));
    const [first] = await screen.findAllByTestId('notification-item');
    await user.click(first);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/profile'));
    expect(markRead).toHaveBeenCalledTimes(1);
    // Both notification queries were fetched again after the read call.
    expect(list.result).toHaveBeenCalledTimes(2);
    expect(count).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('unread')).toHaveTextContent('0');
    expect(onNavigate).toHaveBeenCalled();
  });

  it('does not call the read mutation for a notification already read', async () => {
    const user = userEvent.setup();
    const markRead = vi.fn(() => ({
      data: { markNotificationRead: { __typename: 'Notification' as const, id: 'n2', isRead: true } },
    }));
    renderWithProviders(<NotificationFeed />, {
      mocks: [
        listMock([unread, read]),
        { request: { query: MarkNotificationReadDocument, variables: { id: 'n2' } }, result: markRead },
      ],
    });
    const items = await screen.findAllByTestId('notification-item');
    await user.click(items[1]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(markRead).not.toHaveBeenCalled();
  });
});

describe('notifications', () => {
  it('shows any unknown type as info', () => {
    expect(notificationKind('warning')).toBe('warning');
    expect(notificationKind('success')).toBe('success');
    expect(notificationKind('error')).toBe('info');
    expect(notificationKind(null)).toBe('info');
  });

  it('puts a live notification at the top of the cached list and counts it unread once', () => {
    const cache = createCache();
    const old = makeNotification({ id: 'old', isRead: true });
    cache.writeQuery({
      query: BellNotificationsDocument,
      data: {
        notifications: {
          __typename: 'NotificationConnection',
          nodes: [old],
          pageInfo: { __typename: 'PageInfo', endCursor: null, hasNextPage: false },
        },
      } as never,
    });
    cache.writeQuery({ query: UnreadNotificationCountDocument, data: { unreadNotificationCount: 2 } });
    const fresh = makeNotification({ id: 'new' });
    addNotificationToCache(cache, fresh);
    addNotificationToCache(cache, fresh);
    const list = cache.readQuery<BellNotificationsQuery>({ query: BellNotificationsDocument });
    expect(list?.notifications.nodes.map((n) => n.id)).toEqual(['new', 'old']);
    // The count is the server's to push (unreadNotificationCountChanged), never counted here.
    expect(
      cache.readQuery<UnreadNotificationCountQuery>({ query: UnreadNotificationCountDocument })
        ?.unreadNotificationCount,
    ).toBe(2);
  });
});
