import { useState } from 'react';
import { AspectRatio, Box, chakra, Center, HStack, Image, Link, Text } from '@chakra-ui/react';
import { LuExternalLink, LuPlay } from 'react-icons/lu';
import type { LinkPreview as Preview } from './postContent';

const PROVIDER_NAME = { youtube: 'YouTube', vimeo: 'Vimeo' } as const;

/**
 * Spec 000 section 4: a video link shows a thumbnail and clicking it swaps in an embedded autoplay player;
 * any other link shows a card with the host name.
 */
export function LinkPreview({ preview }: { preview: Preview }) {
  const [playing, setPlaying] = useState(false);

  if (preview.kind === 'link') {
    return (
      <Link
        href={preview.url}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="link-preview"
        data-kind="link"
        display="flex"
        alignItems="center"
        gap="3"
        p="3"
        borderWidth="1px"
        borderRadius="md"
        bg="bg.subtle"
        textDecoration="none"
        _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
        focusVisibleRing="outside"
      >
        <Center boxSize="10" borderRadius="md" bg="bg.muted" flexShrink={0}>
          <LuExternalLink aria-hidden />
        </Center>
        <Box minW="0">
          <Text fontWeight="semibold" truncate>
            {preview.host}
          </Text>
          <Text fontSize="sm" color="fg.muted" truncate>
            {preview.url}
          </Text>
        </Box>
      </Link>
    );
  }

  const name = PROVIDER_NAME[preview.provider];
  return (
    <AspectRatio ratio={16 / 9} data-testid="link-preview" data-kind="video" data-provider={preview.provider}>
      {playing ? (
        <chakra.iframe
          src={preview.embedUrl}
          title={`${name} video`}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          border="0"
          borderRadius="md"
          w="full"
          h="full"
        />
      ) : (
        <chakra.button
          type="button"
          aria-label={`Play ${name} video`}
          onClick={() => setPlaying(true)}
          position="relative"
          borderRadius="md"
          overflow="hidden"
          bg="gray.900"
          cursor="pointer"
          focusVisibleRing="outside"
        >
          {preview.thumbnailUrl ? (
            <Image src={preview.thumbnailUrl} alt="" w="full" h="full" objectFit="cover" loading="lazy" />
          ) : (
            <Text color="whiteAlpha.800" fontWeight="semibold">
              {name}
            </Text>
          )}
          <Center position="absolute" inset="0">
            <Center boxSize="14" borderRadius="full" bg="blackAlpha.700" color="white" fontSize="2xl">
              <LuPlay aria-hidden />
            </Center>
          </Center>
          <HStack
            position="absolute"
            bottom="2"
            left="2"
            px="2"
            py="0.5"
            borderRadius="sm"
            bg="blackAlpha.700"
            color="white"
            fontSize="xs"
          >
            <Text>{name}</Text>
          </HStack>
        </chakra.button>
      )}
    </AspectRatio>
  );
}
