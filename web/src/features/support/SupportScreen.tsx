import { useEffect } from 'react';
import { Avatar, Box, Flex, Text } from '@chakra-ui/react';
import { LuLifeBuoy } from 'react-icons/lu';
import { relativeTime } from '../../lib/relativeTime';
import { ChatBubble, ChatComposer, ChatHistory } from '../../ui/Chat';
import { Screen } from '../../ui/Screen';
import { usePagedConnection } from '../../ui/usePagedConnection';
import {
  useMarkSupportReadMutation,
  useSendSupportMessageMutation,
  useSupportMessageAddedSubscription,
  useSupportMessagesQuery,
} from './support.generated';
import { addSupportMessageToCache, SUPPORT_PAGE } from './supportCache';

/**
 * Contact support: the member's one conversation with the admin team. Answers arrive live (and in the bell);
 * they show as "Saffa Support · <the answering admin's first name>". Opening it reads the answers.
 */
export default function SupportScreen() {
  const history = useSupportMessagesQuery({ variables: { first: SUPPORT_PAGE }, fetchPolicy: 'cache-and-network' });
  const paging = usePagedConnection({ connection: history.data?.supportMessages, fetchMore: history.fetchMore });
  const [markRead] = useMarkSupportReadMutation();
  const [send, { loading }] = useSendSupportMessageMutation();
  useSupportMessageAddedSubscription({
    onData: ({ client, data }) => {
      const message = data.data?.supportMessageAdded;
      if (message) addSupportMessageToCache(client.cache, message);
    },
  });

  // Reading the chat reads the answers: at open, and whenever a new answer arrives.
  const newestAnswer = paging.nodes.find((m) => m.fromSupport)?.id;
  useEffect(() => {
    if (newestAnswer) void markRead().catch(() => undefined);
  }, [newestAnswer, markRead]);

  return (
    <Screen
      title="Contact support"
      description={
        'Write to the Saffa admin team about anything: your account, a problem, an idea. ' +
        'You get a notification when we answer.'
      }
    >
      <Flex
        direction="column"
        h={{ base: 'calc(100dvh - 280px)', md: 'calc(100dvh - 260px)' }}
        minH="360px"
        borderWidth="1px"
        borderRadius="lg"
        data-testid="support-chat"
      >
        <Flex align="center" gap="3" p="3" borderBottomWidth="1px">
          <Avatar.Root size="md" colorPalette="green" flexShrink={0}>
            <Avatar.Fallback aria-hidden>
              <LuLifeBuoy />
            </Avatar.Fallback>
          </Avatar.Root>
          <Box minW="0">
            <Text as="h2" fontWeight="semibold">
              Saffa Support
            </Text>
            <Text fontSize="xs" color="fg.muted">
              Only you and the admin team see this conversation.
            </Text>
          </Box>
        </Flex>
        <ChatHistory
          paging={paging}
          history={history}
          label="Support messages"
          testId="support-messages"
          renderMessage={(m) => (
            <Flex key={m.id} direction="column" align={m.mine ? 'flex-end' : 'flex-start'}>
              {!m.mine && (
                <Text fontSize="xs" color="fg.muted" data-testid="support-author">
                  {m.authorName}
                </Text>
              )}
              <ChatBubble mine={m.mine} testId={m.mine ? 'bubble-own' : 'bubble-other'}>
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
            send({
              variables: { body, idempotencyKey: crypto.randomUUID() },
              update: (cache, { data }) => {
                if (data) addSupportMessageToCache(cache, data.sendSupportMessage);
              },
            })
          }
        />
      </Flex>
    </Screen>
  );
}
