import { Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { NavLink } from 'react-router';
import { useMyFriendsQuery } from '../friends/friends.generated';
import { profileHref } from '../../lib/links';
import { UserAvatar } from '../../ui/UserAvatar';
import { FriendRequestsContent, SectionState } from '../friends';

/** The Friends tab: pending requests with Accept and Decline (the friends feature's list), then accepted friends. */
export function FriendsTab() {
  const friends = useMyFriendsQuery({ fetchPolicy: 'cache-and-network' });
  const list = friends.data?.friends ?? [];
  return (
    <Stack gap="6">
      <Stack as="section" aria-labelledby="pending-friends" gap="2" data-testid="pending-friends">
        <Heading as="h3" size="md" id="pending-friends">
          Pending
        </Heading>
        <FriendRequestsContent />
      </Stack>
      <Stack as="section" aria-labelledby="accepted-friends" gap="2" data-testid="accepted-friends">
        <Heading as="h3" size="md" id="accepted-friends">
          Friends
        </Heading>
        <SectionState
          loading={friends.loading && !friends.data}
          error={!friends.data && friends.error}
          empty={list.length === 0}
          label="friends"
          emptyText="No friends yet. Add people from their profiles or the suggestions."
          onRetry={() => void friends.refetch().catch(() => undefined)}
        />
        <Stack as="ul" gap="0" listStyleType="none" m="0" p="0">
          {list.map(({ user, mutualFriendCount }) => (
            <HStack as="li" key={user.id} gap="3" py="2">
              <UserAvatar user={user} size="sm" />
              <Stack gap="0" minW="0">
                <ChakraLink asChild fontWeight="medium" fontSize="sm">
                  <NavLink to={profileHref(user.id)}>{user.displayName}</NavLink>
                </ChakraLink>
                <Text fontSize="xs" color="fg.muted">
                  {mutualFriendCount} mutual friend{mutualFriendCount === 1 ? '' : 's'}
                </Text>
              </Stack>
            </HStack>
          ))}
        </Stack>
      </Stack>
    </Stack>
  );
}
