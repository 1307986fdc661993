import { useEffect, useRef, useState } from 'react';
import { Badge, Box, Button, Card, Flex, Heading, HStack, IconButton, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';
import { LuHeart, LuListMusic, LuMusic, LuPause, LuPlay, LuUpload } from 'react-icons/lu';
import {
  useApproveNootSongMutation,
  useLikeNootSongMutation,
  useNootChartQuery,
  useNootSongQuery,
  usePlayNootSongMutation,
  useRejectNootSongMutation,
  useUnlikeNootSongMutation,
  type NootSongCardFragment,
} from './music.generated';
import { errorMessage, errorReason } from '../../lib/errors';
import { EmptyNotice, LoadError } from '../../ui/LoadStates';
import { ReportButton } from '../../ui/Report';
import { Screen } from '../../ui/Screen';
import { isAdmin as isAdminUser, useSession } from '../../ui/session';
import { toaster } from '../../ui/toaster';
import { useShownItem } from '../../ui/useShownItem';
import { CreatePlaylistDialog } from './CreatePlaylistDialog';
import { SongCover, SongTitle } from './SongParts';
import { UploadSongDialog } from './UploadSongDialog';

type Song = NootSongCardFragment;

/** The spec's like failure toast (002 section 8): 'Like Limit Reached' when the server says the limit is reached. */
export function likeFailure(err: unknown): { title: string; description: string } {
  const message = err instanceof Error && err.message ? errorMessage(err) : '';
  return {
    title: errorReason(err) === 'LIKE_LIMIT_REACHED' ? 'Like Limit Reached' : 'Error',
    description: message || 'Failed to like song',
  };
}

/** The now-playing card: the chosen song's cover, title and artist, and the browser's audio player. */
function NowPlaying({ song, onStarted }: { song: Song | null; onStarted: (song: Song) => void }) {
  const audio = useRef<HTMLAudioElement>(null);
  // One count per play: when a song starts after being chosen or after it ended, not when it resumes from a pause.
  const counted = useRef<string | null>(null);
  useEffect(() => {
    counted.current = null;
    if (song) void audio.current?.play?.()?.catch(() => undefined);
  }, [song?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!song) {
    return (
      <Card.Root variant="outline" data-testid="now-playing">
        <Card.Body>
          <Text color="fg.muted">Choose a song to play.</Text>
        </Card.Body>
      </Card.Root>
    );
  }
  return (
    <Card.Root variant="outline" data-testid="now-playing">
      <Card.Body>
        <Stack gap="3">
          <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
            Now playing
          </Text>
          <HStack gap="4" align="center">
            <SongCover song={song} size="16" />
            <SongTitle song={song} />
          </HStack>
          <audio
            ref={audio}
            src={song.songFileUrl}
            controls
            preload="metadata"
            aria-label={`Player: ${song.title}`}
            data-testid="now-playing-audio"
            style={{ width: '100%' }}
            onPlay={() => {
              if (counted.current === song.id) return;
              counted.current = song.id;
              onStarted(song);
            }}
            onEnded={() => {
              counted.current = null;
            }}
          />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** Report, for a song someone else uploaded (the server refuses one's own too). */
function ReportSong({ song }: { song: Song }) {
  return song.viewerIsUploader ? null : (
    <ReportButton kind="song" subjectId={song.id} label={`Report ${song.title}`} reveal />
  );
}

/**
 * The song a link names (`?song=`: the moderation queue's "View where it is shown") when it is not in this month's
 * chart (an earlier playlist's): above the chart, marked and scrolled to, with Play and Report.
 */
function ShownSong({ id, playing, onPlay }: { id: string; playing: boolean; onPlay: (song: Song) => void }) {
  const { data, loading, error, refetch } = useNootSongQuery({ variables: { id }, fetchPolicy: 'cache-and-network' });
  const song = data?.nootSong ?? null;
  const mark = useShownItem<HTMLDivElement>(!!song);
  if (loading && !data) return <Skeleton h="20" borderRadius="lg" role="status" aria-label="Loading the song..." />;
  if (error && !data) return <LoadError title="Could not load the song" error={error} onRetry={() => refetch()} />;
  if (!song)
    return (
      <Text color="fg.muted" data-testid="song-gone">
        This song is no longer available.
      </Text>
    );
  return (
    <Box ref={mark.ref} {...mark.props} borderWidth="1px" p="3" className="group" data-testid="song-shown">
      <Flex gap="3" align="center" wrap="wrap">
        <SongCover song={song} size="12" />
        <SongTitle song={song} flex="1" minW="40">
          {song.playlist && (
            <Text fontSize="xs" color="fg.muted">
              In {song.playlist.name}
            </Text>
          )}
        </SongTitle>
        {!song.isAdminApproved && <Badge colorPalette="orange">Pending Approval</Badge>}
        <HStack gap="1">
          <IconButton
            aria-label={`${playing ? 'Playing' : 'Play'}: ${song.title}`}
            variant="ghost"
            minW="11"
            h="11"
            onClick={() => onPlay(song)}
          >
            {playing ? <LuPause /> : <LuPlay />}
          </IconButton>
          <ReportSong song={song} />
        </HStack>
      </Flex>
    </Box>
  );
}

function SongRow({
  song,
  rank,
  liked,
  admin,
  playing,
  shown,
  onPlay,
  onToggleLike,
  onApprove,
  onReject,
  busy,
}: {
  song: Song;
  rank: number;
  liked: boolean;
  admin: boolean;
  playing: boolean;
  /** The song a link names (`?song=`): marked and scrolled to. */
  shown: boolean;
  onPlay: () => void;
  onToggleLike: () => void;
  onApprove: () => void;
  onReject: () => void;
  busy: boolean;
}) {
  const mark = useShownItem<HTMLLIElement>(shown);
  return (
    <Box
      as="li"
      ref={mark.ref}
      listStyleType="none"
      borderWidth="1px"
      borderRadius="lg"
      p="3"
      className="group"
      data-testid="song-row"
      {...mark.props}
    >
      <Flex gap="3" align="center" wrap="wrap">
        <Text fontWeight="bold" w="8" textAlign="center" color="fg.muted" aria-label={`Rank ${rank}`}>
          #{rank}
        </Text>
        <SongCover song={song} size="12" />
        <SongTitle song={song} flex="1" minW="40">
          <Text fontSize="xs" color="fg.muted" data-testid="song-counts">
            {song.playCount} {song.playCount === 1 ? 'play' : 'plays'} · {song.likeCount}{' '}
            {song.likeCount === 1 ? 'like' : 'likes'}
          </Text>
        </SongTitle>
        {!song.isAdminApproved &&
          (admin ? (
            <Badge colorPalette="orange" data-testid="pending-approval">
              Pending Approval
            </Badge>
          ) : (
            <Badge colorPalette="gray">Awaiting approval</Badge>
          ))}
        <HStack gap="1">
          <IconButton
            aria-label={`${playing ? 'Playing' : 'Play'}: ${song.title}`}
            variant="ghost"
            minW="11"
            h="11"
            onClick={onPlay}
          >
            {playing ? <LuPause /> : <LuPlay />}
          </IconButton>
          {song.isAdminApproved && (
            <IconButton
              aria-label={
                `${liked ? 'Unlike' : 'Like'}: ${song.title}, ` +
                `${song.likeCount} ${song.likeCount === 1 ? 'like' : 'likes'}`
              }
              aria-pressed={liked}
              variant="ghost"
              colorPalette={liked ? 'red' : 'gray'}
              minW="11"
              h="11"
              disabled={busy}
              onClick={onToggleLike}
            >
              <LuHeart fill={liked ? 'currentColor' : 'none'} />
            </IconButton>
          )}
          {admin && !song.isAdminApproved && (
            <>
              <Button size="sm" colorPalette="green" onClick={onApprove} aria-label={`Approve: ${song.title}`}>
                Approve
              </Button>
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                onClick={onReject}
                aria-label={`Reject: ${song.title}`}
              >
                Reject
              </Button>
            </>
          )}
          <ReportSong song={song} />
        </HStack>
      </Flex>
    </Box>
  );
}

export default function NootVirNootScreen() {
  const user = useSession();
  const admin = isAdminUser(user);
  const { data, loading, error, refetch } = useNootChartQuery({ fetchPolicy: 'cache-and-network' });
  const [dialog, setDialog] = useState<'upload' | 'playlist' | null>(null);
  const [current, setCurrent] = useState<Song | null>(null);
  const [params] = useSearchParams();
  const shownId = params.get('song');
  const [busyId, setBusyId] = useState<string | null>(null);
  const [play] = usePlayNootSongMutation();
  const [like] = useLikeNootSongMutation({ refetchQueries: ['NootChart'], awaitRefetchQueries: true });
  const [unlike] = useUnlikeNootSongMutation({ refetchQueries: ['NootChart'], awaitRefetchQueries: true });
  const [approve] = useApproveNootSongMutation({ refetchQueries: ['NootChart'] });
  const [reject] = useRejectNootSongMutation({ refetchQueries: ['NootChart'] });

  const playlist = data?.nootActivePlaylist ?? null;
  const songs = playlist?.songs ?? [];
  const liked = new Set(playlist?.likedSongIds ?? []);
  const currentId = current?.id ?? null;
  const started = (s: Song) => void play({ variables: { id: s.id } }).catch(() => undefined);
  // A linked song that is not in this month's chart is shown on its own, above it.
  const shownElsewhere = !!shownId && !!data && !songs.some((s) => s.id === shownId);
  const remaining = data?.nootMonthlyLikes.likesRemaining;

  const toggleLike = async (song: Song) => {
    setBusyId(song.id);
    try {
      if (liked.has(song.id)) await unlike({ variables: { id: song.id } });
      else await like({ variables: { id: song.id } });
    } catch (err) {
      toaster.create({ type: 'error', ...likeFailure(err) });
    } finally {
      setBusyId(null);
    }
  };
  const moderate = async (song: Song, action: 'approve' | 'reject') => {
    try {
      if (action === 'approve') await approve({ variables: { id: song.id } });
      else await reject({ variables: { id: song.id } });
      toaster.create({ type: 'success', title: action === 'approve' ? 'Song approved' : 'Song rejected' });
    } catch (err) {
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(err) });
    }
  };

  let body;
  if (!data && loading) {
    body = (
      <Stack gap="3" role="status" aria-label="Loading the chart">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h="20" borderRadius="lg" />
        ))}
      </Stack>
    );
  } else if (!data && error) {
    body = <LoadError title="Could not load the chart" error={error} onRetry={() => refetch()} testId="noot-error" />;
  } else if (!playlist) {
    body = (
      <Stack gap="4" align="stretch">
        <EmptyNotice
          icon={<LuListMusic />}
          title="No Active Playlist"
          titleAs="h2"
          description={
            admin
              ? 'Create a new monthly playlist to get started.'
              : "The admin hasn't created this month's playlist yet."
          }
          testId="no-playlist"
        />
        {admin && (
          <Button
            colorPalette="green"
            alignSelf={{ base: 'stretch', md: 'center' }}
            onClick={() => setDialog('playlist')}
          >
            Create Playlist
          </Button>
        )}
      </Stack>
    );
  } else {
    body = (
      <Stack gap="5">
        <Flex
          gap="3"
          align={{ base: 'stretch', md: 'center' }}
          direction={{ base: 'column', md: 'row' }}
          justify="space-between"
        >
          <Box>
            <Heading as="h2" size="lg" data-testid="playlist-name">
              {playlist.name}
            </Heading>
            {remaining !== undefined && (
              <Text color="fg.muted" data-testid="likes-remaining">
                {remaining} {remaining === 1 ? 'like' : 'likes'} remaining this month
              </Text>
            )}
          </Box>
          <HStack gap="2" direction={{ base: 'column', md: 'row' }}>
            {admin && (
              <Button variant="outline" onClick={() => setDialog('playlist')} flex={{ base: '1', md: 'initial' }}>
                Create Playlist
              </Button>
            )}
            <Button colorPalette="green" onClick={() => setDialog('upload')} flex={{ base: '1', md: 'initial' }}>
              <LuUpload aria-hidden />
              Upload Song
            </Button>
          </HStack>
        </Flex>
        <NowPlaying song={songs.find((s) => s.id === currentId) ?? current} onStarted={started} />
        <Heading as="h2" size="md">
          Top Songs
        </Heading>
        {songs.length === 0 ? (
          <EmptyNotice icon={<LuMusic />} description="No songs yet. Be the first to upload!" testId="no-songs" />
        ) : (
          <Stack as="ol" gap="2" p="0" m="0" aria-label="Top Songs">
            {songs.map((song, i) => (
              <SongRow
                key={song.id}
                song={song}
                rank={i + 1}
                liked={liked.has(song.id)}
                admin={admin}
                playing={song.id === currentId}
                shown={song.id === shownId}
                busy={busyId === song.id}
                onPlay={() => setCurrent(song)}
                onToggleLike={() => void toggleLike(song)}
                onApprove={() => void moderate(song, 'approve')}
                onReject={() => void moderate(song, 'reject')}
              />
            ))}
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <Screen
      title="Noot vir Noot"
      description="The monthly music chart: upload songs, like your favourites and see what is climbing."
    >
      <Stack gap="5">
        {shownElsewhere && <ShownSong key={shownId} id={shownId} playing={currentId === shownId} onPlay={setCurrent} />}
        {shownElsewhere && !playlist && current && <NowPlaying song={current} onStarted={started} />}
        {body}
      </Stack>
      {dialog === 'playlist' && <CreatePlaylistDialog onClose={() => setDialog(null)} />}
      {dialog === 'upload' && playlist && (
        <UploadSongDialog playlistId={playlist.id} isAdmin={admin} onClose={() => setDialog(null)} />
      )}
    </Screen>
  );
}
