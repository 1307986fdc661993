import { LuNewspaper } from 'react-icons/lu';
import { useProfilePostsQuery } from './profile.generated';
import { PostList } from '../posts';
import { TitledSection } from '../../ui/TitledSection';

const PROFILE_POSTS_PAGE = 10;

/**
 * Your Posts (or another member's posts): the feed's post cards, page by page, each with View, Edit and Delete for the
 * author.
 */
export function ProfilePosts({ authorId, title, own }: { authorId: string; title: string; own: boolean }) {
  const { data, loading, error, refetch, fetchMore } = useProfilePostsQuery({
    variables: { authorId, first: PROFILE_POSTS_PAGE },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  return (
    <TitledSection id="profile-posts" title={title}>
      <PostList
        connection={data?.postsBy}
        loading={loading}
        error={error}
        refetch={refetch}
        fetchMore={fetchMore}
        label={title}
        viewable
        texts={{
          loading: 'Loading posts...',
          error: 'Could not load the posts',
          moreFailed: 'Could not load more posts.',
          loadingMore: 'Loading more posts...',
          end: undefined,
        }}
        empty={{
          icon: <LuNewspaper />,
          description: own ? 'No posts yet. Share something from the home page!' : 'No posts yet.',
        }}
        testIds={{ list: 'profile-posts' }}
      />
    </TitledSection>
  );
}
