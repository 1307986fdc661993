import { useState } from 'react';
import { Box, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { LuUserX } from 'react-icons/lu';
import { useBlockedMembersQuery, useUnblockMemberMutation } from './settings.generated';
import { errorMessage } from '../../lib/errors';
import { EmptyNotice, LoadError, LoadingStatus, LoadMoreFooter } from '../../ui/LoadStates';
import { toaster } from '../../ui/toaster';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { UserAvatar } from '../../ui/UserAvatar';

/**
 * Settings' Blocked members: the members the viewer blocked, most recent first, each with avatar, name and Unblock.
 * Unblocking takes the member off the list at once; what blocking ended (friendship, follows) does not come back.
 */
export function BlockedMembers() {
  const blocked = useBlockedMembersQuery({ variables: { first: 20 }, fetchPolicy: 'cache-and-network' });
  const [unblock] = useUnblockMemberMutation();
  const [unblockingId, setUnblockingId] = useState<string | null>(null);
  const connection = blocked.data?.blockedMembers;
  const paging = usePagedConnection({ connection, fetchMore: blocked.fetchMore });

  const onUnblock = async (member: { id: string; displayName: string }) => {
    setUnblockingId(member.id);
    try {
      await unblock({
        variables: { userId: member.id },
        update: (cache) => {
          // Off the list now; every other list may show them again, so those are read afresh.
          cache.modify({
            fields: {
              blockedMembers: (existing, { readField }) => ({
                ...existing,
                nodes: (existing.nodes as ReadonlyArray<{ __ref: string }>).filter(
                  (n) => readField('id', n) !== member.id,
                ),
              }),
            },
          });
          for (const fieldName of [
            'feed',
            'postsBy',
            'reels',
            'reelsBy',
            'search',
            'nearbyUsers',
            'user',
            'friendSuggestions',
            'datingProfiles',
          ]) {
            cache.evict({ id: 'ROOT_QUERY', fieldName });
          }
          cache.gc();
        },
      });
      toaster.create({
        type: 'success',
        title: 'Member Unblocked',
        description: `${member.displayName} is no longer blocked.`,
      });
    } catch (e) {
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(e) });
    } finally {
      setUnblockingId(null);
    }
  };

  let body;
  if (!connection && blocked.loading) body = <LoadingStatus testId="blocked-loading">Loading...</LoadingStatus>;
  else if (!connection && blocked.error)
    body = (
      <LoadError
        title="Could not load blocked members"
        error={blocked.error}
        onRetry={blocked.refetch}
        testId="blocked-error"
      />
    );
  else if (paging.nodes.length === 0)
    body = <EmptyNotice icon={<LuUserX />} description="You have not blocked anyone." testId="blocked-empty" />;
  else
    body = (
      <>
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
          {paging.nodes.map((m) => (
            <HStack
              as="li"
              key={m.id}
              justify="space-between"
              borderWidth="1px"
              borderRadius="md"
              p="3"
              gap="3"
              data-testid="blocked-member"
            >
              <HStack gap="3" minW="0">
                <UserAvatar user={m} />
                <Text fontWeight="medium" truncate>
                  {m.displayName}
                </Text>
              </HStack>
              <Button
                variant="outline"
                size={{ base: 'md', md: 'sm' }}
                minH="11"
                flexShrink={0}
                loading={unblockingId === m.id}
                onClick={() => void onUnblock(m)}
                aria-label={`Unblock ${m.displayName}`}
              >
                Unblock
              </Button>
            </HStack>
          ))}
        </Stack>
        <Box ref={paging.sentinelRef} h="1px" aria-hidden />
        <LoadMoreFooter
          hasNextPage={paging.hasNextPage}
          paging={paging}
          failedText="Could not load more."
          loadingText="Loading more..."
        />
      </>
    );

  return (
    <Card.Root as="section" aria-labelledby="settings-blocked-heading" data-testid="blocked-members">
      <Card.Header>
        <Heading as="h2" size="md" id="settings-blocked-heading">
          Blocked members
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Blocked members cannot see your profile, posts, comments, reels, radar presence or dating alias, and cannot
          message, befriend or follow you.
        </Text>
      </Card.Header>
      <Card.Body>{body}</Card.Body>
    </Card.Root>
  );
}
