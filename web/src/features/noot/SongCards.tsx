import { useEffect, useRef } from 'react';
import { Badge, Box, Button, Card, Flex, HStack, IconButton, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuHeart, LuPause, LuPlay } from 'react-icons/lu';
import { useNootSongQuery, type NootSongCardFragment } from './music.generated';
import { LoadError } from '../../ui/LoadStates';
import { ReportButton } from '../../ui/Report';
import { useShownItem } from '../../ui/useShownItem';
import { SongCover, SongTitle } from './SongParts';

/** Noot vir Noot's song pieces: the now-playing card, a chart row, and a song opened from a link (`?song=`). */

type Song = NootSongCardFragment;

/** The now-playing card: the chosen song's cover, title and artist, and the browser's audio player. */
export function NowPlaying({ song, onStarted }: { song: Song | null; onStarted: (song: Song) => void }) {
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
export function ShownSong({ id, playing, onPlay }: { id: string; playing: boolean; onPlay: (song: Song) => void }) {
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

export function SongRow({
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
