import { useState } from 'react';
import type { ApolloCache } from '@apollo/client';
import { Badge, Box, Button, Card, Flex, Stack, Text } from '@chakra-ui/react';
import { LuMusic } from 'react-icons/lu';
import { errorCode, errorMessage } from '../../lib/errors';
import { relativeTime } from '../../lib/relativeTime';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyNotice, LoadError, LoadingStatus, LoadMoreFooter } from '../../ui/LoadStates';
import { toaster } from '../../ui/toaster';
import { UserAvatar } from '../../ui/UserAvatar';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { SongCover, SongTitle } from '../noot';
import { useApproveNootSongMutation, useRejectNootSongMutation } from '../noot/music.generated';
import { useNootPendingSongsQuery, type NootPendingSongsQuery } from './admin.generated';

type PendingSong = NootPendingSongsQuery['nootPendingSongs']['nodes'][number];

export const NO_PENDING_SONGS = 'No songs waiting for approval';

/** Takes a song off the queue held in the cache (approved, rejected, or handled by another admin meanwhile). */
function dropFromQueue(cache: ApolloCache, id: string) {
  cache.modify({
    fields: {
      nootPendingSongs: (existing, { readField }) => ({
        ...existing,
        nodes: (existing.nodes as ReadonlyArray<{ __ref: string }>).filter((n) => readField('id', n) !== id),
      }),
    },
  });
}

/** Asks before rejecting: the song and its files are removed and the uploader is told. */
function RejectSongDialog({
  song,
  onClose,
  onConfirm,
  loading,
}: {
  song: PendingSong;
  onClose: () => void;
  onConfirm: () => void;
  loading: boolean;
}) {
  return (
    <ConfirmDialog
      title="Reject Song"
      testId="admin-reject-song"
      onClose={onClose}
      confirmLabel="Reject"
      loading={loading}
      loadingText="Rejecting..."
      onConfirm={onConfirm}
    >
      <Text>
        Are you sure you want to reject &ldquo;{song.title}&rdquo; by {song.artist}? The song and its files will be
        removed and {song.uploader?.displayName ?? 'the uploader'} will be told. This cannot be undone.
      </Text>
    </ConfirmDialog>
  );
}

function PendingSongRow({
  song,
  busy,
  onApprove,
  onReject,
}: {
  song: PendingSong;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  return (
    <Card.Root as="li" size="sm" data-testid="admin-pending-song" aria-label={`${song.title} by ${song.artist}`}>
      <Card.Body>
        <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'center' }}>
          <Flex gap="3" align="center" flex="1" minW="0">
            <SongCover song={song} size="16" />
            <SongTitle song={song} flex="1">
              <Flex gap="2" align="center" mt="1" wrap="wrap" fontSize="sm" color="fg.muted">
                {song.uploader && (
                  <Flex gap="1.5" align="center" minW="0">
                    <UserAvatar user={song.uploader} size="xs" />
                    <Text truncate>{song.uploader.displayName}</Text>
                  </Flex>
                )}
                {song.playlist && <Badge variant="subtle">{song.playlist.name}</Badge>}
                <time dateTime={song.createdAt} title={new Date(song.createdAt).toLocaleString()}>
                  {relativeTime(song.createdAt)}
                </time>
              </Flex>
            </SongTitle>
          </Flex>
          <Box w={{ base: 'full', md: '72' }} flexShrink={0}>
            <audio
              controls
              preload="none"
              src={song.songFileUrl}
              aria-label={`Preview: ${song.title}`}
              style={{ width: '100%' }}
              data-testid="admin-song-preview"
            />
          </Box>
          <Flex gap="2" flexShrink={0}>
            <Button
              flex={{ base: '1', md: 'initial' }}
              minH="11"
              colorPalette="green"
              onClick={onApprove}
              loading={busy}
              aria-label={`Approve: ${song.title}`}
            >
              Approve
            </Button>
            <Button
              flex={{ base: '1', md: 'initial' }}
              minH="11"
              variant="outline"
              colorPalette="red"
              onClick={onReject}
              disabled={busy}
              aria-label={`Reject: ${song.title}`}
            >
              Reject
            </Button>
          </Flex>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * Noot Approvals: members' uploads waiting for approval, oldest first, with cover, uploader, playlist and a preview
 * player; Approve publishes a song to its chart, Reject (after a confirmation) removes it and tells the uploader.
 */
export function NootApprovalsTab() {
  const { data, loading, error, refetch, fetchMore } = useNootPendingSongsQuery({
    variables: { first: 20 },
    notifyOnNetworkStatusChange: true,
    fetchPolicy: 'cache-and-network',
  });
  const paging = usePagedConnection({ connection: data?.nootPendingSongs, fetchMore });
  const [approve] = useApproveNootSongMutation();
  const [reject, { loading: rejecting }] = useRejectNootSongMutation();
  const [approvingId, setApprovingId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<PendingSong | null>(null);

  /**
   * Runs an action; a song another admin handled meanwhile (NOT_FOUND, CONFLICT) leaves the queue with a clear word.
   */
  const act = async (song: PendingSong, run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      toaster.success({ title: done });
    } catch (err) {
      const code = errorCode(err);
      if (code === 'NOT_FOUND' || code === 'CONFLICT') {
        toaster.create({
          type: 'info',
          title: 'Already handled',
          description: `"${song.title}" was already approved or rejected by another admin.`,
        });
        refetch().catch(() => undefined);
      } else toaster.error({ title: 'Error', description: errorMessage(err) });
    }
  };
  const onApprove = async (song: PendingSong) => {
    setApprovingId(song.id);
    await act(
      song,
      () => approve({ variables: { id: song.id }, update: (cache) => dropFromQueue(cache, song.id) }),
      'Song approved',
    );
    setApprovingId(null);
  };
  const onReject = async (song: PendingSong) => {
    await act(
      song,
      () =>
        reject({
          variables: { id: song.id },
          update: (cache) => {
            dropFromQueue(cache, song.id);
            cache.evict({ id: cache.identify({ __typename: 'NootSong', id: song.id }) });
            cache.gc();
          },
        }),
      'Song rejected',
    );
    setConfirming(null);
  };

  if (loading && !data) return <LoadingStatus testId="admin-noot-loading">Loading songs...</LoadingStatus>;
  if (error && !data)
    return (
      <LoadError
        title="Could not load the songs waiting for approval"
        error={error}
        onRetry={() => refetch()}
        testId="admin-noot-error"
      />
    );
  if (paging.nodes.length === 0)
    return <EmptyNotice icon={<LuMusic />} description={NO_PENDING_SONGS} testId="admin-noot-empty" />;
  return (
    <Stack gap="2">
      <Stack as="ul" gap="2" listStyleType="none" aria-label="Songs waiting for approval">
        {paging.nodes.map((song) => (
          <PendingSongRow
            key={song.id}
            song={song}
            busy={approvingId === song.id}
            onApprove={() => void onApprove(song)}
            onReject={() => setConfirming(song)}
          />
        ))}
      </Stack>
      <div ref={paging.sentinelRef} />
      <LoadMoreFooter
        hasNextPage={paging.hasNextPage}
        paging={paging}
        failedText="Could not load more songs."
        loadingText="Loading..."
      />
      {confirming && (
        <RejectSongDialog
          song={confirming}
          loading={rejecting}
          onClose={() => setConfirming(null)}
          onConfirm={() => void onReject(confirming)}
        />
      )}
    </Stack>
  );
}
