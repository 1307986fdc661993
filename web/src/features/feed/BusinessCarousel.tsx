import { useState } from 'react';
import { keyframes } from '@emotion/react';
import { Box, Flex, Heading, IconButton, Image, Link as ChakraLink, Skeleton, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { LuPause, LuPlay } from 'react-icons/lu';
import { useFeedBusinessesQuery, type FeedBusinessesQuery } from './feed.generated';
import { InlineLoadError } from '../../ui/LoadStates';
import { businessHref } from '../../lib/links';

type Business = FeedBusinessesQuery['businesses']['nodes'][number];

/** The duplicated track moves left by one copy (half its width), then starts again: a seamless loop. */
const marquee = keyframes`
  from { transform: translateX(0); }
  to { transform: translateX(-50%); }
`;

/** Below this many businesses the strip stands still: a short list cannot fill the loop. */
const MIN_TO_SCROLL = 3;
const SECONDS_PER_CARD = 6;

function BusinessCard({ business, hidden = false }: { business: Business; hidden?: boolean }) {
  return (
    <Box as="li" listStyleType="none" flexShrink={0}>
      <ChakraLink
        asChild
        display="flex"
        alignItems="center"
        gap="3"
        w="56"
        p="3"
        borderWidth="1px"
        borderRadius="lg"
        bg="bg"
        color="fg"
        textDecoration="none"
        _hover={{ textDecoration: 'none', bg: 'bg.muted' }}
      >
        <RouterLink
          to={businessHref(business.name)}
          tabIndex={hidden ? -1 : undefined}
          data-testid={hidden ? undefined : 'business-card'}
        >
          {business.imageUrl ? (
            <Image
              src={business.imageUrl}
              alt=""
              boxSize="12"
              borderRadius="md"
              objectFit="cover"
              loading="lazy"
              flexShrink={0}
            />
          ) : (
            <Flex
              boxSize="12"
              borderRadius="md"
              bg="green.subtle"
              color="green.fg"
              align="center"
              justify="center"
              fontWeight="bold"
              flexShrink={0}
              aria-hidden
            >
              {business.name.slice(0, 1).toUpperCase()}
            </Flex>
          )}
          <Box minW="0">
            <Text fontWeight="semibold" truncate>
              {business.name}
            </Text>
            <Text fontSize="sm" color="fg.muted" truncate>
              {business.category}
            </Text>
          </Box>
        </RouterLink>
      </ChakraLink>
    </Box>
  );
}

/**
 * The businesses carousel of the home feed. The list is shown twice so it scrolls without a seam; the copy is
 * hidden from assistive technology and the keyboard. It pauses on hover, on focus and with its pause button,
 * and stands still (scrollable by hand) for members who prefer reduced motion.
 */
export function BusinessCarousel() {
  const { data, loading, error, refetch } = useFeedBusinessesQuery({ variables: { first: 10 } });
  const [paused, setPaused] = useState(false);
  const businesses = data?.businesses.nodes ?? [];
  const moving = businesses.length >= MIN_TO_SCROLL;

  return (
    <Box as="section" aria-labelledby="businesses-heading" my="6">
      <Flex align="center" justify="space-between" mb="3" gap="2">
        <Heading as="h2" id="businesses-heading" size="md">
          Businesses
        </Heading>
        <Flex align="center" gap="1">
          {moving && (
            <IconButton
              aria-label={paused ? 'Play businesses carousel' : 'Pause businesses carousel'}
              aria-pressed={paused}
              size="xs"
              variant="ghost"
              onClick={() => setPaused((p) => !p)}
              _motionReduce={{ display: 'none' }}
            >
              {paused ? <LuPlay /> : <LuPause />}
            </IconButton>
          )}
          <ChakraLink asChild fontSize="sm" colorPalette="green" color="colorPalette.fg">
            <RouterLink to="/business">See all</RouterLink>
          </ChakraLink>
        </Flex>
      </Flex>

      {loading && !data && (
        <Flex gap="3" overflow="hidden" aria-hidden>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} w="56" h="20" borderRadius="lg" flexShrink={0} />
          ))}
        </Flex>
      )}

      {error && !data && (
        <InlineLoadError retryLabel="Retry loading businesses" onRetry={refetch}>
          Businesses could not be loaded.
        </InlineLoadError>
      )}

      {data && businesses.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          No businesses yet.
        </Text>
      )}

      {businesses.length > 0 && (
        <Box
          data-testid="business-carousel"
          overflowX={moving ? 'hidden' : 'auto'}
          _motionReduce={{ overflowX: 'auto' }}
          py="1"
          css={{
            // Fade the edges so cards slide in and out softly.
            maskImage: moving
              ? 'linear-gradient(to right, transparent, black 2rem, black calc(100% - 2rem), transparent)'
              : undefined,
          }}
        >
          <Flex
            w="max-content"
            data-testid="business-track"
            animation={moving ? `${marquee} ${businesses.length * SECONDS_PER_CARD}s linear infinite` : undefined}
            style={paused ? { animationPlayState: 'paused' } : undefined}
            _hover={{ animationPlayState: 'paused' }}
            _focusWithin={{ animationPlayState: 'paused' }}
            _motionReduce={{ animation: 'none' }}
          >
            <Flex as="ul" gap="3" ps="0" pe="3" py="0" m="0" aria-label="Businesses">
              {businesses.map((business) => (
                <BusinessCard key={business.id} business={business} />
              ))}
            </Flex>
            {moving && (
              <Flex
                as="ul"
                gap="3"
                ps="0"
                pe="3"
                py="0"
                m="0"
                aria-hidden
                data-testid="business-carousel-copy"
                _motionReduce={{ display: 'none' }}
              >
                {businesses.map((business) => (
                  <BusinessCard key={business.id} business={business} hidden />
                ))}
              </Flex>
            )}
          </Flex>
        </Box>
      )}
    </Box>
  );
}
