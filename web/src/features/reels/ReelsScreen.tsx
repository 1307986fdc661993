import { Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';
import { useReelQuery, useReelsQuery } from './reels.generated';
import { Screen } from '../../ui/Screen';
import { ReelGallery, REELS_PAGE_SIZE, ShownReel } from './ReelGallery';

export { REELS_PAGE_SIZE };

/** /reels?id=: the named reel opens in the player; gone or hidden, a line says so above the grid. */
function LinkedReel({ id, onClose }: { id: string; onClose: () => void }) {
  const { data, loading } = useReelQuery({ variables: { id }, fetchPolicy: 'cache-and-network' });
  if (loading && !data) return null;
  if (!data?.reel)
    return (
      <Text color="fg.muted" mb="4" data-testid="reel-gone">
        This reel is no longer available.
      </Text>
    );
  return <ShownReel reel={data.reel} onClose={onClose} />;
}

/** /reels: every reel, newest first, as a grid; a reel opens full screen (spec 001, 2.5); /reels?id= opens that one. */
export default function ReelsScreen() {
  const [params, setParams] = useSearchParams();
  const shownId = params.get('id');
  const { data, loading, error, refetch, fetchMore } = useReelsQuery({
    variables: { first: REELS_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  return (
    <Screen title="Reels" description="Short videos shared by the community.">
      {shownId && (
        <LinkedReel
          key={shownId}
          id={shownId}
          onClose={() =>
            setParams(
              (p) => {
                p.delete('id');
                return p;
              },
              { replace: true },
            )
          }
        />
      )}
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
