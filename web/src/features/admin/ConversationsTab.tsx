import { useEffect } from 'react';
import { Box, Flex, IconButton, Link, Text } from '@chakra-ui/react';
import { LuArrowLeft, LuLifeBuoy } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import type { ApolloCache } from '@apollo/client';
import { relativeTime } from '../../lib/relativeTime';
import { ChatBubble, ChatComposer, ChatHistory, ConversationList, ListAndThread } from '../../ui/Chat';
import { withNode } from '../../ui/connection';
import { ConversationRow } from '../../ui/ConversationRow';
import { LoadError } from '../../ui/LoadStates';
import { UserAvatar } from '../../ui/UserAvatar';
import { usePagedConnection } from '../../ui/usePagedConnection';
import {
  SupportThreadMessagesDocument,
  SupportThreadsDocument,
  SupportUnreadCountDocument,
  useMarkSupportThreadReadMutation,
  useReplySupportMutation,
  useSupportInboxMessageAddedSubscription,
  useSupportThreadMessagesQuery,
  useSupportThreadsQuery,
  useSupportUnreadCountChangedSubscription,
  useSupportUnreadCountQuery,
  type AdminSupportMessage_MessageFragment,
  type SupportThreadMessagesQuery,
  type SupportThreadRow_ThreadFragment,
} from './conversations.generated';

/** The page size of a support thread's history. */
const THREAD_PAGE = 30;

/** Puts a support message (answered here or arriving live) at the newest end of its thread, if held, once. */
function addToThread(cache: ApolloCache, message: AdminSupportMessage_MessageFragment): void {
  cache.updateQuery<SupportThreadMessagesQuery>(
    { query: SupportThreadMessagesDocument, variables: { threadId: message.threadId, first: THREAD_PAGE } },
    (data) => {
      const supportThreadMessages = withNode(data?.supportThreadMessages, message, 'start');
      return supportThreadMessages && data ? { ...data, supportThreadMessages } : undefined;
    },
  );
}

/**
 * The admins' live count of support conversations waiting for an answer (the User Conversations tab's badge):
 * read once, then kept by the subscription, which also brings every new support message into the open inbox.
 */
export function useSupportInbox(): number {
  const { data } = useSupportUnreadCountQuery();
  useSupportUnreadCountChangedSubscription({
    onData: ({ client, data: result }) => {
      const count = result.data?.supportUnreadCountChanged;
      if (typeof count === 'number')
        client.cache.writeQuery({ query: SupportUnreadCountDocument, data: { supportUnreadCount: count } });
    },
  });
  useSupportInboxMessageAddedSubscription({
    onData: ({ client, data: result }) => {
      const message = result.data?.supportInboxMessageAdded;
      if (!message) return;
      addToThread(client.cache, message);
      // The list's order, last line and unread badges move with every message: read it again if it is shown.
      void client.refetchQueries({ include: [SupportThreadsDocument] });
    },
  });
  return data?.supportUnreadCount ?? 0;
}

/**
 * User Conversations: members' support conversations with the admin team (never their private messages), the
 * latest first, and the open one (`?thread=<id>`) where an admin answers. On phones the list, then the thread.
 */
export function ConversationsTab() {
  return (
    <ListAndThread
      param="thread"
      h={{ base: 'calc(100dvh - 300px)', md: 'calc(100dvh - 370px)' }}
      testId="admin-conversations"
      list={(selectedId, onSelect) => <ThreadList selectedId={selectedId} onSelect={onSelect} />}
      thread={(id, onBack) => <Thread key={id} threadId={id} onBack={onBack} />}
    />
  );
}

function ThreadList({ selectedId, onSelect }: { selectedId: string | null; onSelect: (id: string) => void }) {
  const { data, loading, error, refetch, fetchMore } = useSupportThreadsQuery({
    variables: { first: 20 },
    fetchPolicy: 'cache-and-network',
  });
  const connection = data?.supportThreads;
  const paging = usePagedConnection({ connection, fetchMore });
  return (
    <ConversationList
      query={{ hasData: !!connection, loading, error, refetch }}
      paging={paging}
      errorTitle="Could not load the conversations"
      empty={{
        icon: <LuLifeBuoy />,
        description: 'When a member writes to support from Contact support, the conversation shows here.',
        testId: 'admin-conversations-empty',
      }}
      label="User conversations"
      testId="support-thread-list"
      row={(t) => <ThreadRow thread={t} selected={t.id === selectedId} onSelect={() => onSelect(t.id)} />}
    />
  );
}

