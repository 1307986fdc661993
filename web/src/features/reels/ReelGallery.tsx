import { useEffect, useRef, useState } from 'react';
import {
  Box,
  Button,
  chakra,
  Flex,
  HStack,
  Icon,
  IconButton,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { LuChevronLeft, LuChevronRight, LuFilm, LuFlag, LuHeart, LuTrash2 } from 'react-icons/lu';
import {
  useDeleteReelMutation,
  useLikeReelMutation,
  useUnlikeReelMutation,
  type ReelCardFragment,
} from './reels.generated';
import { DialogFrame } from '../../ui/DialogFrame';
import { useReportDialog } from '../../ui/Report';
import { EmptyNotice, LoadError, LoadMoreFooter } from '../../ui/LoadStates';
import { toaster } from '../../ui/toaster';
import { usePagedConnection, type Connection, type PagedConnectionOptions } from '../../ui/usePagedConnection';

export const REELS_PAGE_SIZE = 12;
/** A horizontal swipe at least this long (px) moves to the next or previous reel. */
const SWIPE_PX = 50;

function ReelTile({ reel, onOpen }: { reel: ReelCardFragment; onOpen: () => void }) {
  const still = reel.thumbnailUrl ?? reel.imageUrl;
  return (
    <chakra.button
      type="button"
      onClick={onOpen}
      data-testid="reel-card"
      position="relative"
      aspectRatio={9 / 16}
      borderRadius="xl"
      overflow="hidden"
      borderWidth="1px"
      cursor="pointer"
      textAlign="left"
      bg="black"
    >
      {still ? (
        <Image src={still} alt="" w="full" h="full" objectFit="cover" loading="lazy" />
      ) : reel.videoUrl ? (
        <video
          src={reel.videoUrl}
          muted
          playsInline
          preload="metadata"
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        <Flex
          h="full"
          align="center"
          justify="center"
          bgGradient="to-br"
          gradientFrom="green.500"
          gradientTo="yellow.400"
        >
          <Icon as={LuFilm} boxSize="8" color="white" aria-hidden />
        </Flex>
      )}
      <Box
        position="absolute"
        insetX="0"
        bottom="0"
        p="2"
        pt="6"
        bgGradient="to-t"
        gradientFrom="blackAlpha.800"
        gradientTo="transparent"
      >
        <Text color="white" fontSize="sm" fontWeight="semibold" lineClamp={2}>
          {reel.title}
        </Text>
        <HStack color="white" fontSize="xs" gap="1">
          <LuHeart aria-hidden />
          <span>
            {reel.likeCount} <VisuallyHidden>{reel.likeCount === 1 ? 'like' : 'likes'}</VisuallyHidden>
          </span>
        </HStack>
      </Box>
    </chakra.button>
  );
}

/** The full-screen player: the reel plays; arrow keys and swipes move to the next and previous reels. */
function ReelPlayer({
  reels,
  index,
  onIndex,
  onClose,
}: {
  reels: readonly ReelCardFragment[];
  index: number;
  onIndex: (i: number) => void;
  onClose: () => void;
}) {
  const reel = reels[index];
  const [like] = useLikeReelMutation();
  const [unlike] = useUnlikeReelMutation();
  const [remove, { loading: deleting }] = useDeleteReelMutation();
  const touchX = useRef<number | null>(null);
  const report = useReportDialog();
  const hasPrev = index > 0;
  const hasNext = index < reels.length - 1;

  useEffect(() => {
    // The report dialog's reasons use the arrow keys: the reel behind it stays while it is open.
    if (report.isOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight' || e.key === 'ArrowDown') onIndex(Math.min(index + 1, reels.length - 1));
      if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') onIndex(Math.max(index - 1, 0));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, reels.length, onIndex, report.isOpen]);

  if (!reel) return null;

  const toggleLike = async () => {
    const vars = { variables: { id: reel.id } };
    try {
      if (reel.viewerLiked) await unlike(vars);
      else await like(vars);
    } catch {
      toaster.create({ type: 'error', title: 'Error', description: 'Failed to like reel. Please try again.' });
    }
  };

  const deleteReel = async () => {
    try {
      await remove({
        variables: { id: reel.id },
        update: (cache) => {
          cache.evict({ id: cache.identify(reel) });
          cache.gc();
        },
      });
      toaster.create({ type: 'success', title: 'Reel Deleted' });
      onClose();
    } catch {
      toaster.create({ type: 'error', title: 'Error', description: 'Failed to delete reel. Please try again.' });
    }
  };

  return (
    <DialogFrame title={reel.title} testId="reel-player" onClose={onClose} size="cover" flush>
      <Stack
        gap="3"
        p="3"
        h="full"
        onTouchStart={(e) => {
          touchX.current = e.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(e) => {
          const start = touchX.current;
          const end = e.changedTouches[0]?.clientX;
          touchX.current = null;
          if (start === null || end === undefined) return;
          if (start - end > SWIPE_PX && hasNext) onIndex(index + 1);
          if (end - start > SWIPE_PX && hasPrev) onIndex(index - 1);
        }}
      >
        <Flex
          flex="1"
          minH="60dvh"
          align="center"
          justify="center"
          bg="black"
          borderRadius="md"
          overflow="hidden"
          position="relative"
        >
          {reel.videoUrl ? (
            <video
              key={reel.id}
              src={reel.videoUrl}
              data-testid="reel-video"
              autoPlay
              loop
              playsInline
              controls
              style={{ maxHeight: '75dvh', maxWidth: '100%' }}
            />
          ) : reel.imageUrl || reel.thumbnailUrl ? (
            <Image src={reel.imageUrl ?? reel.thumbnailUrl ?? ''} alt={reel.title} maxH="75dvh" objectFit="contain" />
          ) : (
            <Icon as={LuFilm} boxSize="16" color="white" aria-hidden />
          )}
          <IconButton
            aria-label="Previous reel"
            position="absolute"
            left="2"
            variant="subtle"
            rounded="full"
            disabled={!hasPrev}
            onClick={() => onIndex(index - 1)}
          >
            <LuChevronLeft />
          </IconButton>
          <IconButton
            aria-label="Next reel"
            position="absolute"
            right="2"
            variant="subtle"
            rounded="full"
            disabled={!hasNext}
            onClick={() => onIndex(index + 1)}
          >
            <LuChevronRight />
          </IconButton>
        </Flex>
        <HStack justify="space-between" align="start" gap="3">
          <Stack gap="1" minW="0">
            <Text fontSize="sm" color="fg.muted">
              {reel.author.displayName}
            </Text>
            {reel.caption && <Text>{reel.caption}</Text>}
          </Stack>
          <HStack gap="2">
            <Button
              variant={reel.viewerLiked ? 'solid' : 'outline'}
              colorPalette="red"
              aria-pressed={reel.viewerLiked}
              onClick={() => void toggleLike()}
              data-testid="reel-like"
            >
              <LuHeart aria-hidden />
              {reel.viewerLiked ? 'Liked' : 'Like'} · {reel.likeCount}
            </Button>
            {reel.viewerCanDelete ? (
              <Button variant="outline" colorPalette="red" loading={deleting} onClick={() => void deleteReel()}>
                <LuTrash2 aria-hidden />
                Delete
              </Button>
            ) : (
              <Button
                variant="outline"
                aria-label="Report reel"
                onClick={() => report.open({ kind: 'reel', subjectId: reel.id })}
                data-testid="report-button"
              >
                <LuFlag aria-hidden />
                Report
              </Button>
            )}
          </HStack>
        </HStack>
      </Stack>
      {report.dialog}
    </DialogFrame>
  );
}

interface GalleryProps {
  connection: Connection<ReelCardFragment> | null | undefined;
  loading: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
  fetchMore: PagedConnectionOptions<ReelCardFragment>['fetchMore'];
  emptyText: string;
}

/** A grid of reels with 4 skeletons while loading, an empty text, Load more, and the full-screen player. */
export function ReelGallery({ connection, loading, error, refetch, fetchMore, emptyText }: GalleryProps) {
  const paging = usePagedConnection({ connection, fetchMore, auto: false });
  const reels = paging.nodes;
  const [open, setOpen] = useState<number | null>(null);

  let content;
  if (loading && !connection) {
    content = (
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4" data-testid="reels-loading" aria-busy>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} aspectRatio={9 / 16} borderRadius="xl" data-testid="reel-skeleton" />
        ))}
      </SimpleGrid>
    );
  } else if (error && !connection) {
    content = <LoadError title="Reels could not be loaded." error={error} onRetry={refetch} />;
  } else if (reels.length === 0) {
    content = <EmptyNotice icon={<LuFilm />} description={emptyText} testId="reels-empty" />;
  } else {
    content = (
      <Stack gap="6">
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="4" data-testid="reels-grid">
          {reels.map((reel, i) => (
            <ReelTile key={reel.id} reel={reel} onOpen={() => setOpen(i)} />
          ))}
        </SimpleGrid>
        <LoadMoreFooter
          hasNextPage={paging.hasNextPage}
          paging={paging}
          failedText="More reels could not be loaded."
          loadingText="Loading..."
        />
      </Stack>
    );
  }
  return (
    <>
      {content}
      {open !== null && reels[open] && (
        <ReelPlayer reels={reels} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
      )}
    </>
  );
}

/** The reel a /reels?id= link names, open in the player on its own (a shared link, the moderation queue's link). */
export function ShownReel({ reel, onClose }: { reel: ReelCardFragment; onClose: () => void }) {
  return <ReelPlayer reels={[reel]} index={0} onIndex={() => undefined} onClose={onClose} />;
}
