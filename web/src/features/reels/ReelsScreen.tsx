import { useReelsQuery } from './reels.generated';
import { Screen } from '../../ui/Screen';
import { ReelGallery, REELS_PAGE_SIZE } from './ReelGallery';

export { REELS_PAGE_SIZE };

/** /reels: every reel, newest first, as a grid; a reel opens full screen (spec 001, 2.5). */
export default function ReelsScreen() {
  const { data, loading, error, refetch, fetchMore } = useReelsQuery({
    variables: { first: REELS_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  return (
    <Screen title="Reels" description="Short videos shared by the community.">
      <ReelGallery
        connection={data?.reels}
        loading={loading}
        error={error}
        refetch={refetch}
        fetchMore={fetchMore}
        emptyText="No reels yet. Upload your first reel from the home page!"
      />
    </Screen>
  );
}
