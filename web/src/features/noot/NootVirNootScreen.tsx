import { useState } from 'react';
import { Box, Button, Flex, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';
import { LuListMusic, LuMusic, LuUpload } from 'react-icons/lu';
import {
  useApproveNootSongMutation,
  useLikeNootSongMutation,
  useNootChartQuery,
  usePlayNootSongMutation,
  useRejectNootSongMutation,
  useUnlikeNootSongMutation,
  type NootSongCardFragment,
} from './music.generated';
import { errorMessage, errorReason } from '../../lib/errors';
import { EmptyNotice, LoadError } from '../../ui/LoadStates';
import { Screen } from '../../ui/Screen';
import { isAdmin as isAdminUser, useSession } from '../../ui/session';
import { toaster } from '../../ui/toaster';
import { CreatePlaylistDialog } from './CreatePlaylistDialog';
import { UploadSongDialog } from './UploadSongDialog';
import { NowPlaying, ShownSong, SongRow } from './SongCards';

type Song = NootSongCardFragment;

/** The spec's like failure toast (002 section 8): 'Like Limit Reached' when the server says the limit is reached. */
export function likeFailure(err: unknown): { title: string; description: string } {
  const message = err instanceof Error && err.message ? errorMessage(err) : '';
  return {
    title: errorReason(err) === 'LIKE_LIMIT_REACHED' ? 'Like Limit Reached' : 'Error',
    description: message || 'Failed to like song',
  };
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
