import type { ReactNode } from 'react';
import { Box, SimpleGrid } from '@chakra-ui/react';
import { EmptyNotice, LoadError, LoadMoreFooter } from '../../ui/LoadStates';
import { usePagedConnection, type Connection } from '../../ui/usePagedConnection';
import { GroupCard, GroupCardSkeleton, type GroupCardData } from './GroupCard';
import type { GroupActionPlace } from './useGroupActions';

/** A paged grid of group cards with its loading (skeletons), failed (Retry) and empty states. */
export function GroupList({
  connection,
  loading,
  error,
  refetch,
  fetchMore,
  empty,
  place,
  onOpen,
  testId,
}: {
  connection: Connection<GroupCardData> | undefined;
  loading: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
  fetchMore: Parameters<typeof usePagedConnection<GroupCardData>>[0]['fetchMore'];
  empty: { icon: ReactNode; title: string; description: string };
  place: GroupActionPlace;
  onOpen?: (id: string) => void;
  testId: string;
}) {
  const paging = usePagedConnection({ connection, fetchMore });
  if (error && !connection)
    return <LoadError title="The groups could not be loaded." error={error} onRetry={refetch} />;
  if (!connection && loading)
    return (
      <SimpleGrid
        columns={{ base: 1, sm: 2, lg: 3 }}
        gap="4"
        role="status"
        aria-busy="true"
        aria-label="Loading groups"
      >
        {Array.from({ length: 6 }, (_, i) => (
          <GroupCardSkeleton key={i} />
        ))}
      </SimpleGrid>
    );
  if (!paging.nodes.length)
    return (
      <EmptyNotice icon={empty.icon} title={empty.title} description={empty.description} testId={`${testId}-empty`} />
    );
  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4" data-testid={testId}>
        {paging.nodes.map((g) => (
          <GroupCard key={g.id} group={g} place={place} onOpen={onOpen ? () => onOpen(g.id) : undefined} />
        ))}
      </SimpleGrid>
      <Box ref={paging.sentinelRef} />
      <LoadMoreFooter
        hasNextPage={paging.hasNextPage}
        paging={paging}
        failedText="More groups could not be loaded."
        loadingText="Loading more groups..."
      />
    </>
  );
}
