import { Box, Flex, Heading } from '@chakra-ui/react';
import { useDocumentTitle } from '../../ui/Screen';
import { BusinessCarousel } from './BusinessCarousel';
import { Composer } from './Composer';
import { FeedRightPanel, useIsWideScreen } from './FeedRightPanel';
import { FeedPosts } from './FeedPosts';
import { ReelStrip } from './ReelStrip';

/**
 * The home feed (spec 000 "Home feed"): reel strip, composer, businesses carousel, then the posts; on very wide
 * screens (2xl) the right-hand column beside them.
 */
export default function FeedScreen() {
  useDocumentTitle('Home');
  const wide = useIsWideScreen();
  return (
    <Flex align="flex-start" w="full">
      <Box
        as="section"
        aria-labelledby="screen-title"
        maxW="2xl"
        mx="auto"
        w="full"
        minW="0"
        px={{ base: '3', md: '6' }}
        py={{ base: '4', md: '6' }}
      >
        <Heading as="h1" id="screen-title" size="2xl" mb="4">
          Home
        </Heading>
        <ReelStrip />
        <Composer />
        <BusinessCarousel />
        <Box as="section" aria-labelledby="posts-heading">
          <Heading as="h2" id="posts-heading" srOnly>
            Posts
          </Heading>
          <FeedPosts />
        </Box>
      </Box>
      {wide && <FeedRightPanel />}
    </Flex>
  );
}
