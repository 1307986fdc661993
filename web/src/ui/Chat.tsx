import { useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Box, Button, Flex, HStack, Stack, Text, Textarea, type FlexProps } from '@chakra-ui/react';
import { LuSend } from 'react-icons/lu';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../lib/errors';
import { useIsMobile } from '../lib/useMediaQuery';
import { EmptyNotice, InlineLoadError, LoadError, LoadingStatus, LoadMoreFooter } from './LoadStates';
import { ReportButton } from './Report';
import type { ReportSubject } from './reportKinds';
import { toaster } from './toaster';
import { useChatMessageMaxLength } from './useAppConfig';
import type { PagedConnection } from './usePagedConnection';

/**
 * A chat's messages, oldest at the top: older pages load as the member scrolls up (or with the button after a
 * failure), the view stays at the newest message when one arrives, and the loading, error and empty states are
 * the same in every chat (direct messages, group chats).
 */
export function ChatHistory<T extends { id: string }>({
  paging,
  history,
  label,
  testId,
  renderMessage,
}: {
  /** The chat's connection, newest first (`usePagedConnection`). */
  paging: PagedConnection<T>;
  /** The query behind it: whether it has answered, is loading, failed, and how to ask again. */
  history: { data?: unknown; loading: boolean; error?: unknown; refetch: () => Promise<unknown> };
  label?: string;
  testId: string;
  renderMessage: (message: T) => ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const newestId = paging.nodes[0]?.id;
  // Stay at the newest message when one arrives (older pages loaded on scroll keep their place).
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newestId]);
  const ordered = [...paging.nodes].reverse();
  return (
    <Box
      ref={scroller}
      flex="1"
      overflowY="auto"
      px="3"
      py="2"
      data-testid={testId}
      aria-live="polite"
      aria-label={label}
    >
      <Box ref={paging.sentinelRef} />
      {paging.hasNextPage && (
        <Flex justify="center" py="2">
          <LoadMoreFooter
            hasNextPage
            paging={paging}
            failedText="Could not load older messages."
            loadingText="Loading..."
          />
        </Flex>
      )}
      {!history.data && history.loading && <LoadingStatus>Loading messages...</LoadingStatus>}
      {!history.data && !!history.error && (
        <InlineLoadError retryLabel="Retry loading messages" onRetry={() => history.refetch()}>
          Could not load messages.
        </InlineLoadError>
      )}
      {!!history.data && !ordered.length && (
        <Text textAlign="center" color="fg.muted" py="6">
          No messages yet. Say hello!
        </Text>
      )}
      <Stack gap="2">{ordered.map((m) => renderMessage(m))}</Stack>
    </Box>
  );
}

/**
 * One message's bubble: the member's own in green, the other side's on the muted background. `report` (only ever
 * on someone else's message) puts a Report button beside it, shown while the message is hovered or focused.
 */
export function ChatBubble({
  mine,
  testId,
  report,
  children,
}: {
  mine: boolean;
  testId: string;
  report?: ReportSubject;
  children: ReactNode;
}) {
  const bubble = (
    <Box
      maxW={report ? undefined : '80%'}
      minW="0"
      px="3"
      py="2"
      borderRadius="xl"
      bg={mine ? 'green.solid' : 'bg.muted'}
      color={mine ? 'green.contrast' : 'fg'}
      whiteSpace="pre-wrap"
      wordBreak="break-word"
      data-testid={testId}
    >
      {children}
    </Box>
  );
  if (!report) return bubble;
  return (
    <HStack maxW="80%" gap="0.5" className="group">
      {bubble}
      <ReportButton kind={report.kind} subjectId={report.subjectId} size="xs" reveal />
    </HStack>
  );
}

/**
 * The box a member writes in: Enter sends, Shift+Enter makes a new line, Send is disabled while the text is blank;
 * the text is kept when sending fails (with the "Message not sent" toast) and cleared when it is sent.
 */
