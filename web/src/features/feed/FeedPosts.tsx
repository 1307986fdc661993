import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Center, EmptyState, Spinner, Stack, Text } from '@chakra-ui/react';
import { LuNewspaper } from 'react-icons/lu';
import { useHomeFeedQuery } from '../../gql/graphql';
import { errorMessage } from '../../lib/errors';
import { PostCard } from '../posts/PostCard';

export const FEED_PAGE_SIZE = 10;

/** Starts loading the next page this far before the end of the list comes into view. */
const PRELOAD_MARGIN = '600px 0px';

/**
 * The posts of the home feed, newest first. The next page loads when the end of the list nears the viewport
 * (an IntersectionObserver on a sentinel), or with the "Load more" button (keyboard users, old browsers).
 */
export function FeedPosts() {
  const { data, loading, error, refetch, fetchMore } = useHomeFeedQuery({ variables: { first: FEED_PAGE_SIZE } });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const busy = useRef(false);
  const sentinel = useRef<HTMLDivElement>(null);

  const posts = data?.feed.nodes ?? [];
  const hasNextPage = data?.feed.pageInfo.hasNextPage ?? false;
  const endCursor = data?.feed.pageInfo.endCursor ?? null;

  const loadMore = useCallback(async () => {
    if (!hasNextPage || !endCursor || busy.current) return;
    busy.current = true;
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      await fetchMore({ variables: { after: endCursor } });
    } catch {
      setMoreFailed(true);
    } finally {
      busy.current = false;
      setLoadingMore(false);
    }
  }, [fetchMore, hasNextPage, endCursor]);

  // A new observer per page: it reports at once whether the sentinel is still in view after the last page.
  // After a failure, loading waits for the button so a broken connection does not loop.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || moreFailed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMore();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [loadMore, hasNextPage, moreFailed]);

  if (loading && !data) {
    return (
      <Center py="10" gap="3" role="status" data-testid="feed-loading">
        <Spinner size="sm" color="green.solid" />
        <Text color="fg.muted">Loading posts...</Text>
      </Center>
    );
  }

  if (error && !data) {
    return (
      <Alert.Root status="error" role="alert" data-testid="feed-error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Posts could not be loaded.</Alert.Title>
          <Alert.Description>{errorMessage(error)}</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" alignSelf="center" onClick={() => void refetch().catch(() => undefined)}>
          Retry
        </Button>
      </Alert.Root>
    );
  }

  if (posts.length === 0) {
    return (
      <EmptyState.Root borderWidth="1px" borderRadius="lg" data-testid="feed-empty">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuNewspaper />
          </EmptyState.Indicator>
          <EmptyState.Description>No posts yet. Create the first one!</EmptyState.Description>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }

  return (
    <Stack gap="4">
      <Stack role="feed" aria-label="Posts" aria-busy={loadingMore} gap="4" data-testid="feed-list" data-tour="home-feed">
        {posts.map((post) => (
          <PostCard key={post.id} post={post} />
        ))}
      </Stack>
      <Box ref={sentinel} h="1px" aria-hidden data-testid="feed-sentinel" />
      {hasNextPage ? (
        <Stack align="center" gap="2">
          {moreFailed && (
            <Text role="alert" fontSize="sm" color="fg.error">
              More posts could not be loaded.
            </Text>
          )}
          <Button variant="outline" onClick={() => void loadMore()} loading={loadingMore} loadingText="Loading more posts...">
            Load more
          </Button>
        </Stack>
      ) : (
        <Text textAlign="center" fontSize="sm" color="fg.muted" py="2">
          You&apos;re all caught up.
        </Text>
      )}
    </Stack>
  );
}
