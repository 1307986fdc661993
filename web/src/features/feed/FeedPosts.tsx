import { LuNewspaper } from 'react-icons/lu';
import { useHomeFeedQuery } from './feed.generated';
import { PostList } from '../posts';
import { FEED_FIRST_PAGE } from './firstPage';

/**
 * The posts of the home feed, newest first. The next page loads when the end of the list nears the viewport
 * (an IntersectionObserver on a sentinel), or with the "Load more" button (keyboard users, old browsers).
 */
export function FeedPosts() {
  const { data, loading, error, refetch, fetchMore } = useHomeFeedQuery({ variables: FEED_FIRST_PAGE.variables });

  return (
    <PostList
      connection={data?.feed}
      loading={loading}
      error={error}
      refetch={refetch}
      fetchMore={fetchMore}
      label="Posts"
      texts={{
        loading: 'Loading posts...',
        error: 'Posts could not be loaded.',
        moreFailed: 'More posts could not be loaded.',
        loadingMore: 'Loading more posts...',
        end: "You're all caught up.",
      }}
      empty={{ icon: <LuNewspaper />, description: 'No posts yet. Create the first one!', testId: 'feed-empty' }}
      testIds={{ list: 'feed-list', loading: 'feed-loading', error: 'feed-error', sentinel: 'feed-sentinel' }}
      tour="home-feed"
    />
  );
}
