import {
  AspectRatio,
  Badge,
  Box,
  Button,
  Card,
  Center,
  HStack,
  IconButton,
  Image,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { LuMapPin, LuStar, LuUsers } from 'react-icons/lu';
import type { GroupCardFieldsFragment } from './groups.generated';
import { formatDistanceKm } from '../../lib/distance';
import { useBusyGroup, useFavoriteGroup, useJoinGroup, useLeaveGroup, type GroupActionPlace } from './useGroupActions';
import { isMember, membersText } from './groupText';
import { ReportButton } from '../../ui/Report';

export type GroupCardData = GroupCardFieldsFragment & { distanceKm?: number | null };

/** The group's image in 16:9, or its initial on a quiet background. */
export function GroupImage({ group }: { group: Pick<GroupCardData, 'imageUrl' | 'name'> }) {
  return (
    <AspectRatio ratio={16 / 9} w="full">
      {group.imageUrl ? (
        <Image src={group.imageUrl} alt="" objectFit="cover" loading="lazy" />
      ) : (
        <Center bg="bg.emphasized" color="fg.muted" fontSize="3xl" fontWeight="bold" aria-hidden>
          {group.name.slice(0, 1).toUpperCase()}
        </Center>
      )}
    </AspectRatio>
  );
}

/**
 * The actions of a group for the viewer (spec 002 section 4): members see the Favorite toggle and Leave; others
 * Join Community, or 'Request Sent' while a request waits.
 */
export function GroupActions({
  group,
  place,
  onOpen,
}: {
  group: GroupCardData;
  place: GroupActionPlace;
  onOpen?: () => void;
}) {
  const { join } = useJoinGroup(place);
  const { leave } = useLeaveGroup(place);
  const { setFavorite } = useFavoriteGroup();
  const { busy, run } = useBusyGroup();
  const working = busy === group.id;
  if (isMember(group)) {
    return (
      <HStack gap="2" flexWrap="wrap">
        {onOpen && (
          <Button size="sm" colorPalette="green" onClick={onOpen} minH="44px">
            Open Chat
          </Button>
        )}
        <IconButton
          size="sm"
          variant="outline"
          minW="44px"
          minH="44px"
          aria-label={group.isFavorite ? `Remove ${group.name} from favorites` : `Add ${group.name} to favorites`}
          aria-pressed={group.isFavorite}
          disabled={working}
          onClick={() => void run(group.id, () => setFavorite(group, !group.isFavorite))}
        >
          <Box
            as={LuStar}
            fill={group.isFavorite ? 'currentColor' : 'none'}
            color={group.isFavorite ? 'yellow.fg' : undefined}
          />
        </IconButton>
        <Button
          size="sm"
          variant="outline"
          minH="44px"
          loading={working}
          onClick={() => void run(group.id, () => leave(group))}
        >
          Leave
        </Button>
      </HStack>
    );
  }
  if (group.viewerStatus === 'requested') {
    return (
      <Button size="sm" variant="outline" minH="44px" disabled>
        Request Sent
      </Button>
    );
  }
  return (
    <Button
      size="sm"
      colorPalette="green"
      minH="44px"
      loading={working}
      onClick={() => void run(group.id, () => join(group))}
    >
      Join Community
    </Button>
  );
}

/** Report, for a group the viewer does not run (its admins, the creator first, are never offered it). */
export function GroupReport({
  group,
  variant = 'icon',
}: {
  group: Pick<GroupCardData, 'id' | 'name' | 'viewerStatus'>;
  variant?: 'icon' | 'text';
}) {
  if (group.viewerStatus === 'admin') return null;
  return <ReportButton kind="group" subjectId={group.id} label={`Report ${group.name}`} variant={variant} />;
}

/** A group card: image, name (with the Admin badge), type · distance · members, place, description, actions. */
export function GroupCard({
  group,
  place,
  onOpen,
}: {
  group: GroupCardData;
  place: GroupActionPlace;
  onOpen?: () => void;
}) {
  const meta = [
    group.type,
    group.distanceKm != null ? formatDistanceKm(group.distanceKm) : null,
    membersText(group.memberCount),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Card.Root overflow="hidden" data-testid="group-card" data-group-id={group.id}>
      <GroupImage group={group} />
      <Card.Body gap="2" p="4">
        <HStack gap="2" align="start" justify="space-between">
          {onOpen ? (
            <Button
              variant="plain"
              p="0"
              h="auto"
              fontSize="lg"
              fontWeight="semibold"
              textAlign="start"
              whiteSpace="normal"
              onClick={onOpen}
            >
              {group.name}
            </Button>
          ) : (
            <Text as="h3" fontSize="lg" fontWeight="semibold">
              {group.name}
            </Text>
          )}
          {group.viewerStatus === 'admin' && (
            <Badge colorPalette="green" variant="solid" flexShrink={0}>
              Admin
            </Badge>
          )}
        </HStack>
        <HStack gap="2" fontSize="sm" color="fg.muted">
          <LuUsers aria-hidden />
          <Text>{meta}</Text>
        </HStack>
        <HStack gap="2" fontSize="sm" color="fg.muted" minW="0">
          <LuMapPin aria-hidden />
          <Text truncate>{group.locationName}</Text>
        </HStack>
        {group.description && (
          <Text fontSize="sm" lineClamp={2}>
            {group.description}
          </Text>
        )}
        {group.requiresApproval && !isMember(group) && (
          <Text fontSize="xs" color="fg.muted">
            Admins approve new members
          </Text>
        )}
      </Card.Body>
      <Card.Footer p="4" pt="0" justifyContent="space-between" alignItems="flex-end" gap="2">
        <GroupActions group={group} place={place} onOpen={onOpen} />
        <GroupReport group={group} />
      </Card.Footer>
    </Card.Root>
  );
}

export function GroupCardSkeleton() {
  return (
    <Card.Root overflow="hidden">
      <Skeleton aspectRatio={16 / 9} />
      <Stack p="4" gap="2">
        <Skeleton h="5" w="60%" />
        <Skeleton h="4" w="80%" />
        <Skeleton h="8" w="40%" />
      </Stack>
    </Card.Root>
  );
}
