import { LuMapPin } from 'react-icons/lu';
import { useDiscoverCheckinsPostsQuery } from './checkins.generated';
import { Screen } from '../../ui/Screen';
import { PostList } from '../posts';

const DISCOVER_PAGE_SIZE = 10;

/** /discover-checkins: posts with a place and coordinates, newest first, as post cards (spec 002). */
export default function DiscoverCheckinsScreen() {
  const { data, loading, error, refetch, fetchMore } = useDiscoverCheckinsPostsQuery({
    variables: { first: DISCOVER_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });

  return (
    <Screen title="Discover Check-ins" description="Places members have checked in at, to inspire your next outing.">
      <PostList
        connection={data?.discoverCheckins}
        loading={loading}
        error={error}
        refetch={refetch}
        fetchMore={fetchMore}
        label="Check-ins"
        texts={{
          loading: 'Loading check-ins...',
          error: 'Check-ins could not be loaded.',
          moreFailed: 'More check-ins could not be loaded.',
          loadingMore: 'Loading more check-ins...',
          end: "You've seen every check-in.",
        }}
        empty={{
          icon: <LuMapPin />,
          title: 'No check-ins yet',
          description: 'Be the first to share a location check-in!',
          testId: 'discover-checkins-empty',
        }}
        testIds={{ list: 'discover-checkins-list' }}
        containerProps={{ maxW: '2xl', mx: 'auto' }}
      />
    </Screen>
  );
}
