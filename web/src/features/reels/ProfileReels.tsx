import { Heading, Stack } from '@chakra-ui/react';
import { useReelsByQuery } from '../../gql/graphql';
import { ReelGallery, REELS_PAGE_SIZE } from './ReelGallery';

/** A member's reels on their profile ('Your Reels' on the own one), with the same grid and player as /reels. */
export default function ProfileReels({ authorId, title = 'Your Reels', emptyText = 'No reels yet. Upload your first reel from the home page!' }: { authorId: string; title?: string; emptyText?: string }) {
  const { data, loading, error, refetch, fetchMore } = useReelsByQuery({
    variables: { authorId, first: REELS_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  return (
    <Stack as="section" aria-labelledby="profile-reels" gap="3">
      <Heading as="h2" size="md" id="profile-reels">
        {title}
      </Heading>
      <ReelGallery
        connection={data?.reelsBy}
        loading={loading}
        error={error}
        refetch={refetch}
        fetchMore={fetchMore}
        emptyText={emptyText}
      />
    </Stack>
  );
}
