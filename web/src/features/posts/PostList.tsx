import type { ComponentProps, ReactNode } from 'react';
import { Box, Stack, type StackProps } from '@chakra-ui/react';
import type { PostCard_PostFragment } from './post.generated';
import { usePagedConnection, type Connection, type PagedConnectionOptions } from '../../ui/usePagedConnection';
import { EmptyNotice, LoadError, LoadingStatus, LoadMoreFooter } from '../../ui/LoadStates';
import { PostCard } from './PostCard';
import { useFirstScreenItems } from '../../lib/firstScreen';

export interface PostListProps {
  /** The posts connection of the query's data (undefined until the first page arrives). */
  connection: Connection<PostCard_PostFragment> | null | undefined;
  /** The query's state: `loading` and `error` count only while no page is there yet. */
  loading: boolean;
  error?: unknown;
  refetch: () => Promise<unknown>;
  /** The query's fetchMore; the cache's keyset policy appends each page. */
  fetchMore: PagedConnectionOptions<PostCard_PostFragment>['fetchMore'];
  /** The accessible name of the role="feed" list. */
  label: string;
  texts: { loading: ReactNode; error: ReactNode; moreFailed: ReactNode; loadingMore: string; end: ReactNode };
  empty: ComponentProps<typeof EmptyNotice>;
  testIds: { list: string; loading?: string; error?: string; sentinel?: string };
  /** The product tour's anchor on the list (data-tour). */
  tour?: string;
  /** Layout of the list with its footer (width, centring). */
  containerProps?: StackProps;
  /** Each card's menu offers 'View Post' (lists outside the feed). */
  viewable?: boolean;
}

const NO_POSTS: readonly PostCard_PostFragment[] = [];

/**
 * A paged list of post cards (one query's connection), newest first, with its loading, error and empty states and the
 * "Load more" footer.
 */
export function PostList({
  connection,
  loading,
  error,
  refetch,
  fetchMore,
  label,
  texts,
  empty,
  testIds,
  tour,
  containerProps,
  viewable = false,
}: PostListProps) {
  // The page's first render shows the first cards, and the rest right after that frame is painted
  // (lib/firstScreen.ts); infinite scroll waits for them.
  const shown = useFirstScreenItems(connection?.nodes ?? NO_POSTS);
  // Infinite scroll: a sentinel after the last card loads the next page as it nears the viewport.
  const paging = usePagedConnection({ connection, fetchMore, auto: shown.complete });
  const posts = shown.items;
  if (!connection && loading) return <LoadingStatus testId={testIds.loading}>{texts.loading}</LoadingStatus>;
  if (!connection && error)
    return <LoadError title={texts.error} error={error} onRetry={refetch} testId={testIds.error} />;
  if (posts.length === 0) return <EmptyNotice {...empty} />;

  return (
    <Stack gap="4" {...containerProps}>
      <Stack
        role="feed"
        aria-label={label}
        aria-busy={paging.loadingMore || !shown.complete}
        gap="4"
        data-testid={testIds.list}
        data-tour={tour}
      >
        {posts.map((post) => (
          <PostCard key={post.id} post={post} viewable={viewable} />
        ))}
      </Stack>
      <Box ref={paging.sentinelRef} h="1px" aria-hidden data-testid={testIds.sentinel} />
      {shown.complete && (
        <LoadMoreFooter
          hasNextPage={paging.hasNextPage}
          paging={paging}
          failedText={texts.moreFailed}
          loadingText={texts.loadingMore}
          endText={texts.end}
        />
      )}
    </Stack>
  );
}
