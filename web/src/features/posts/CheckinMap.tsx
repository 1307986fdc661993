import { useEffect, useState } from 'react';
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { LuBookmarkCheck, LuBookmarkPlus, LuMapPin } from 'react-icons/lu';
import { usePostCardSaveCheckinMutation } from './checkin.generated';
import { type PostCard_PostFragment } from './post.generated';
import { toaster } from '../../ui/toaster';
import { errorReason } from '../../lib/errors';
import { formatCoordinates } from '../../lib/maps';
import { MapsLink } from '../../ui/MapsLink';
import { MAP_LOAD_TIMEOUT_MS, mapEmbedUrl } from './postContent';

type CheckinPost = Pick<PostCard_PostFragment, 'id' | 'savedCheckinId'> & {
  location: string;
  latitude: number;
  longitude: number;
};

export type MapState = 'loading' | 'ready' | 'unavailable';

/**
 * Whether the map embed at `url` can load. The iframe cannot tell: offline, Chromium loads its own error page into
 * it and fires `load` all the same. So the page asks the map's host itself with a bodyless HEAD request (no-cors:
 * any answer will do, only a network failure rejects): 'unavailable' when the browser is offline, when the request
 * fails, or when no answer comes within MAP_LOAD_TIMEOUT_MS; 'ready' once one does. Going offline later hides the
 * map; coming back online asks again.
 */
export function useMapAvailability(url: string): MapState {
  const [state, setState] = useState<MapState>(() => (navigator.onLine === false ? 'unavailable' : 'loading'));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const offline = () => setState('unavailable');
    const online = () => {
      setState('loading');
      setAttempt((n) => n + 1);
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);

  useEffect(() => {
    if (navigator.onLine === false) return;
    let settled = false;
    const controller = new AbortController();
    const settle = (next: MapState) => {
      if (settled) return;
      settled = true;
      window.clearTimeout(timer);
      setState(next);
    };
    const timer = window.setTimeout(() => {
      settle('unavailable');
      controller.abort();
    }, MAP_LOAD_TIMEOUT_MS);
    fetch(url, {
      method: 'HEAD',
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      signal: controller.signal,
    }).then(
      () => settle('ready'),
      () => settle('unavailable'),
    );
    return () => {
      settled = true;
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [url, attempt]);

  return state;
}

/**
 * A check-in's map (zoom 15) and the 'Save to Things to do' button (spec 000 sections 2, 4 and 8). The place, its
 * coordinates and an 'Open in Maps' link always show under the map, so nothing is lost when the embed cannot load
 * (no internet): then the map is left out instead of showing a white box or the browser's error page.
 */
export function CheckinMap({ post }: { post: CheckinPost }) {
  const embedUrl = mapEmbedUrl(post.latitude, post.longitude);
  const map = useMapAvailability(embedUrl);
  // A CONFLICT ("already saved") means it is in the list even though this card did not know.
  const [alreadySaved, setAlreadySaved] = useState(false);
  const [saveCheckin, { loading }] = usePostCardSaveCheckinMutation();
  const saved = !!post.savedCheckinId || alreadySaved;

  const onSave = async () => {
    try {
      // Lists of saved places that are on screen (the feed's right column) pick the new one up.
      await saveCheckin({ variables: { postId: post.id }, refetchQueries: ['FeedSavedPlaces'] });
      toaster.create({ type: 'success', title: 'Saved', description: 'Check-in saved to your Things to do list.' });
    } catch (err) {
      if (errorReason(err) === 'ALREADY_SAVED') {
        setAlreadySaved(true);
        toaster.create({ type: 'info', title: 'Already saved', description: 'This check-in is already in your list.' });
      } else {
        toaster.create({ type: 'error', title: 'Error', description: 'Failed to save check-in.' });
      }
    }
  };

  return (
    <Stack gap="2" data-testid="checkin-map" data-map-state={map}>
      {map !== 'unavailable' && (
        <Box borderRadius="md" overflow="hidden" borderWidth="1px" h={{ base: '180px', md: '220px' }} bg="bg.muted">
          <iframe
            src={embedUrl}
            title={`Map of ${post.location}`}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            style={{ border: 0, width: '100%', height: '100%', display: 'block' }}
          />
        </Box>
      )}
      <HStack gap="2" align="flex-start" fontSize="sm" data-testid="checkin-place">
        <Box as={LuMapPin} boxSize="4" mt="0.5" flexShrink={0} color="fg.muted" aria-hidden />
        <Box minW="0" flex="1">
          <Text fontWeight="medium" truncate>
            {post.location}
          </Text>
          <Text fontSize="xs" color="fg.muted" data-testid="checkin-place-coordinates">
            {formatCoordinates(post.latitude, post.longitude)}
          </Text>
        </Box>
        <MapsLink latitude={post.latitude} longitude={post.longitude} flexShrink={0} alignSelf="center">
          Open in Maps
        </MapsLink>
      </HStack>
      {map === 'unavailable' && (
        <Text fontSize="xs" color="fg.muted" data-testid="checkin-map-unavailable">
          The map can't load right now.
        </Text>
      )}
      <Button
        size="sm"
        variant={saved ? 'subtle' : 'outline'}
        colorPalette="green"
        alignSelf="flex-start"
        disabled={saved}
        loading={loading}
        onClick={() => void onSave()}
      >
        {saved ? <LuBookmarkCheck aria-hidden /> : <LuBookmarkPlus aria-hidden />}
        {saved ? 'Saved' : 'Save to Things to do'}
      </Button>
    </Stack>
  );
}
