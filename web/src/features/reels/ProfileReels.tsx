import { useReelsByQuery } from './reels.generated';
import { TitledSection } from '../../ui/TitledSection';
import { ReelGallery, REELS_PAGE_SIZE } from './ReelGallery';

/** A member's reels on their profile ('Your Reels' on the own one), with the same grid and player as /reels. */
export default function ProfileReels({
  authorId,
  title = 'Your Reels',
  emptyText = 'No reels yet. Upload your first reel from the home page!',
}: {
  authorId: string;
  title?: string;
  emptyText?: string;
}) {
  const { data, loading, error, refetch, fetchMore } = useReelsByQuery({
    variables: { authorId, first: REELS_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  return (
    <TitledSection id="profile-reels" title={title}>
      <ReelGallery
        connection={data?.reelsBy}
        loading={loading}
        error={error}
        refetch={refetch}
        fetchMore={fetchMore}
        emptyText={emptyText}
      />
    </TitledSection>
  );
}
