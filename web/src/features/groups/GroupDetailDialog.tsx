import { useEffect, useState } from 'react';
import { Badge, Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import {
  GroupMessagesDocument,
  KletsUnreadDocument,
  useApproveGroupJoinRequestMutation,
  useDeclineGroupJoinRequestMutation,
  useGroupDetailQuery,
  useGroupJoinRequestsQuery,
  useGroupMembersQuery,
  useGroupMessageAddedSubscription,
  useGroupMessagesQuery,
  useMarkGroupReadMutation,
  useRemoveGroupMemberMutation,
  useSendGroupMessageMutation,
  type GroupChatMessageFragment,
  type GroupMessagesQuery,
} from './groups.generated';
import type { ApolloCache } from '@apollo/client';
import { errorMessage } from '../../lib/errors';
import { relativeTime } from '../../lib/relativeTime';
import { withNode } from '../../ui/connection';
import { ChatBubble, ChatComposer, ChatHistory } from '../../ui/Chat';
import { DialogFrame } from '../../ui/DialogFrame';
import { InlineLoadError, LoadError, LoadingStatus, LoadMoreFooter } from '../../ui/LoadStates';
import { toaster } from '../../ui/toaster';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { UserAvatar } from '../../ui/UserAvatar';
import { GroupActions, GroupImage, GroupReport } from './GroupCard';
import { isMember, membersText } from './groupText';

const CHAT_PAGE = 30;

/** Puts a message (sent here or arriving live) at the newest end of the group's chat, if it is held, once. */
function addToChat(cache: ApolloCache, message: GroupChatMessageFragment) {
  cache.updateQuery<GroupMessagesQuery>(
    { query: GroupMessagesDocument, variables: { groupId: message.groupId, first: CHAT_PAGE } },
    (data) => {
      const groupMessages = withNode(data?.groupMessages, message, 'start');
      return groupMessages && data ? { ...data, groupMessages } : undefined;
    },
  );
}

/** The group's chat: stored messages (older ones on scroll up), new ones live, and the composer. Members only. */
function Chat({ groupId }: { groupId: string }) {
  const history = useGroupMessagesQuery({ variables: { groupId, first: CHAT_PAGE }, fetchPolicy: 'cache-and-network' });
  useGroupMessageAddedSubscription({
    variables: { groupId },
    onData: ({ client, data }) => {
      if (data.data) addToChat(client.cache, data.data.groupMessageAdded);
    },
  });
  const paging = usePagedConnection({ connection: history.data?.groupMessages, fetchMore: history.fetchMore });
  const [send, { loading }] = useSendGroupMessageMutation();
  // Reading the chat reads the group (the Klets badge): at open, and whenever someone else's message arrives.
  const [markRead] = useMarkGroupReadMutation({
    update: (cache, { data }) => {
      if (data) cache.writeQuery({ query: KletsUnreadDocument, data: { kletsUnread: data.markGroupRead } });
    },
  });
  const newestFromOthers = paging.nodes.find((m) => !m.mine)?.id;
  const loaded = !!history.data;
  useEffect(() => {
    if (loaded) void markRead({ variables: { groupId } }).catch(() => undefined);
  }, [loaded, newestFromOthers, groupId, markRead]);
  return (
    <Flex direction="column" borderWidth="1px" borderRadius="lg" h={{ base: '55dvh', md: '80' }} minH="0">
      <ChatHistory
        paging={paging}
        history={history}
        label="Group chat"
        testId="group-chat"
        renderMessage={(m) => (
          <Flex key={m.id} gap="2" direction={m.mine ? 'row-reverse' : 'row'} align="flex-end">
            {!m.mine && m.sender && <UserAvatar user={m.sender} size="xs" />}
            <Stack gap="0" align={m.mine ? 'flex-end' : 'flex-start'} maxW="80%">
              {!m.mine && (
                <Text fontSize="xs" color="fg.muted">
                  {m.sender?.displayName ?? 'Member'}
                </Text>
              )}
              <ChatBubble
                mine={m.mine}
                testId={m.mine ? 'chat-own' : 'chat-other'}
                report={m.mine ? undefined : { kind: 'groupMessage', subjectId: m.id }}
              >
                {m.body}
              </ChatBubble>
              <Text fontSize="xs" color="fg.muted">
                {relativeTime(m.createdAt)}
              </Text>
            </Stack>
          </Flex>
        )}
      />
      <ChatComposer
        loading={loading}
        send={(body) =>
          send({
            variables: { groupId, body },
            update: (cache, { data }) => {
              if (data) addToChat(cache, data.sendGroupMessage);
            },
          })
        }
      />
    </Flex>
  );
}

/** Pending join requests, for the group's admins: Approve or Decline each. */
function Requests({ groupId }: { groupId: string }) {
  const requests = useGroupJoinRequestsQuery({ variables: { groupId, first: 50 }, fetchPolicy: 'cache-and-network' });
  const refetchQueries = ['GroupJoinRequests', 'GroupMembers', 'GroupDetail'];
  const [approve] = useApproveGroupJoinRequestMutation({ refetchQueries });
  const [decline] = useDeclineGroupJoinRequestMutation({ refetchQueries });
  const [busy, setBusy] = useState<string | null>(null);
  const nodes = requests.data?.groupJoinRequests.nodes ?? [];
  const decide = async (id: string, name: string, yes: boolean) => {
    setBusy(id);
    try {
      await (yes ? approve : decline)({ variables: { requestId: id } });
      toaster.success({
        title: yes ? 'Request Approved' : 'Request Declined',
        description: yes ? `${name} is now a member.` : `${name} was not added.`,
      });
    } catch (err) {
      toaster.error({ title: 'Error', description: errorMessage(err) });
    } finally {
      setBusy(null);
    }
  };
  if (requests.error && !requests.data)
    return (
      <InlineLoadError retryLabel="Retry loading requests" onRetry={() => requests.refetch()}>
        Could not load join requests.
      </InlineLoadError>
    );
  return (
    <Stack gap="2" as="section" aria-labelledby="requests-heading" data-testid="join-requests">
      <Heading as="h3" size="sm" id="requests-heading">
        Join Requests {nodes.length > 0 && <Badge colorPalette="orange">{nodes.length}</Badge>}
      </Heading>
      {!nodes.length && (
        <Text fontSize="sm" color="fg.muted">
          {requests.loading ? 'Loading...' : 'No pending requests.'}
        </Text>
      )}
      {nodes.map((r) => (
        <HStack key={r.id} gap="3" justify="space-between" flexWrap="wrap">
          <HStack gap="2" minW="0">
            <UserAvatar user={r.member} size="sm" />
            <Text truncate>{r.member.displayName}</Text>
          </HStack>
          <HStack gap="2">
            <Button
              size="sm"
              colorPalette="green"
              minH="44px"
              loading={busy === r.id}
              onClick={() => void decide(r.id, r.member.displayName, true)}
            >
              Approve
            </Button>
            <Button
              size="sm"
              variant="outline"
              minH="44px"
              disabled={busy === r.id}
              onClick={() => void decide(r.id, r.member.displayName, false)}
            >
              Decline
            </Button>
          </HStack>
        </HStack>
      ))}
    </Stack>
  );
}

/** The members, with the Admin badge; admins may remove members (asked first). */
function Members({ groupId, viewerIsAdmin }: { groupId: string; viewerIsAdmin: boolean }) {
  const members = useGroupMembersQuery({ variables: { groupId, first: 50 }, fetchPolicy: 'cache-and-network' });
  const paging = usePagedConnection({
    connection: members.data?.groupMembers,
    fetchMore: members.fetchMore,
    auto: false,
  });
  const [remove] = useRemoveGroupMemberMutation({ refetchQueries: ['GroupMembers'] });
  const [confirming, setConfirming] = useState<string | null>(null);
  const doRemove = async (memberId: string, name: string) => {
    try {
      await remove({ variables: { groupId, memberId } });
      toaster.success({ title: 'Member Removed', description: `${name} was removed from the group.` });
    } catch (err) {
      toaster.error({ title: 'Error', description: errorMessage(err) });
    } finally {
      setConfirming(null);
    }
  };
  if (members.error && !members.data)
    return (
      <InlineLoadError retryLabel="Retry loading members" onRetry={() => members.refetch()}>
        Could not load members.
      </InlineLoadError>
    );
  return (
    <Stack gap="2" as="section" aria-labelledby="members-heading" data-testid="group-members">
      <Heading as="h3" size="sm" id="members-heading">
        Members
      </Heading>
      {!members.data && members.loading && <LoadingStatus>Loading members...</LoadingStatus>}
      {paging.nodes.map((m) => (
        <HStack key={m.id} gap="3" justify="space-between">
          <HStack gap="2" minW="0">
            <UserAvatar user={m.member} size="sm" />
            <Text truncate>{m.member.displayName}</Text>
            {m.role === 'admin' && (
              <Badge colorPalette="green" variant="solid">
                Admin
              </Badge>
            )}
          </HStack>
          {viewerIsAdmin &&
            m.role !== 'admin' &&
            (confirming === m.memberId ? (
              <HStack gap="1">
                <Button
                  size="xs"
                  colorPalette="red"
                  minH="44px"
                  onClick={() => void doRemove(m.memberId, m.member.displayName)}
                >
                  Remove {m.member.displayName}?
                </Button>
                <Button size="xs" variant="ghost" minH="44px" onClick={() => setConfirming(null)}>
                  Cancel
                </Button>
              </HStack>
            ) : (
              <Button
                size="xs"
                variant="outline"
                minH="44px"
                aria-label={`Remove ${m.member.displayName}`}
                onClick={() => setConfirming(m.memberId)}
              >
                Remove
              </Button>
            ))}
        </HStack>
      ))}
      <LoadMoreFooter
        hasNextPage={paging.hasNextPage}
        paging={paging}
        failedText="More members could not be loaded."
        loadingText="Loading more members..."
      />
    </Stack>
  );
}

/** The group detail dialog (Klets): the group, its actions, and for members its live chat and members. */
export function GroupDetailDialog({ groupId, onClose }: { groupId: string; onClose: () => void }) {
  const detail = useGroupDetailQuery({ variables: { id: groupId }, fetchPolicy: 'cache-and-network' });
  const group = detail.data?.group;
  return (
    <DialogFrame title={group?.name ?? 'Group'} onClose={onClose} testId="group-detail">
      {detail.error && !detail.data ? (
        <LoadError title="Could not open this group" error={detail.error} onRetry={() => detail.refetch()} />
      ) : !detail.data ? (
        <LoadingStatus>Loading group...</LoadingStatus>
      ) : !group ? (
        <Text color="fg.muted">This group no longer exists.</Text>
      ) : (
        <Stack gap="4">
          <Box borderRadius="lg" overflow="hidden">
            <GroupImage group={group} />
          </Box>
          <Stack gap="1">
            <HStack gap="2">
              <Text fontSize="sm" color="fg.muted">
                {group.type} · {membersText(group.memberCount)} · {group.locationName}
              </Text>
              {group.viewerStatus === 'admin' && (
                <Badge colorPalette="green" variant="solid">
                  Admin
                </Badge>
              )}
            </HStack>
            {group.description && <Text whiteSpace="pre-wrap">{group.description}</Text>}
          </Stack>
          <HStack justify="space-between" align="flex-end" gap="2" flexWrap="wrap">
            <GroupActions group={group} place="chat" />
            <GroupReport group={group} variant="text" />
          </HStack>
          {isMember(group) ? (
            <>
              <Chat groupId={group.id} />
              {group.viewerStatus === 'admin' && <Requests groupId={group.id} />}
              <Members groupId={group.id} viewerIsAdmin={group.viewerStatus === 'admin'} />
            </>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              {group.viewerStatus === 'requested'
                ? 'Your request is waiting for an admin of the group.'
                : 'Join the group to see its chat and members.'}
            </Text>
          )}
        </Stack>
      )}
    </DialogFrame>
  );
}
