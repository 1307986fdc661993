import { Suspense, useState } from 'react';
import { Box, chakra, Flex, Icon, Image, Link as ChakraLink, Skeleton, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { LuFilm, LuPlus } from 'react-icons/lu';
import { useFeedReelsQuery } from './feed.generated';
import { InlineLoadError } from '../../ui/LoadStates';
import { UploadReelDialog } from '../reels';

const TILE_W = { base: '24', md: '28' };
const TILE_H = { base: '40', md: '48' };

function Tile({
  to,
  label,
  children,
  testId,
}: {
  to: string;
  label: string;
  children: React.ReactNode;
  testId: string;
}) {
  return (
    <Box as="li" flexShrink={0} listStyleType="none">
      <ChakraLink
        asChild
        display="block"
        position="relative"
        w={TILE_W}
        h={TILE_H}
        borderRadius="xl"
        overflow="hidden"
        borderWidth="1px"
        textDecoration="none"
        _hover={{ textDecoration: 'none', opacity: 0.92 }}
        focusRingOffset="2px"
      >
        <RouterLink to={to} aria-label={label} data-testid={testId}>
          {children}
        </RouterLink>
      </ChakraLink>
    </Box>
  );
}

/** The 'Add Reel' tile: a button that opens the Upload Reel dialog. */
function AddReelTile({ onClick }: { onClick: () => void }) {
  return (
    <Box as="li" flexShrink={0} listStyleType="none">
      <chakra.button
        type="button"
        onClick={onClick}
        aria-label="Add Reel"
        data-testid="add-reel"
        display="block"
        w={TILE_W}
        h={TILE_H}
        borderRadius="xl"
        overflow="hidden"
        borderWidth="1px"
        cursor="pointer"
        _hover={{ opacity: 0.92 }}
        focusRingOffset="2px"
      >
        <Flex direction="column" align="center" justify="center" h="full" gap="2" bg="bg.muted" color="fg">
          <Flex
            align="center"
            justify="center"
            boxSize="10"
            borderRadius="full"
            bg="green.solid"
            color="green.contrast"
          >
            <LuPlus aria-hidden />
          </Flex>
          <Text fontSize="sm" fontWeight="semibold">
            Add Reel
          </Text>
        </Flex>
      </chakra.button>
    </Box>
  );
}

/** The reel strip at the top of the home feed: an 'Add Reel' tile, then the newest reels (document 001, 2.5). */
export function ReelStrip() {
  const { data, loading, error, refetch } = useFeedReelsQuery({ variables: { first: 10 } });
  const reels = data?.reels.nodes ?? [];
  const [uploading, setUploading] = useState(false);

  return (
    <Box as="section" aria-label="Reels" mb="6">
      <Flex
        as="ul"
        gap="3"
        overflowX="auto"
        m="0"
        px="0"
        pt="0"
        pb="2"
        data-testid="reel-strip"
        scrollSnapType="x proximity"
      >
        <AddReelTile onClick={() => setUploading(true)} />
        {loading &&
          !data &&
          Array.from({ length: 3 }, (_, i) => (
            <Box as="li" key={i} flexShrink={0} listStyleType="none" aria-hidden>
              <Skeleton w={TILE_W} h={TILE_H} borderRadius="xl" />
            </Box>
          ))}
        {reels.map((reel) => (
          <Tile key={reel.id} to="/reels" label={reel.title} testId="reel-tile">
            {reel.thumbnailUrl ? (
              <Image src={reel.thumbnailUrl} alt="" w="full" h="full" objectFit="cover" loading="lazy" />
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
              <Text color="white" fontSize="xs" fontWeight="semibold" lineClamp={2} aria-hidden>
                {reel.title}
              </Text>
            </Box>
          </Tile>
        ))}
      </Flex>
      {error && !data && (
        <InlineLoadError mt="1" retryLabel="Retry loading reels" onRetry={refetch}>
          Reels could not be loaded.
        </InlineLoadError>
      )}
      {uploading && (
        <Suspense fallback={null}>
          <UploadReelDialog onClose={() => setUploading(false)} />
        </Suspense>
      )}
    </Box>
  );
}
