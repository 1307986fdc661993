import { useEffect, useRef, useState } from 'react';
import { Badge, Box, Button, Card, Flex, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { LuHeart, LuSmile, LuX } from 'react-icons/lu';
import { useDatingProfilesQuery, useReactToDatingAliasMutation, type DatingProfilesQuery } from './dating.generated';
import { errorMessage } from '../../lib/errors';
import { EmptyNotice, LoadError, LoadingStatus } from '../../ui/LoadStates';
import { toaster } from '../../ui/toaster';
import { ADVANCE_DELAY_MS, distanceText, MATCH_OVERLAY_MS, MATCH_TITLE, playMatchChime } from './datingText';
import { SendMessageButton } from './SendMessageButton';

type Profile = DatingProfilesQuery['datingProfiles'][number];
interface Matched {
  matchId: string;
  aliasName: string;
}

/**
 * Discover (spec 001 section 4, dating flow): one card at a time. Pass advances at once; Like and Wink record the
 * reaction and advance after 300 ms, or after 2 s when the match overlay shows (with the four-note chime). At the
 * end of the list the view wraps to the first profile not yet acted on. After a match a Send Message button stays.
 */
export function DiscoverView() {
  const { data, loading, error, refetch } = useDatingProfilesQuery({
    variables: { first: 50 },
    fetchPolicy: 'cache-and-network',
  });
  const [react] = useReactToDatingAliasMutation({ refetchQueries: ['DatingMatches'] });
  const [acted, setActed] = useState<Set<string>>(new Set());
  const [index, setIndex] = useState(0);
  const [busy, setBusy] = useState(false);
  const [overlay, setOverlay] = useState<string | null>(null);
  const [matched, setMatched] = useState<Matched | null>(null);
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  const profiles = (data?.datingProfiles ?? []).filter((p) => !acted.has(p.id));
  const current: Profile | undefined = profiles.length ? profiles[index % profiles.length] : undefined;

  const advance = (id: string) => {
    setActed((s) => new Set(s).add(id));
    setIndex((i) => (profiles.length > 1 ? i % (profiles.length - 1) : 0));
    setBusy(false);
  };
  const later = (fn: () => void, ms: number) => timers.current.push(window.setTimeout(fn, ms));

  const act = async (kind: 'like' | 'wink' | 'pass') => {
    if (!current || busy) return;
    setBusy(true);
    const target = current;
    try {
      const r = await react({ variables: { aliasId: target.id, kind } });
      const match = r.data?.reactToDatingAlias.match;
      if (kind === 'pass') {
        advance(target.id);
        return;
      }
      if (match) {
        setOverlay(match.alias.aliasName);
        setMatched({ matchId: match.id, aliasName: match.alias.aliasName });
        playMatchChime();
        later(() => {
          setOverlay(null);
          advance(target.id);
        }, MATCH_OVERLAY_MS);
      } else {
        later(() => advance(target.id), ADVANCE_DELAY_MS);
      }
    } catch (err) {
      setBusy(false);
      toaster.create({ type: 'error', title: 'Something went wrong', description: errorMessage(err) });
    }
  };

  if (loading && !data) return <LoadingStatus testId="dating-loading">Loading profiles...</LoadingStatus>;
  if (error && !data) return <LoadError title="Could not load profiles" error={error} onRetry={() => refetch()} />;
  return (
    <Stack gap="4" maxW="md" mx="auto" w="full">
      {matched && (
        <Card.Root data-testid="dating-last-match">
          <Card.Body>
            <Flex justify="space-between" align="center" gap="3" wrap="wrap">
              <Text>You matched with {matched.aliasName}</Text>
              <SendMessageButton matchId={matched.matchId} aliasName={matched.aliasName} />
            </Flex>
          </Card.Body>
        </Card.Root>
      )}
      {!current ? (
        <EmptyNotice
          icon={<LuHeart />}
          title="No more profiles"
          description={
            'Nobody new matches your preferences right now. Widen your ' + 'age range or radius, or check back later.'
          }
          testId="dating-empty"
        />
      ) : (
        <ProfileCard profile={current} busy={busy} onAct={(k) => void act(k)} />
      )}
      {overlay && (
        <Flex
          role="alertdialog"
          aria-label={MATCH_TITLE}
          position="fixed"
          inset="0"
          zIndex="overlay"
          bg="blackAlpha.700"
          align="center"
          justify="center"
          direction="column"
          gap="3"
          data-testid="match-overlay"
        >
          <Text fontSize="4xl" fontWeight="bold" color="white">
            {MATCH_TITLE}
          </Text>
          <Text color="white">You and {overlay} like each other.</Text>
        </Flex>
      )}
    </Stack>
  );
}

function ProfileCard({
  profile,
  busy,
  onAct,
}: {
  profile: Profile;
  busy: boolean;
  onAct: (kind: 'like' | 'wink' | 'pass') => void;
}) {
  const [photo, setPhoto] = useState(0);
  useEffect(() => setPhoto(0), [profile.id]);
  const distance = distanceText(profile.distanceKm);
  return (
    <Card.Root overflow="hidden" data-testid="dating-card" aria-label={`${profile.aliasName}, ${profile.age}`}>
      <Box position="relative" aspectRatio={4 / 5} bg="bg.muted">
        {profile.photos.length ? (
          <Image
            src={profile.photos[photo % profile.photos.length]}
            alt={`Photo of ${profile.aliasName}`}
            w="full"
            h="full"
            objectFit="cover"
          />
        ) : (
          <Flex h="full" align="center" justify="center">
            <Text fontSize="5xl" fontWeight="bold" color="fg.muted" aria-hidden>
              {profile.aliasName.slice(0, 1).toUpperCase()}
            </Text>
          </Flex>
        )}
        {profile.photos.length > 1 && (
          <HStack position="absolute" bottom="2" left="0" right="0" justify="center" gap="1">
            {profile.photos.map((_, i) => (
              <Button
                key={i}
                size="2xs"
                minW="3"
                h="3"
                p="0"
                borderRadius="full"
                variant={i === photo ? 'solid' : 'subtle'}
                aria-label={`Photo ${i + 1} of ${profile.photos.length}`}
                aria-pressed={i === photo}
                onClick={() => setPhoto(i)}
              />
            ))}
          </HStack>
        )}
      </Box>
      <Card.Body gap="2">
        <Flex justify="space-between" align="baseline" gap="2" wrap="wrap">
          <Text fontWeight="bold" fontSize="xl">
            {profile.aliasName}, {profile.age}
          </Text>
          <Badge colorPalette="green" data-testid="compatibility">
            {profile.compatibility ?? 0}% compatible
          </Badge>
        </Flex>
        {distance && (
          <Text fontSize="sm" color="fg.muted">
            {distance}
          </Text>
        )}
        <Text>{profile.bio}</Text>
        {profile.interests.length > 0 && (
          <HStack gap="1" wrap="wrap">
            {profile.interests.map((i) => (
              <Badge key={i} variant="outline">
                {i}
              </Badge>
            ))}
          </HStack>
        )}
      </Card.Body>
      <Card.Footer justifyContent="center" gap="3">
        <Button variant="outline" onClick={() => onAct('pass')} disabled={busy} minH="11">
          <LuX aria-hidden />
          Pass
        </Button>
        <Button variant="outline" colorPalette="purple" onClick={() => onAct('wink')} disabled={busy} minH="11">
          <LuSmile aria-hidden />
          Wink
        </Button>
        <Button colorPalette="pink" onClick={() => onAct('like')} disabled={busy} minH="11">
          <LuHeart aria-hidden />
          Like
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
