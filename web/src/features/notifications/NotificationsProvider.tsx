import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  useNotificationAddedSubscription,
  useUnreadNotificationCountChangedSubscription,
  UnreadNotificationCountDocument,
  useUnreadNotificationCountQuery,
  type NotificationItem_NotificationFragment,
} from './notifications.generated';
import { ShellCountsContext, useShellCounts } from '../../ui/counts';
import { DialogFrame } from '../../ui/DialogFrame';
import { addNotificationToCache } from './notificationCache';
import { NotificationFeed } from './NotificationList';

type Listener = (notification: NotificationItem_NotificationFragment) => void;

interface NotificationsContextValue {
  unreadCount: number;
  /** Opens the notifications as a dialog (the mobile sheet's entry: the bell is hidden on mobile). */
  openNotifications: () => void;
  /** Runs `listener` for every notification that arrives live; returns the unsubscribe function. */
  subscribe: (listener: Listener) => () => void;
}

const NotificationsContext = createContext<NotificationsContextValue | null>(null);

export function useNotifications(): NotificationsContextValue {
  const value = useContext(NotificationsContext);
  if (!value) throw new Error('useNotifications must be used within a NotificationsProvider');
  return value;
}

/** The same, or null outside a provider (for shell parts also rendered on their own). */
export function useOptionalNotifications(): NotificationsContextValue | null {
  return useContext(NotificationsContext);
}

/** Calls `listener` whenever a notification arrives live (outside the provider it does nothing). */
export function useOnNotificationAdded(listener: Listener): void {
  const value = useContext(NotificationsContext);
  const latest = useRef(listener);
  latest.current = listener;
  const subscribe = value?.subscribe;
  useEffect(() => subscribe?.((n) => latest.current(n)), [subscribe]);
}

/** The notifications list in a dialog, for mobile where the bell is hidden. */
function NotificationsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      title="Notifications"
      testId="notifications-dialog"
      closeLabel="Close notifications"
      size="sm"
      flush
    >
      <NotificationFeed onNavigate={onClose} />
    </DialogFrame>
  );
}

/**
 * Live notifications for the signed-in layout: the unread count (fed to the shell's badges), the
 * notificationAdded subscription (prepends to the cached list and counts up, live) and the mobile dialog.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const parentCounts = useShellCounts();
  const { data } = useUnreadNotificationCountQuery();
  const listeners = useRef(new Set<Listener>());
  const [dialogOpen, setDialogOpen] = useState(false);

  useNotificationAddedSubscription({
    onData: ({ client, data: result }) => {
      const notification = result.data?.notificationAdded;
      if (!notification) return;
      addNotificationToCache(client.cache, notification);
      listeners.current.forEach((listener) => listener(notification));
    },
  });

  // The authoritative count, pushed whenever it changes (a read in another tab included).
  useUnreadNotificationCountChangedSubscription({
    onData: ({ client, data: result }) => {
      const count = result.data?.unreadNotificationCountChanged;
      if (typeof count !== 'number') return;
      client.cache.writeQuery({ query: UnreadNotificationCountDocument, data: { unreadNotificationCount: count } });
    },
  });

  const subscribe = useCallback((listener: Listener) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);
  const openNotifications = useCallback(() => setDialogOpen(true), []);

  const unreadCount = data?.unreadNotificationCount ?? 0;
  const value = useMemo(
    () => ({ unreadCount, openNotifications, subscribe }),
    [unreadCount, openNotifications, subscribe],
  );
  const counts = useMemo(() => ({ ...parentCounts, unreadNotifications: unreadCount }), [parentCounts, unreadCount]);

  return (
    <NotificationsContext.Provider value={value}>
      <ShellCountsContext.Provider value={counts}>
        {children}
        <NotificationsDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
      </ShellCountsContext.Provider>
    </NotificationsContext.Provider>
  );
}