export function ChatComposer({ send, loading }: { send: (body: string) => Promise<unknown>; loading: boolean }) {
  const [text, setText] = useState('');
  // The server's limit for direct and group messages (appConfig), so the box stops where the server would refuse.
  const maxLength = useChatMessageMaxLength();
  // Set at once (state would wait for the next render): two Enter presses in one frame send once.
  const sending = useRef(false);
  const blank = !text.trim();
  const submit = async () => {
    if (blank || loading || sending.current) return;
    sending.current = true;
    try {
      await send(text);
      setText('');
    } catch (err) {
      toaster.error({ title: 'Message not sent', description: errorMessage(err) });
    } finally {
      sending.current = false;
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };
  return (
    <Flex
      as="form"
      gap="2"
      p="2"
      borderTopWidth="1px"
      align="flex-end"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Textarea
        aria-label="Message"
        placeholder="Type a message..."
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        rows={1}
        autoresize
        maxH="40"
        maxLength={maxLength}
      />
      <Button type="submit" colorPalette="green" disabled={blank} loading={loading} minH="44px">
        <LuSend aria-hidden />
        Send
      </Button>
    </Flex>
  );
}

/**
 * A list of conversations beside the open one, whose id is the `param` of the address (a link or a reload opens
 * it again): on phones the list, then the thread alone with its way back. Messages and the admin panel's User
 * Conversations are laid out by it.
 */
export function ListAndThread({
  param,
  h,
  testId,
  list,
  thread,
}: {
  param: string;
  h: FlexProps['h'];
  testId?: string;
  list: (selectedId: string | null, onSelect: (id: string) => void) => ReactNode;
  /**
   * The open thread (keyed by its id, so another one starts afresh); `onBack` only on phones, where the list is hidden
   * behind it.
   */
  thread: (id: string, onBack: (() => void) | undefined) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const mobile = useIsMobile();
  const openId = params.get(param);
  const open = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set(param, id);
    else next.delete(param);
    setParams(next);
  };
  return (
    <Flex gap="4" align="stretch" h={h} minH="360px" data-testid={testId}>
      {(!mobile || !openId) && (
        <Box w={{ base: 'full', md: '320px' }} flexShrink={0} overflowY="auto" borderWidth="1px" borderRadius="lg">
          {list(openId, open)}
        </Box>
      )}
      {(!mobile || openId) && (
        <Flex flex="1" minW="0" direction="column" borderWidth="1px" borderRadius="lg">
          {openId ? (
            thread(openId, mobile ? () => open(null) : undefined)
          ) : (
            <Flex flex="1" align="center" justify="center" p="6">
              <Text color="fg.muted">Select a conversation to read and reply.</Text>
            </Flex>
          )}
        </Flex>
      )}
    </Flex>
  );
}

/**
 * The list side of a ListAndThread: its loading, error and empty states, then one row per conversation and the
 * footer that loads more (after the list, not in it: a <ul> holds only <li> items).
 */
export function ConversationList<T extends { id: string }>({
  query,
  paging,
  errorTitle,
  empty,
  label,
  testId,
  row,
}: {
  query: { hasData: boolean; loading: boolean; error?: unknown; refetch: () => Promise<unknown> };
  paging: PagedConnection<T>;
  errorTitle: string;
  empty: { icon: ReactNode; description: ReactNode; testId: string };
  label: string;
  testId: string;
  row: (node: T) => ReactNode;
}) {
  if (!query.hasData && query.loading) return <LoadingStatus>Loading conversations...</LoadingStatus>;
  if (!query.hasData && query.error)
    return <LoadError title={errorTitle} error={query.error} onRetry={() => query.refetch()} />;
  if (!paging.nodes.length)
    return (
      <EmptyNotice
        framed={false}
        icon={empty.icon}
        title="No conversations yet"
        description={empty.description}
        testId={empty.testId}
      />
    );
  return (
    <Box>
      <Stack as="ul" gap="0" listStyleType="none" aria-label={label} data-testid={testId}>
        {paging.nodes.map((n) => (
          <li key={n.id}>{row(n)}</li>
        ))}
      </Stack>
      <Box ref={paging.sentinelRef} p="2">
        <LoadMoreFooter
          hasNextPage={paging.hasNextPage}
          paging={paging}
          failedText="Could not load more conversations."
          loadingText="Loading..."
        />
      </Box>
    </Box>
  );
}
