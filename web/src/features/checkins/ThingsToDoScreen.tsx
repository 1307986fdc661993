import { useState } from 'react';
import { AspectRatio, Box, Card, HStack, IconButton, Image, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ApolloCache, Reference } from '@apollo/client';
import { LuListChecks, LuMapPin, LuTrash2 } from 'react-icons/lu';
import {
  useThingsToDoRemoveCheckinMutation,
  useThingsToDoSavedCheckinsQuery,
  type ThingsToDo_SavedCheckinFragment,
} from './checkins.generated';
import { toaster } from '../../ui/toaster';
import { relativeTime } from '../../lib/relativeTime';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { EmptyNotice, LoadError, LoadMoreFooter } from '../../ui/LoadStates';
import { Screen } from '../../ui/Screen';
import { MapsLink } from '../../ui/MapsLink';

const SAVED_CHECKINS_PAGE_SIZE = 20;

function hasCoordinates(post: {
  latitude?: number | null;
  longitude?: number | null;
}): post is { latitude: number; longitude: number } {
  return typeof post.latitude === 'number' && typeof post.longitude === 'number';
}

/** Takes a removed saved check-in out of every cached list and clears the post's saved mark. */
function removeSavedCheckinFromCache(cache: ApolloCache, saved: { id: string; postId: string }): void {
  cache.modify({
    fields: {
      savedCheckins(value, { readField }) {
        const connection = value as unknown as { nodes?: Reference[] } | undefined;
        if (!connection?.nodes) return value;
        return {
          ...connection,
          nodes: connection.nodes.filter((node) => readField<string>('id', node) !== saved.id),
        } as unknown as typeof value;
      },
    },
  });
  const postId = cache.identify({ __typename: 'Post', id: saved.postId });
  if (postId) cache.modify({ id: postId, fields: { savedCheckinId: () => null } });
  const savedId = cache.identify({ __typename: 'SavedCheckin', id: saved.id });
  if (savedId) cache.evict({ id: savedId });
  cache.gc();
}

function SavedCheckinCard({
  saved,
  removing,
  onRemove,
}: {
  saved: ThingsToDo_SavedCheckinFragment;
  removing: boolean;
  onRemove: () => void;
}) {
  const { post } = saved;
  const place = post.location || 'Saved place';
  return (
    <Card.Root as="article" overflow="hidden" data-testid="saved-checkin" aria-label={place}>
      {post.imageUrl && (
        <AspectRatio ratio={16 / 9}>
          <Image src={post.imageUrl} alt={place} objectFit="cover" loading="lazy" />
        </AspectRatio>
      )}
      <Card.Body gap="2" p="4">
        <HStack align="start" justify="space-between" gap="2">
          <HStack align="start" gap="2" minW="0">
            <Box as={LuMapPin} color="green.fg" boxSize="5" flexShrink={0} mt="0.5" aria-hidden />
            <Card.Title as="h2" fontSize="md" lineClamp={2}>
              {place}
            </Card.Title>
          </HStack>
          <IconButton
            aria-label={`Remove ${place}`}
            size="sm"
            variant="ghost"
            colorPalette="red"
            loading={removing}
            onClick={onRemove}
          >
            <LuTrash2 />
          </IconButton>
        </HStack>
        {post.content && (
          <Text color="fg.muted" fontSize="sm" lineClamp={3} whiteSpace="pre-wrap">
            {post.content}
          </Text>
        )}
        <Text fontSize="xs" color="fg.subtle">
          Saved {relativeTime(saved.createdAt)}
        </Text>
      </Card.Body>
      {hasCoordinates(post) && (
        <Card.Footer px="4" pb="4" pt="0">
          <MapsLink latitude={post.latitude} longitude={post.longitude}>
            Open in Google Maps
          </MapsLink>
        </Card.Footer>
      )}
    </Card.Root>
  );
}

function LoadingCards() {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" role="status" aria-label="Loading saved check-ins">
      {[0, 1, 2, 3].map((i) => (
        <Stack key={i} borderWidth="1px" borderRadius="lg" p="4" gap="3">
          <Skeleton h="5" w="60%" />
          <Skeleton h="4" />
          <Skeleton h="4" w="80%" />
          <Skeleton h="3" w="30%" />
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** /things-to-do: the member's saved check-ins, newest first, page by page (spec 002 "Things to do list"). */
export default function ThingsToDoScreen() {
  const { data, loading, error, refetch, fetchMore } = useThingsToDoSavedCheckinsQuery({
    variables: { first: SAVED_CHECKINS_PAGE_SIZE },
    // Check-ins are saved from post cards elsewhere: show the list as it is now on every visit.
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const [removeSaved] = useThingsToDoRemoveCheckinMutation();
  const [removing, setRemoving] = useState<ReadonlySet<string>>(() => new Set());

  const paging = usePagedConnection({ connection: data?.savedCheckins, fetchMore, auto: false });
  const items = paging.nodes;

  const remove = async (saved: ThingsToDo_SavedCheckinFragment) => {
    setRemoving((s) => new Set(s).add(saved.id));
    try {
      await removeSaved({
        variables: { id: saved.id },
        update: (cache) => removeSavedCheckinFromCache(cache, saved),
      });
    } catch {
      toaster.create({ type: 'error', title: 'Error', description: 'Failed to remove check-in.' });
    } finally {
      setRemoving((s) => {
        const next = new Set(s);
        next.delete(saved.id);
        return next;
      });
    }
  };

  let content;
  if (loading && !data) {
    content = <LoadingCards />;
  } else if (error && !data) {
    content = <LoadError title="Your saved check-ins could not be loaded." error={error} onRetry={refetch} />;
  } else if (items.length === 0) {
    content = (
      <EmptyNotice
        icon={<LuListChecks />}
        title="No saved check-ins yet"
        description="When you save check-in posts, they'll appear here for easy access."
        testId="things-to-do-empty"
      />
    );
  } else {
    content = (
      <Stack gap="6">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" data-testid="saved-checkins">
          {items.map((saved) => (
            <SavedCheckinCard
              key={saved.id}
              saved={saved}
              removing={removing.has(saved.id)}
              onRemove={() => void remove(saved)}
            />
          ))}
        </SimpleGrid>
        <LoadMoreFooter
          hasNextPage={paging.hasNextPage}
          paging={paging}
          failedText="More check-ins could not be loaded."
          loadingText="Loading..."
        />
      </Stack>
    );
  }

  return (
    <Screen title="Things to do" description="Places you've saved to visit later">
      {content}
    </Screen>
  );
}
