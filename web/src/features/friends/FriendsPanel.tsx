import { useState, type ReactNode } from 'react';
import { Badge, Box, Button, CloseButton, Dialog, Flex, Heading, HStack, IconButton, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { LuUserPlus } from 'react-icons/lu';
import {
  useAcceptFriendRequestMutation,
  useDeclineFriendRequestMutation,
  useFriendRequestsQuery,
  useFriendSuggestionsQuery,
  useMyFriendsQuery,
  useSendFriendRequestMutation,
  type FriendsPanel_UserFragment,
} from '../../gql/graphql';
import { toaster } from '../../app/toaster';
import { errorMessage } from '../../lib/errors';
import { UserAvatar } from '../../shell/UserAvatar';

export function mutualFriendsText(count: number): string {
  return `${count} mutual friend${count === 1 ? '' : 's'}`;
}

function showError(error: unknown) {
  toaster.create({ type: 'error', title: 'Error', description: errorMessage(error) });
}

function Section({ id, title, subtitle, children }: { id: string; title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={id}>
      <Box mb="2">
        <Heading as="h3" id={id} size="sm">
          {title}
        </Heading>
        {subtitle && (
          <Text fontSize="xs" color="fg.muted">
            {subtitle}
          </Text>
        )}
      </Box>
      {children}
    </Box>
  );
}

function SectionState({
  loading,
  error,
  empty,
  label,
  emptyText,
  onRetry,
}: {
  loading: boolean;
  error: unknown;
  empty: boolean;
  label: string;
  emptyText: string;
  onRetry: () => void;
}): ReactNode {
  if (loading) {
    return (
      <Flex py="3" justify="center">
        <Spinner size="sm" color="green.solid" role="status" aria-label={`Loading ${label}`} />
      </Flex>
    );
  }
  if (error) {
    return (
      <HStack py="2" justify="space-between">
        <Text fontSize="sm" color="fg.error">
          Couldn't load {label}.
        </Text>
        <Button size="xs" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </HStack>
    );
  }
  if (empty) {
    return (
      <Text fontSize="sm" color="fg.muted" py="2">
        {emptyText}
      </Text>
    );
  }
  return null;
}

function Person({ user, detail, children }: { user: FriendsPanel_UserFragment; detail?: string; children?: ReactNode }) {
  return (
    <HStack as="li" gap="3" py="2" aria-label={user.displayName}>
      <UserAvatar user={user} size="sm" />
      <Box flex="1" minW="0">
        <Text fontWeight="medium" fontSize="sm" truncate>
          {user.displayName}
        </Text>
        {detail && (
          <Text fontSize="xs" color="fg.muted" truncate>
            {detail}
          </Text>
        )}
      </Box>
      {children}
    </HStack>
  );
}

const AFTER_REQUEST_CHANGE = ['FriendRequests', 'PendingFriendRequestCount', 'MyFriends'];

function FriendRequestsSection() {
  const { data, loading, error, refetch } = useFriendRequestsQuery({ fetchPolicy: 'cache-and-network' });
  const [accept] = useAcceptFriendRequestMutation({ refetchQueries: AFTER_REQUEST_CHANGE });
  const [decline] = useDeclineFriendRequestMutation({ refetchQueries: AFTER_REQUEST_CHANGE });
  const [busy, setBusy] = useState<string | null>(null);
  const requests = data?.friendRequests ?? [];

  const run = async (userId: string, action: (options: { variables: { userId: string } }) => Promise<unknown>) => {
    setBusy(userId);
    try {
      await action({ variables: { userId } });
    } catch (e) {
      showError(e);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Section id="friend-requests-heading" title="Friend requests">
      <SectionState
        loading={loading && !data}
        error={!data && error}
        empty={requests.length === 0}
        label="friend requests"
        emptyText="No pending friend requests."
        onRetry={() => void refetch().catch(() => undefined)}
      />
      {requests.length > 0 && (
        <Stack as="ul" gap="0" listStyleType="none" m="0" p="0">
          {requests.map((request) => (
            <Person key={request.id} user={request.from} detail="Wants to be your friend">
              <HStack gap="1">
                <Button
                  size="xs"
                  colorPalette="green"
                  loading={busy === request.from.id}
                  disabled={busy !== null}
                  onClick={() => void run(request.from.id, accept)}
                >
                  Accept
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  disabled={busy !== null}
                  onClick={() => void run(request.from.id, decline)}
                >
                  Decline
                </Button>
              </HStack>
            </Person>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function MyFriendsSection({ onView }: { onView: () => void }) {
  const { data, loading, error, refetch } = useMyFriendsQuery({ fetchPolicy: 'cache-and-network' });
  const friends = data?.friends ?? [];
  return (
    <Section id="my-friends-heading" title={data ? `My Friends (${friends.length})` : 'My Friends'}>
      <SectionState
        loading={loading && !data}
        error={!data && error}
        empty={friends.length === 0}
        label="friends"
        emptyText="No friends yet. Add someone below to get started."
        onRetry={() => void refetch().catch(() => undefined)}
      />
      {friends.length > 0 && (
        <Stack as="ul" gap="0" listStyleType="none" m="0" p="0">
          {friends.map((friend) => (
            <Person key={friend.user.id} user={friend.user} detail={mutualFriendsText(friend.mutualFriendCount)}>
              <Button size="xs" variant="outline" onClick={onView}>
                View
              </Button>
            </Person>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function DiscoverSection() {
  const { data, loading, error, refetch } = useFriendSuggestionsQuery({ fetchPolicy: 'cache-and-network' });
  const [send] = useSendFriendRequestMutation();
  // Spec 000 section 4: a suggestion goes from not requested to Pending, for this session.
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  const suggestions = data?.friendSuggestions ?? [];

  const add = async (user: FriendsPanel_UserFragment) => {
    setBusy((s) => new Set(s).add(user.id));
    try {
      await send({ variables: { userId: user.id } });
      setPending((s) => new Set(s).add(user.id));
      toaster.create({ type: 'success', title: 'Friend Request Sent', description: `Friend request sent to ${user.displayName}` });
    } catch (e) {
      showError(e);
    } finally {
      setBusy((s) => {
        const next = new Set(s);
        next.delete(user.id);
        return next;
      });
    }
  };

  return (
    <Section id="discover-friends-heading" title="Discover New Friends" subtitle="Friends of your friends">
      <SectionState
        loading={loading && !data}
        error={!data && error}
        empty={suggestions.length === 0}
        label="suggestions"
        emptyText="No suggestions right now. As your friends make friends, they'll show up here."
        onRetry={() => void refetch().catch(() => undefined)}
      />
      {suggestions.length > 0 && (
        <Stack as="ul" gap="0" listStyleType="none" m="0" p="0">
          {suggestions.map(({ user, via }) => {
            const isPending = pending.has(user.id) || user.friendStatus === 'requestSent';
            return (
              <Person key={user.id} user={user} detail={`Friend of ${via.displayName}`}>
                {isPending ? (
                  <Badge colorPalette="gray" variant="subtle">
                    Pending
                  </Badge>
                ) : user.friendStatus === 'friends' ? (
                  <Badge colorPalette="green" variant="subtle">
                    Friends
                  </Badge>
                ) : (
                  <IconButton
                    size="xs"
                    variant="outline"
                    colorPalette="green"
                    aria-label={`Add ${user.displayName}`}
                    loading={busy.has(user.id)}
                    onClick={() => void add(user)}
                  >
                    <LuUserPlus />
                  </IconButton>
                )}
              </Person>
            );
          })}
        </Stack>
      )}
    </Section>
  );
}

export interface FriendsPanelProps {
  open: boolean;
  onClose: () => void;
}

/** Friend requests, friends and suggestions, in a panel fixed at the top right; Escape or the close button close it. */
export function FriendsPanel({ open, onClose }: FriendsPanelProps) {
  const navigate = useNavigate();
  const view = () => {
    onClose();
    navigate('/profile');
  };
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Positioner
          justifyContent="flex-end"
          alignItems="flex-start"
          px={{ base: '2', md: '4' }}
          pt={{ base: '3.75rem', md: '4.25rem' }}
        >
          <Dialog.Content
            data-testid="friends-panel"
            w="full"
            maxW="24rem"
            maxH={{ base: 'calc(100dvh - 4.5rem)', md: 'calc(100dvh - 5.5rem)' }}
            m="0"
            borderWidth="1px"
            boxShadow="xl"
          >
            <Dialog.Header px="4" pt="4" pb="3" borderBottomWidth="1px">
              <Dialog.Title fontSize="lg">Friends</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body px="4" py="3" overflowY="auto">
              <Stack gap="5">
                <FriendRequestsSection />
                <MyFriendsSection onView={view} />
                <DiscoverSection />
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild top="3" insetEnd="3">
              <CloseButton size="sm" aria-label="Close friends panel" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
