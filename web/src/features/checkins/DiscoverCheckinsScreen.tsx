import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Center, EmptyState, Spinner, Stack, Text } from '@chakra-ui/react';
import { LuMapPin } from 'react-icons/lu';
import { useDiscoverCheckinsPostsQuery } from '../../gql/graphql';
import { errorMessage } from '../../lib/errors';
import { Screen } from '../../shell/Screen';
import { PostCard } from '../posts/PostCard';
import { appendPage } from './paging';

export const DISCOVER_PAGE_SIZE = 10;

/** The next page starts loading this far before the end of the list comes into view. */
const PRELOAD_MARGIN = '600px 0px';

/** /discover-checkins: posts with a place and coordinates, newest first, as post cards (spec 002). */
export default function DiscoverCheckinsScreen() {
  const { data, loading, error, refetch, fetchMore } = useDiscoverCheckinsPostsQuery({
    variables: { first: DISCOVER_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const busy = useRef(false);
  const sentinel = useRef<HTMLDivElement>(null);

  const posts = data?.discoverCheckins.nodes ?? [];
  const hasNextPage = data?.discoverCheckins.pageInfo.hasNextPage ?? false;
  const endCursor = data?.discoverCheckins.pageInfo.endCursor ?? null;

  const loadMore = useCallback(async () => {
    if (!hasNextPage || !endCursor || busy.current) return;
    busy.current = true;
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      await fetchMore({
        variables: { after: endCursor },
        updateQuery: (previous, { fetchMoreResult }) => ({
          ...previous,
          discoverCheckins: appendPage(previous.discoverCheckins, fetchMoreResult.discoverCheckins),
        }),
      });
    } catch {
      setMoreFailed(true);
    } finally {
      busy.current = false;
      setLoadingMore(false);
    }
  }, [fetchMore, hasNextPage, endCursor]);

  // Infinite scroll: a sentinel after the last card loads the next page as it nears the viewport. After a
  // failure it waits for the button, so a broken connection does not loop.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || moreFailed || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMore();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [loadMore, hasNextPage, moreFailed]);

  let content;
  if (loading && !data) {
    content = (
      <Center py="10" gap="3" role="status">
        <Spinner size="sm" color="green.solid" />
        <Text color="fg.muted">Loading check-ins...</Text>
      </Center>
    );
  } else if (error && !data) {
    content = (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Check-ins could not be loaded.</Alert.Title>
          <Alert.Description>{errorMessage(error)}</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" alignSelf="center" onClick={() => void refetch().catch(() => undefined)}>
          Retry
        </Button>
      </Alert.Root>
    );
  } else if (posts.length === 0) {
    content = (
      <EmptyState.Root borderWidth="1px" borderRadius="lg" data-testid="discover-checkins-empty">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuMapPin />
          </EmptyState.Indicator>
          <EmptyState.Title>No check-ins yet</EmptyState.Title>
          <EmptyState.Description>Be the first to share a location check-in!</EmptyState.Description>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  } else {
    content = (
      <Stack gap="4" maxW="2xl" mx="auto">
        <Stack role="feed" aria-label="Check-ins" aria-busy={loadingMore} gap="4" data-testid="discover-checkins-list">
          {posts.map((post) => (
            <PostCard key={post.id} post={post} />
          ))}
        </Stack>
        <Box ref={sentinel} h="1px" aria-hidden />
        {hasNextPage ? (
          <Stack align="center" gap="2">
            {moreFailed && (
              <Text role="alert" fontSize="sm" color="fg.error">
                More check-ins could not be loaded.
              </Text>
            )}
            <Button variant="outline" onClick={() => void loadMore()} loading={loadingMore} loadingText="Loading more check-ins...">
              Load more
            </Button>
          </Stack>
        ) : (
          <Text textAlign="center" fontSize="sm" color="fg.muted" py="2">
            You&apos;ve seen every check-in.
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <Screen title="Discover Check-ins" description="Places members have checked in at, to inspire your next outing.">
      {content}
    </Screen>
  );
}
