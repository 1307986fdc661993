import { HStack, Stack, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';
import { useGroupOptionsQuery } from './groups.generated';
import { Screen } from '../../ui/Screen';
import { FALLBACK_TYPES } from './CreateGroupDialog';
import { FilterSelect, radiusFrom } from './filters';
import { NearGroups, positionNote } from './NearGroups';
import { useGroupPosition } from './useGroupPosition';

const FALLBACK_RADII = [10, 50, 100, 200, 500, 1000];

/**
 * /discover-groups (spec 002 section 2): a radius select (10 to 1000 km, default 50) and a type filter kept in the
 * URL, 'Found N groups within R km', and the nearest groups first with Join Community, Favorite and Leave.
 */
export default function DiscoverGroupsScreen() {
  const [params, setParams] = useSearchParams();
  const options = useGroupOptionsQuery({ fetchPolicy: 'cache-first' }).data?.groupOptions;
  const radii = options?.discoverRadiiKm ?? FALLBACK_RADII;
  const types = options?.types ?? FALLBACK_TYPES;
  const radiusKm = radiusFrom(params, radii);
  const type = types.includes(params.get('type') ?? '') ? params.get('type') : null;
  const position = useGroupPosition();
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  return (
    <Screen title="Discover Groups" description="Find groups of South Africans who share your interests and your area.">
      <Stack gap="4">
        <HStack gap="4" align="end" flexWrap="wrap">
          <FilterSelect
            label="Radius"
            value={String(radiusKm)}
            options={radii.map((r) => ({ value: String(r), label: `${r} km` }))}
            onChange={(v) => set('radius', v)}
            testId="radius-select"
          />
          <FilterSelect
            label="Type"
            value={type ?? ''}
            options={[{ value: '', label: 'All types' }, ...types.map((t) => ({ value: t, label: t }))]}
            onChange={(v) => set('type', v)}
            testId="type-select"
          />
          <Text fontSize="sm" color="fg.muted" pb="2">
            {positionNote(position)}
          </Text>
        </HStack>
        <NearGroups position={position} radiusKm={radiusKm} type={type} place="discover" testId="discover-groups" />
      </Stack>
    </Screen>
  );
}
