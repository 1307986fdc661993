import { useMemo, type ReactNode } from 'react';
import {
  ConversationsDocument,
  UnreadConversationsDocument,
  useMessageAddedSubscription,
  useUnreadConversationsChangedSubscription,
  useUnreadConversationsQuery,
} from './messages.generated';
import { ShellCountsContext, useShellCounts } from '../../ui/counts';
import { addMessageToCache } from './messageCache';

/**
 * Live messages for the signed-in layout: the unread conversation count (the Messages badge in the top bar and
 * bottom bar) and every new message of the member's conversations, put into the open thread and the
 * conversation list as it arrives.
 */
export function MessagesProvider({ children }: { children: ReactNode }) {
  const parentCounts = useShellCounts();
  const { data } = useUnreadConversationsQuery();

  useUnreadConversationsChangedSubscription({
    onData: ({ client, data: result }) => {
      const count = result.data?.unreadConversationsChanged;
      if (typeof count !== 'number') return;
      client.cache.writeQuery({ query: UnreadConversationsDocument, data: { unreadConversations: count } });
    },
  });

  useMessageAddedSubscription({
    onData: ({ client, data: result }) => {
      const message = result.data?.messageAdded;
      if (!message) return;
      addMessageToCache(client.cache, message);
      // The list's order, last line and unread counts move with every message: read it again if it is shown.
      void client.refetchQueries({ include: [ConversationsDocument] });
    },
  });

  const unreadMessages = data?.unreadConversations ?? 0;
  const counts = useMemo(() => ({ ...parentCounts, unreadMessages }), [parentCounts, unreadMessages]);
  return <ShellCountsContext.Provider value={counts}>{children}</ShellCountsContext.Provider>;
}
