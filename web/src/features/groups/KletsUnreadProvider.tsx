import type { ReactNode } from 'react';
import { KletsUnreadDocument, useKletsUnreadChangedSubscription, useKletsUnreadQuery } from './groups.generated';
import { ShellCountProvider } from '../../ui/counts';

/**
 * The Klets badge for the signed-in layout (the mobile sheet's Local Community Chats): how many of the member's
 * groups have chat messages they have not read, live.
 */
export function KletsUnreadProvider({ children }: { children: ReactNode }) {
  const { data } = useKletsUnreadQuery();
  useKletsUnreadChangedSubscription({
    onData: ({ client, data: result }) => {
      const count = result.data?.kletsUnreadChanged;
      if (typeof count === 'number')
        client.cache.writeQuery({ query: KletsUnreadDocument, data: { kletsUnread: count } });
    },
  });
  return (
    <ShellCountProvider name="kletsUnread" count={data?.kletsUnread ?? 0}>
      {children}
    </ShellCountProvider>
  );
}
