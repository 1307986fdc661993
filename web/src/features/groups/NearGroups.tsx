import { Stack, Text } from '@chakra-ui/react';
import { LuUsers } from 'react-icons/lu';
import { useGroupsNearQuery } from './groups.generated';
import { GroupList } from './GroupList';
import type { GroupActionPlace } from './useGroupActions';
import { useGroupPosition } from './useGroupPosition';

export const NEAR_PAGE = 12;

/** Where the distances are measured from, in one muted line. */
export function positionNote(position: ReturnType<typeof useGroupPosition>): string {
  if (!position) return 'Finding your location...';
  return position.source === 'browser'
    ? 'Distances from your location'
    : 'Distances from Cape Town (your location is not available)';
}

/**
 * The groups within `radiusKm` of the member's position (Cape Town when the browser gives none), nearest first:
 * the count line 'Found N groups within R km', then the cards a page at a time (Discover Groups and Klets' Discover).
 */
export function NearGroups({
  position,
  radiusKm,
  type = null,
  search = null,
  place,
  onOpen,
  testId,
}: {
  position: ReturnType<typeof useGroupPosition>;
  radiusKm: number;
  type?: string | null;
  search?: string | null;
  place: GroupActionPlace;
  onOpen?: (id: string) => void;
  testId: string;
}) {
  const near = useGroupsNearQuery({
    variables: {
      lat: position?.latitude ?? 0,
      lon: position?.longitude ?? 0,
      radiusKm,
      type,
      ...(search ? { search } : {}),
      first: NEAR_PAGE,
    },
    skip: !position,
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const connection = near.data?.groupsNear;
  return (
    <Stack gap="4">
      {connection && (
        <Text role="status" fontWeight="medium" data-testid={`${testId}-count`}>
          Found {connection.totalCount} groups within {radiusKm} km
        </Text>
      )}
      <GroupList
        connection={connection}
        loading={near.loading || !position}
        error={near.error}
        refetch={() => near.refetch()}
        fetchMore={near.fetchMore}
        empty={{
          icon: <LuUsers />,
          title: 'No groups found',
          description: 'Try increasing the radius to discover more groups',
        }}
        place={place}
        onOpen={onOpen}
        testId={testId}
      />
    </Stack>
  );
}
