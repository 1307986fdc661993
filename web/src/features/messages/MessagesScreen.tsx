import { useEffect } from 'react';
import { Avatar, Box, Flex, IconButton, Link, Text } from '@chakra-ui/react';
import { LuArrowLeft, LuMessageCircle } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import {
  useConversationQuery,
  useConversationReadSubscription,
  useConversationsQuery,
  useMarkConversationReadMutation,
  useMessagesQuery,
  useSendMessageMutation,
  type ConversationRow_ConversationFragment,
  type MessageBubble_MessageFragment,
} from './messages.generated';
import { errorCode } from '../../lib/errors';
import { relativeTime } from '../../lib/relativeTime';
import { ConversationRow } from '../../ui/ConversationRow';
import { ChatBubble, ChatComposer, ChatHistory, ConversationList, ListAndThread } from '../../ui/Chat';
import { LoadError, LoadingStatus } from '../../ui/LoadStates';
import { Screen } from '../../ui/Screen';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { ClosedChatNotice, DatingChatActions } from './DatingChatActions';
import { linkify } from './linkify';
import { addMessageToCache, MESSAGES_PAGE } from './messageCache';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || 'U';

function PeerAvatar({ peer, size = 'sm' }: { peer: ConversationRow_ConversationFragment['peer']; size?: 'sm' | 'md' }) {
  return (
    <Avatar.Root size={size} colorPalette="green" flexShrink={0}>
      <Avatar.Fallback aria-hidden>{initialsOf(peer.name)}</Avatar.Fallback>
      {peer.photoUrl && <Avatar.Image src={peer.photoUrl} alt="" />}
    </Avatar.Root>
  );
}

/**
 * Messages (spec 001 section 2.8, with stored conversations): the conversation list (latest first, the last line,
 * unread counts) and the open thread (`?conversation=<id>`). On phones the list and the thread are separate views.
 */
export default function MessagesScreen() {
  return (
    <Screen title="Messages" description="Your private conversations with other members.">
      <ListAndThread
        param="conversation"
        h={{ base: 'calc(100dvh - 240px)', md: 'calc(100dvh - 220px)' }}
        list={(selectedId, onSelect) => <Conversations selectedId={selectedId} onSelect={onSelect} />}
        thread={(id, onBack) => <Thread key={id} conversationId={id} onBack={onBack} />}
      />
    </Screen>
  );
}

function Conversations({ selectedId, onSelect }: { selectedId: string | null; onSelect: (id: string) => void }) {
  const { data, loading, error, refetch, fetchMore } = useConversationsQuery({
    variables: { first: 20 },
    fetchPolicy: 'cache-and-network',
  });
  const connection = data?.conversations;
  const paging = usePagedConnection({ connection, fetchMore });
  return (
    <ConversationList
      query={{ hasData: !!connection, loading, error, refetch }}
      paging={paging}
      errorTitle="Could not load your conversations"
      empty={{
        icon: <LuMessageCircle />,
        description: "Start one with the Message button on a member's profile or in your friends list.",
        testId: 'conversations-empty',
      }}
      label="Conversations"
      testId="conversation-list"
      row={(c) => (
        <MessageConversationRow conversation={c} selected={c.id === selectedId} onSelect={() => onSelect(c.id)} />
      )}
    />
  );
}

function MessageConversationRow({
  conversation: c,
  selected,
  onSelect,
}: {
  conversation: ConversationRow_ConversationFragment;
  selected: boolean;
  onSelect: () => void;
}) {
  const last = c.lastMessage;
  return (
    <ConversationRow
      avatar={<PeerAvatar peer={c.peer} />}
      name={c.peer.name}
      at={last?.createdAt ?? c.updatedAt}
      lastLine={last ? `${last.mine ? 'You: ' : ''}${last.body}` : 'No messages yet'}
      unreadCount={c.unreadCount}
      selected={selected}
      onSelect={onSelect}
      testId="conversation-row"
      unreadTestId="conversation-unread"
    />
  );
}

