import { Card, Flex, Image, Stack, Text } from '@chakra-ui/react';
import { LuHeart } from 'react-icons/lu';
import { useDatingMatchesQuery } from './dating.generated';
import { relativeTime } from '../../lib/relativeTime';
import { EmptyNotice, LoadError, LoadingStatus, LoadMoreFooter } from '../../ui/LoadStates';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { SendMessageButton } from './SendMessageButton';

/** Matches: the aliases that liked yours back, newest first, each with Send Message. Only aliases are shown. */
export function MatchesList() {
  const { data, loading, error, refetch, fetchMore } = useDatingMatchesQuery({
    variables: { first: 20 },
    notifyOnNetworkStatusChange: true,
    fetchPolicy: 'cache-and-network',
  });
  const paging = usePagedConnection({ connection: data?.datingMatches, fetchMore });
  if (loading && !data) return <LoadingStatus testId="matches-loading">Loading your matches...</LoadingStatus>;
  if (error && !data) return <LoadError title="Could not load your matches" error={error} onRetry={() => refetch()} />;
  if (paging.nodes.length === 0)
    return (
      <EmptyNotice
        icon={<LuHeart />}
        title="No matches yet"
        description="When someone you like likes you back, they appear here."
        testId="matches-empty"
      />
    );
  return (
    <Stack gap="3">
      {paging.nodes.map((m) => (
        <Card.Root key={m.id} data-testid="dating-match" as="article" aria-label={`Match with ${m.alias.aliasName}`}>
          <Card.Body p="3">
            <Flex gap="3" align="center" wrap="wrap">
              {m.alias.photos[0] ? (
                <Image src={m.alias.photos[0]} alt="" w="12" h="12" borderRadius="full" objectFit="cover" />
              ) : (
                <Flex w="12" h="12" borderRadius="full" bg="bg.muted" align="center" justify="center" aria-hidden>
                  {m.alias.aliasName.slice(0, 1).toUpperCase()}
                </Flex>
              )}
              <Stack gap="0" flex="1" minW="0">
                <Text fontWeight="semibold">
                  {m.alias.aliasName}, {m.alias.age}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  Matched {relativeTime(m.createdAt)}
                </Text>
              </Stack>
              <SendMessageButton matchId={m.id} aliasName={m.alias.aliasName} />
            </Flex>
          </Card.Body>
        </Card.Root>
      ))}
      <div ref={paging.sentinelRef} />
      <LoadMoreFooter
        hasNextPage={paging.hasNextPage}
        paging={paging}
        failedText="Could not load more matches."
        loadingText="Loading your matches..."
      />
    </Stack>
  );
}
