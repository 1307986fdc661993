import type { ReactNode } from 'react';
import { Badge, Box, Button, Flex, HStack, IconButton, Spinner, Stack, Text } from '@chakra-ui/react';
import { LuUserPlus } from 'react-icons/lu';
import {
  useFriendRequestsQuery,
  useFriendSuggestionsQuery,
  type FriendRequestsQuery,
  type FriendSuggestionsQuery,
  type FriendsPanel_UserFragment,
} from './friends.generated';
import { UserAvatar } from '../../ui/UserAvatar';
import { useAddFriend, useAnswerFriendRequest } from './friendActions';

// The lists the friends panel and the home feed's right column share: same rows, same buttons, same calls.

type FriendRequestItem = FriendRequestsQuery['friendRequests'][number];
type FriendSuggestionItem = FriendSuggestionsQuery['friendSuggestions'][number];

export function mutualFriendsText(count: number): string {
  return `${count} mutual friend${count === 1 ? '' : 's'}`;
}

/** Loading (spinner), failed (a line and Try again) or empty (a line); nothing once there is data to show. */
export function SectionState({
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
  emptyText: ReactNode;
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
      <HStack py="2" justify="space-between" role="alert">
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

/**
 * One member as a list item: avatar, name, a muted detail line and the row's actions (at the end of the row, or
 * under the name with `actionsBelow`, for narrow columns).
 */
export function Person({
  user,
  detail,
  actionsBelow = false,
  children,
}: {
  user: FriendsPanel_UserFragment;
  detail?: string;
  actionsBelow?: boolean;
  children?: ReactNode;
}) {
  return (
    <HStack as="li" gap="3" py="2" align={actionsBelow ? 'flex-start' : 'center'} aria-label={user.displayName}>
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
        {actionsBelow && children && <Box mt="2">{children}</Box>}
      </Box>
      {!actionsBelow && children}
    </HStack>
  );
}

function PeopleList({ children }: { children: ReactNode }) {
  return (
    <Stack as="ul" gap="0" listStyleType="none" m="0" p="0">
      {children}
    </Stack>
  );
}

/** Incoming friend requests with Accept and Decline (under the name with `actionsBelow`). */
function FriendRequestList({
  requests,
  actionsBelow = false,
}: {
  requests: readonly FriendRequestItem[];
  actionsBelow?: boolean;
}) {
  const { busy, accept, decline } = useAnswerFriendRequest();
  if (requests.length === 0) return null;
  return (
    <PeopleList>
      {requests.map((request) => (
        <Person key={request.id} user={request.from} detail="Wants to be your friend" actionsBelow={actionsBelow}>
          <HStack gap="1">
            <Button
              size="xs"
              colorPalette="green"
              loading={busy === request.from.id}
              disabled={busy !== null}
              onClick={() => void accept(request.from.id)}
            >
              Accept
            </Button>
            <Button size="xs" variant="outline" disabled={busy !== null} onClick={() => void decline(request.from.id)}>
              Decline
            </Button>
          </HStack>
        </Person>
      ))}
    </PeopleList>
  );
}

/** Friends of friends ('Friend of {name}'), then other members; an add button that becomes a 'Pending' badge. */
function FriendSuggestionList({ suggestions }: { suggestions: readonly FriendSuggestionItem[] }) {
  const { add, busy } = useAddFriend();
  if (suggestions.length === 0) return null;
  return (
    <PeopleList>
      {suggestions.map(({ user, via }) => (
        <Person key={user.id} user={user} detail={via ? `Friend of ${via.displayName}` : 'Suggested for you'}>
          {user.friendStatus === 'requestSent' ? (
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
      ))}
    </PeopleList>
  );
}

const retry = (refetch: () => Promise<unknown>) => () => void refetch().catch(() => undefined);

/**
 * Friend requests sent to the viewer with their loading, empty and error states, from the query every friends
 * list shares (so answering in one place updates the others). `limit` caps the rows shown.
 */
export function FriendRequestsContent({ limit, actionsBelow = false }: { limit?: number; actionsBelow?: boolean }) {
  const { data, loading, error, refetch } = useFriendRequestsQuery({ fetchPolicy: 'cache-and-network' });
  const requests = data?.friendRequests ?? [];
  return (
    <>
      <SectionState
        loading={loading && !data}
        error={!data && error}
        empty={requests.length === 0}
        label="friend requests"
        emptyText="No pending friend requests."
        onRetry={retry(refetch)}
      />
      <FriendRequestList requests={limit ? requests.slice(0, limit) : requests} actionsBelow={actionsBelow} />
    </>
  );
}

/** Friends of the viewer's friends with their states, from the shared query. `limit` caps the rows shown. */
export function FriendSuggestionsContent({ limit }: { limit?: number }) {
  const { data, loading, error, refetch } = useFriendSuggestionsQuery({ fetchPolicy: 'cache-and-network' });
  const suggestions = data?.friendSuggestions ?? [];
  return (
    <>
      <SectionState
        loading={loading && !data}
        error={!data && error}
        empty={suggestions.length === 0}
        label="suggestions"
        emptyText="No suggestions right now. As your friends make friends, they'll show up here."
        onRetry={retry(refetch)}
      />
      <FriendSuggestionList suggestions={limit ? suggestions.slice(0, limit) : suggestions} />
    </>
  );
}