function Thread({ conversationId, onBack }: { conversationId: string; onBack?: () => void }) {
  const conversation = useConversationQuery({ variables: { id: conversationId } });
  const history = useMessagesQuery({
    variables: { conversationId, first: MESSAGES_PAGE },
    fetchPolicy: 'cache-and-network',
  });
  useConversationReadSubscription();
  const [markRead] = useMarkConversationReadMutation();
  const paging = usePagedConnection({
    connection: history.data?.messages,
    fetchMore: ({ variables }) => history.fetchMore({ variables: { before: variables.after } }),
  });
  const c = conversation.data?.conversation;

  // Reading the thread reads the conversation: at open, and whenever a message of the other side arrives.
  const newestFromPeer = paging.nodes.find((m) => !m.mine)?.id;
  useEffect(() => {
    if (newestFromPeer) void markRead({ variables: { conversationId } }).catch(() => undefined);
  }, [newestFromPeer, conversationId, markRead]);

  if (conversation.error)
    return (
      <LoadError
        title="Could not open this conversation"
        error={conversation.error}
        onRetry={() => conversation.refetch()}
      />
    );
  if (!c) return <LoadingStatus>Loading conversation...</LoadingStatus>;
  const lastOwn = paging.nodes.find((m) => m.mine);
  const seen = (m: MessageBubble_MessageFragment) =>
    m.readByPeer || (!!c.peerReadAt && Date.parse(c.peerReadAt) >= Date.parse(m.createdAt));
  return (
    <Flex direction="column" h="full" minH="0">
      <Flex align="center" gap="3" p="3" borderBottomWidth="1px">
        {onBack && (
          <IconButton aria-label="Back to conversations" variant="ghost" onClick={onBack}>
            <LuArrowLeft />
          </IconButton>
        )}
        <PeerAvatar peer={c.peer} size="md" />
        <Box minW="0">
          <Text as="h2" fontWeight="semibold" truncate data-testid="thread-peer">
            {c.peer.name}
          </Text>
          {c.me.name && c.peer.memberId === null && (
            <Text fontSize="xs" color="fg.muted">
              You appear as {c.me.name}
            </Text>
          )}
          {c.listing && (
            <Link asChild fontSize="xs" color="fg.muted" data-testid="thread-listing">
              <RouterLink to={`/marketplace?item=${encodeURIComponent(c.listing.id)}`}>
                About: {c.listing.name}
              </RouterLink>
            </Link>
          )}
        </Box>
        {c.datingMatch && (
          <DatingChatActions match={c.datingMatch} aliasName={c.peer.name} onChanged={() => conversation.refetch()} />
        )}
      </Flex>
      <ChatHistory
        paging={paging}
        history={history}
        testId="thread-messages"
        renderMessage={(m) => (
          <Flex key={m.id} direction="column" align={m.mine ? 'flex-end' : 'flex-start'}>
            <ChatBubble
              mine={m.mine}
              testId={m.mine ? 'bubble-own' : 'bubble-other'}
              report={m.mine ? undefined : { kind: 'directMessage', subjectId: m.id }}
            >
              {linkify(m.body)}
            </ChatBubble>
            <Text fontSize="xs" color="fg.muted">
              {relativeTime(m.createdAt)}
              {m.id === lastOwn?.id && (
                <Text as="span" data-testid="read-receipt">
                  {' · '}
                  {seen(m) ? 'Seen' : 'Sent'}
                </Text>
              )}
            </Text>
          </Flex>
        )}
      />
      {c.datingMatch?.endedAt ? (
        <ClosedChatNotice />
      ) : (
        <Composer
          conversationId={conversationId}
          onRefused={c.datingMatch ? () => conversation.refetch() : undefined}
        />
      )}
    </Flex>
  );
}

/**
 * `onRefused`: called when the server refuses the message (FORBIDDEN), e.g. the other side ended the dating match
 * meanwhile.
 */
function Composer({ conversationId, onRefused }: { conversationId: string; onRefused?: () => unknown }) {
  const [send, { loading }] = useSendMessageMutation();
  return (
    <ChatComposer
      loading={loading}
      send={async (body) => {
        try {
          return await send({
            variables: { conversationId, body, idempotencyKey: crypto.randomUUID() },
            update: (cache, { data }) => {
              if (data) addMessageToCache(cache, data.sendMessage);
            },
          });
        } catch (err) {
          if (onRefused && errorCode(err) === 'FORBIDDEN') void onRefused();
          throw err;
        }
      }}
    />
  );
}
