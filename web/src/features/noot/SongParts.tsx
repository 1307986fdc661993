import { Box, type BoxProps, Flex, Image, Text } from '@chakra-ui/react';
import { LuMusic } from 'react-icons/lu';
import type { NootSong } from '../../gql/graphql';

/** A song's cover (or a music note on a muted square), `size` a Chakra size token: the chart and the admin's queue. */
export function SongCover({ song, size }: { song: Pick<NootSong, 'title' | 'coverImageUrl'>; size: string }) {
  return song.coverImageUrl ? (
    <Image
      src={song.coverImageUrl}
      alt={`Cover of ${song.title}`}
      w={size}
      h={size}
      borderRadius="md"
      objectFit="cover"
      flexShrink={0}
    />
  ) : (
    <Flex w={size} h={size} borderRadius="md" bg="bg.muted" align="center" justify="center" flexShrink={0} aria-hidden>
      <LuMusic />
    </Flex>
  );
}

/** A song's title, then its artist and album, each on one line; `children` follow. */
export function SongTitle({
  song,
  children,
  ...box
}: BoxProps & { song: Pick<NootSong, 'title' | 'artist' | 'album'> }) {
  return (
    <Box minW="0" {...box}>
      <Text fontWeight="semibold" truncate>
        {song.title}
      </Text>
      <Text fontSize="sm" color="fg.muted" truncate>
        {song.artist}
        {song.album ? ` · ${song.album}` : ''}
      </Text>
      {children}
    </Box>
  );
}