const memberName = (t: SupportThreadRow_ThreadFragment) => t.member?.displayName ?? 'Former member';

function ThreadRow({
  thread: t,
  selected,
  onSelect,
}: {
  thread: SupportThreadRow_ThreadFragment;
  selected: boolean;
  onSelect: () => void;
}) {
  const last = t.lastMessage;
  return (
    <ConversationRow
      avatar={<UserAvatar user={t.member ?? { displayName: 'Former member', initials: '?', profileImageUrl: null }} />}
      name={memberName(t)}
      at={last?.createdAt ?? t.lastMessageAt}
      lastLine={last ? `${last.fromSupport ? 'Support: ' : ''}${last.body}` : ''}
      unreadCount={t.unreadCount}
      selected={selected}
      onSelect={onSelect}
      testId="support-thread-row"
      unreadTestId="support-thread-unread"
    />
  );
}

function Thread({ threadId, onBack }: { threadId: string; onBack?: () => void }) {
  const history = useSupportThreadMessagesQuery({
    variables: { threadId, first: THREAD_PAGE },
    fetchPolicy: 'cache-and-network',
  });
  const paging = usePagedConnection({ connection: history.data?.supportThreadMessages, fetchMore: history.fetchMore });
  const threads = useSupportThreadsQuery({ variables: { first: 20 }, fetchPolicy: 'cache-only' });
  const thread = threads.data?.supportThreads.nodes.find((t) => t.id === threadId);
  const [markRead] = useMarkSupportThreadReadMutation();
  const [reply, { loading }] = useReplySupportMutation();

  // Reading the thread reads it for the whole admin team: at open, and whenever the member writes again.
  const newestFromMember = paging.nodes.find((m) => !m.fromSupport)?.id;
  useEffect(() => {
    if (newestFromMember)
      void markRead({ variables: { threadId }, refetchQueries: [SupportThreadsDocument] }).catch(() => undefined);
  }, [newestFromMember, threadId, markRead]);

  if (!history.data && history.error)
    return (
      <LoadError title="Could not open this conversation" error={history.error} onRetry={() => history.refetch()} />
    );
  return (
    <Flex direction="column" h="full" minH="0">
      <Flex align="center" gap="3" p="3" borderBottomWidth="1px">
        {onBack && (
          <IconButton aria-label="Back to conversations" variant="ghost" onClick={onBack}>
            <LuArrowLeft />
          </IconButton>
        )}
        {thread?.member && <UserAvatar user={thread.member} size="md" />}
        <Box minW="0">
          <Text as="h2" fontWeight="semibold" truncate data-testid="support-thread-member">
            {thread ? memberName(thread) : 'Conversation'}
          </Text>
          {thread?.member && (
            <Link asChild fontSize="xs" color="fg.muted">
              <RouterLink to={`/profile/${encodeURIComponent(thread.member.id)}`}>View profile</RouterLink>
            </Link>
          )}
        </Box>
      </Flex>
      <ChatHistory
        paging={paging}
        history={history}
        label="Support conversation"
        testId="support-thread-messages"
        renderMessage={(m) => (
          <Flex key={m.id} direction="column" align={m.fromSupport ? 'flex-end' : 'flex-start'}>
            <Text fontSize="xs" color="fg.muted">
              {m.mine ? 'You' : m.authorName}
            </Text>
            <ChatBubble mine={m.fromSupport} testId={m.fromSupport ? 'bubble-own' : 'bubble-other'}>
              {m.body}
            </ChatBubble>
            <Text fontSize="xs" color="fg.muted">
              {relativeTime(m.createdAt)}
            </Text>
          </Flex>
        )}
      />
      <ChatComposer
        loading={loading}
        send={(body) =>
          reply({
            variables: { threadId, body, idempotencyKey: crypto.randomUUID() },
            update: (cache, { data }) => {
              if (data) addToThread(cache, data.replySupport);
            },
          })
        }
      />
    </Flex>
  );
}
