import type { ComponentProps, ReactNode } from 'react';
import { Box, Stack, type StackProps } from '@chakra-ui/react';
import type { PostCard_PostFragment } from '../../gql/graphql';
import type { PagedList } from '../../ui/usePagedConnection';
import { EmptyNotice, LoadError, LoadingStatus, LoadMoreFooter } from '../../ui/LoadStates';
import { PostCard } from './PostCard';

export interface PostListProps {
  posts: readonly PostCard_PostFragment[];
  /** The first page is on its way (nothing to show yet). */
  loading: boolean;
  /** Why the first page failed (nothing to show); undefined when it did not. */
  error?: unknown;
  onRetry: () => Promise<unknown>;
  hasNextPage: boolean;
  /** usePagedConnection's answer: the sentinel after the last card, and the "Load more" state. */
  paging: PagedList;
  /** The accessible name of the role="feed" list. */
  label: string;
  texts: { loading: ReactNode; error: ReactNode; moreFailed: ReactNode; loadingMore: string; end: ReactNode };
  empty: ComponentProps<typeof EmptyNotice>;
  testIds: { list: string; loading?: string; error?: string; sentinel?: string };
  /** The product tour's anchor on the list (data-tour). */
  tour?: string;
  /** Layout of the list with its footer (width, centring). */
  containerProps?: StackProps;
}

/** A paged list of post cards, newest first, with its loading, error and empty states and the "Load more" footer. */
export function PostList({
  posts,
  loading,
  error,
  onRetry,
  hasNextPage,
  paging,
  label,
  texts,
  empty,
  testIds,
  tour,
  containerProps,
}: PostListProps) {
  if (loading) return <LoadingStatus testId={testIds.loading}>{texts.loading}</LoadingStatus>;
  if (error) return <LoadError title={texts.error} error={error} onRetry={onRetry} testId={testIds.error} />;
  if (posts.length === 0) return <EmptyNotice {...empty} />;

  return (
    <Stack gap="4" {...containerProps}>
      <Stack role="feed" aria-label={label} aria-busy={paging.loadingMore} gap="4" data-testid={testIds.list} data-tour={tour}>
        {posts.map((post) => (
          <PostCard key={post.id} post={post} />
        ))}
      </Stack>
      <Box ref={paging.sentinelRef} h="1px" aria-hidden data-testid={testIds.sentinel} />
      <LoadMoreFooter
        hasNextPage={hasNextPage}
        paging={paging}
        failedText={texts.moreFailed}
        loadingText={texts.loadingMore}
        endText={texts.end}
      />
    </Stack>
  );
}
