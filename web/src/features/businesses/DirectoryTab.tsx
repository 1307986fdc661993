import { Box, Field, HStack, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuStore } from 'react-icons/lu';
import { useSearchParams } from 'react-router';
import { useBusinessDirectoryQuery, useBusinessOptionsQuery } from './business.generated';
import { EmptyNotice, LoadError, LoadMoreFooter } from '../../ui/LoadStates';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { BusinessCard, BusinessCardSkeleton } from './BusinessCard';
import { DEFAULT_RADIUS_KM } from './links';
import { usePosition } from '../../lib/position';

export const DIRECTORY_PAGE_SIZE = 12;
const FALLBACK_RADII = [10, 50, 100, 200, 500, 1000];

/** The Business Directory tab: a radius filter kept in the URL, the count line, and the nearest pages first. */
export function DirectoryTab({ onView }: { onView: (name: string) => void }) {
  const [params, setParams] = useSearchParams();
  const radii = useBusinessOptionsQuery({ fetchPolicy: 'cache-first' }).data?.businessOptions.radiiKm ?? FALLBACK_RADII;
  const asked = Number(params.get('radius'));
  const radiusKm = radii.includes(asked) ? asked : DEFAULT_RADIUS_KM;
  const position = usePosition();
  const { data, loading, error, refetch, fetchMore } = useBusinessDirectoryQuery({
    variables: {
      latitude: position?.latitude ?? 0,
      longitude: position?.longitude ?? 0,
      radiusKm,
      first: DIRECTORY_PAGE_SIZE,
    },
    skip: !position,
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const connection = data?.businessDirectory;
  const paging = usePagedConnection({ connection, fetchMore });
  const total = connection?.totalCount ?? 0;

  const setRadius = (value: string) => {
    const next = new URLSearchParams(params);
    next.set('radius', value);
    setParams(next, { replace: true });
  };

  return (
    <Stack gap="4">
      <HStack gap="4" align="end" flexWrap="wrap">
        <Field.Root w={{ base: 'full', sm: '48' }}>
          <Field.Label>Radius</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={String(radiusKm)}
              onChange={(e) => setRadius(e.currentTarget.value)}
              data-testid="radius-select"
            >
              {radii.map((r) => (
                <option key={r} value={r}>
                  {r} km
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Text fontSize="sm" color="fg.muted" pb="2">
          {!position
            ? 'Finding your location...'
            : position.source === 'browser'
              ? 'Distances from your location'
              : 'Distances from Cape Town (your location is not available)'}
        </Text>
      </HStack>

      {connection && (
        <Text role="status" fontWeight="medium" data-testid="directory-count">
          Showing {total} business(es) within {radiusKm} km
        </Text>
      )}

      {error && !connection ? (
        <LoadError title="The directory could not be loaded." error={error} onRetry={() => refetch()} />
      ) : !connection && (loading || !position) ? (
        <SimpleGrid
          columns={{ base: 1, sm: 2, lg: 3 }}
          gap="4"
          role="status"
          aria-busy="true"
          aria-label="Loading businesses"
        >
          {Array.from({ length: 6 }, (_, i) => (
            <BusinessCardSkeleton key={i} />
          ))}
        </SimpleGrid>
      ) : paging.nodes.length === 0 ? (
        <EmptyNotice
          icon={<LuStore />}
          title="No businesses found"
          description="Try increasing the radius to see more businesses"
          testId="directory-empty"
        />
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4" data-testid="directory-list">
            {paging.nodes.map((b) => (
              <BusinessCard key={b.id} business={b} onView={() => onView(b.name)} />
            ))}
          </SimpleGrid>
          <Box ref={paging.sentinelRef} />
          <LoadMoreFooter
            hasNextPage={paging.hasNextPage}
            paging={paging}
            failedText="More businesses could not be loaded."
            loadingText="Loading more businesses..."
          />
        </>
      )}
    </Stack>
  );
}
