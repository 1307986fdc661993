import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { usePendingFriendRequestCountQuery } from './friends.generated';
import { ShellCountsContext, useShellCounts } from '../../ui/counts';
import { useOnNotificationAdded } from '../notifications';

// The panel's code loads the first time it opens.
const FriendsPanel = lazy(() => import('./FriendsPanel').then((m) => ({ default: m.FriendsPanel })));

interface FriendsPanelContextValue {
  open: boolean;
  openPanel: () => void;
  closePanel: () => void;
  /** Friend requests waiting for the member (the Friends badge). */
  pendingCount: number;
}

const FriendsPanelContext = createContext<FriendsPanelContextValue | null>(null);

export function useFriendsPanel(): FriendsPanelContextValue {
  const value = useContext(FriendsPanelContext);
  if (!value) throw new Error('useFriendsPanel must be used within a FriendsPanelProvider');
  return value;
}

/** The same, or null outside a provider (for shell parts also rendered on their own). */
export function useOptionalFriendsPanel(): FriendsPanelContextValue | null {
  return useContext(FriendsPanelContext);
}

/**
 * The friends panel of the signed-in layout: its open state, the panel itself, and the live pending-request count
 * fed to the shell's Friends badges (refetched whenever a notification arrives live, since requests notify).
 */
export function FriendsPanelProvider({ children }: { children: ReactNode }) {
  const parentCounts = useShellCounts();
  const client = useApolloClient();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const { data, refetch } = usePendingFriendRequestCountQuery();

  useOnNotificationAdded(() => {
    void refetch().catch(() => undefined);
    // The open panel's request list changes with the count.
    void client.refetchQueries({ include: 'active', onQueryUpdated: (q) => q.queryName === 'FriendRequests' });
  });

  const openPanel = useCallback(() => {
    setUsed(true);
    setOpen(true);
  }, []);
  const closePanel = useCallback(() => setOpen(false), []);
  const pendingCount = data?.pendingFriendRequestCount ?? 0;
  const value = useMemo(
    () => ({ open, openPanel, closePanel, pendingCount }),
    [open, openPanel, closePanel, pendingCount],
  );
  const counts = useMemo(() => ({ ...parentCounts, friendRequests: pendingCount }), [parentCounts, pendingCount]);

  return (
    <FriendsPanelContext.Provider value={value}>
      <ShellCountsContext.Provider value={counts}>
        {children}
        {used && (
          <Suspense fallback={null}>
            <FriendsPanel open={open} onClose={closePanel} />
          </Suspense>
        )}
      </ShellCountsContext.Provider>
    </FriendsPanelContext.Provider>
  );
}
