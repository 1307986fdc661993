import type { ApolloCache } from '@apollo/client';
import { MessagesDocument, type MessageBubble_MessageFragment, type MessagesQuery } from './messages.generated';
import { withNode } from '../../ui/connection';

/** The page size of a thread's history. */
export const MESSAGES_PAGE = 30;

/** Puts a message (sent here or arriving live) at the newest end of its thread, if that thread is held, once. */
export function addMessageToCache(cache: ApolloCache, message: MessageBubble_MessageFragment): void {
  cache.updateQuery<MessagesQuery>(
    { query: MessagesDocument, variables: { conversationId: message.conversationId, first: MESSAGES_PAGE } },
    (data) => {
      const messages = withNode(data?.messages, message, 'start');
      return messages && data ? { ...data, messages } : undefined;
    },
  );
}
