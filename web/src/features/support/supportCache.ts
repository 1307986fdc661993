import type { ApolloCache } from '@apollo/client';
import { withNode } from '../../ui/connection';
import {
  SupportMessagesDocument,
  type SupportMessage_MessageFragment,
  type SupportMessagesQuery,
} from './support.generated';

/** The page size of the member's support chat. */
export const SUPPORT_PAGE = 30;

/** Puts a support message (sent here or arriving live) at the newest end of the member's chat, if held, once. */
export function addSupportMessageToCache(cache: ApolloCache, message: SupportMessage_MessageFragment): void {
  cache.updateQuery<SupportMessagesQuery>(
    { query: SupportMessagesDocument, variables: { first: SUPPORT_PAGE } },
    (data) => {
      const supportMessages = withNode(data?.supportMessages, message, 'start');
      return supportMessages && data ? { ...data, supportMessages } : undefined;
    },
  );
}
