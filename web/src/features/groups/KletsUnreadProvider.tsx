import { useMemo, type ReactNode } from 'react';
import { KletsUnreadDocument, useKletsUnreadChangedSubscription, useKletsUnreadQuery } from './groups.generated';
import { ShellCountsContext, useShellCounts } from '../../ui/counts';

/**
 * The Klets badge for the signed-in layout (the mobile sheet's Local Community Chats): how many of the member's
 * groups have chat messages they have not read, live.
 */
export function KletsUnreadProvider({ children }: { children: ReactNode }) {
  const parentCounts = useShellCounts();
  const { data } = useKletsUnreadQuery();
  useKletsUnreadChangedSubscription({
    onData: ({ client, data: result }) => {
      const count = result.data?.kletsUnreadChanged;
      if (typeof count === 'number') client.cache.writeQuery({ query: KletsUnreadDocument, data: { kletsUnread: count } });
    },
  });
  const kletsUnread = data?.kletsUnread ?? 0;
  const counts = useMemo(() => ({ ...parentCounts, kletsUnread }), [parentCounts, kletsUnread]);
  return <ShellCountsContext.Provider value={counts}>{children}</ShellCountsContext.Provider>;
}
