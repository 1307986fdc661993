import type { ReactNode } from 'react';
import { Badge, Box, Button, Flex, Icon, Image, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { LuMapPin } from 'react-icons/lu';
import { useFeedSavedPlacesQuery } from './rightPanel.generated';
import { useFriendRequestsQuery, usePendingFriendRequestCountQuery } from '../friends/friends.generated';
import { relativeTime } from '../../lib/relativeTime';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { FriendRequestsContent, FriendSuggestionsContent, SectionState, useOptionalFriendsPanel } from '../friends';
import { SectionHeading } from '../../ui/SectionHeading';

/** Chakra's 2xl breakpoint: the right column shows from here up (spec 000: "only on very wide screens"). */
export const WIDE_QUERY = '(min-width: 1536px)';
const RIGHT_PANEL_REQUESTS = 3;
const RIGHT_PANEL_SUGGESTIONS = 5;
const RIGHT_PANEL_SAVED_PLACES = 3;

/** True at 1536 px and wider; below, the right column is not rendered (and so loads nothing). */
export function useIsWideScreen(): boolean {
  return useMediaQuery(WIDE_QUERY);
}

function PanelSection({
  id,
  title,
  extra,
  subtitle,
  children,
  footer,
}: {
  id: string;
  title: string;
  extra?: ReactNode;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Box as="section" aria-labelledby={id} borderWidth="1px" borderRadius="lg" bg="bg.panel" px="4" py="3">
      <SectionHeading id={id} title={title} subtitle={subtitle} extra={extra} />
      {children}
      {footer && (
        <Flex justify="flex-end" mt="1">
          {footer}
        </Flex>
      )}
    </Box>
  );
}

const retry = (refetch: () => Promise<unknown>) => () => void refetch().catch(() => undefined);

function RequestsSection() {
  const friendsPanel = useOptionalFriendsPanel();
  // The same query as the list below (shared cache): its rows decide the "See all" button.
  const { data } = useFriendRequestsQuery({ fetchPolicy: 'cache-first' });
  // The same query as the Friends badge: answered from the cache when the shell has it.
  const { data: countData } = usePendingFriendRequestCountQuery();
  const requests = data?.friendRequests ?? [];
  const count = countData?.pendingFriendRequestCount ?? requests.length;
  return (
    <PanelSection
      id="right-panel-requests-heading"
      title="Friend requests"
      extra={
        data && count > 0 ? (
          <Badge colorPalette="green" variant="solid" borderRadius="full" data-testid="right-panel-request-count">
            {count}
            <Text as="span" srOnly>
              {' '}
              pending
            </Text>
          </Badge>
        ) : null
      }
      footer={
        friendsPanel && requests.length > 0 ? (
          <Button
            size="xs"
            variant="ghost"
            colorPalette="green"
            aria-label="See all friend requests"
            onClick={friendsPanel.openPanel}
          >
            See all
          </Button>
        ) : null
      }
    >
      <FriendRequestsContent limit={RIGHT_PANEL_REQUESTS} actionsBelow />
    </PanelSection>
  );
}

function SuggestionsSection() {
  // The friends panel's own query: both lists share the cache, so a request sent in one shows 'Pending' in both.
  return (
    <PanelSection id="right-panel-suggestions-heading" title="People you may know" subtitle="Friends of your friends">
      <FriendSuggestionsContent limit={RIGHT_PANEL_SUGGESTIONS} />
    </PanelSection>
  );
}

function SavedPlacesSection() {
  const { data, loading, error, refetch } = useFeedSavedPlacesQuery({
    variables: { first: RIGHT_PANEL_SAVED_PLACES },
    fetchPolicy: 'cache-and-network',
  });
  const places = data?.savedCheckins.nodes ?? [];
  return (
    <PanelSection
      id="right-panel-places-heading"
      title="Saved places"
      footer={
        places.length > 0 ? (
          <ChakraLink asChild fontSize="xs" fontWeight="medium" color="green.fg" aria-label="See all saved places">
            <RouterLink to="/things-to-do">See all</RouterLink>
          </ChakraLink>
        ) : null
      }
    >
      <SectionState
        loading={loading && !data}
        error={!data && error}
        empty={places.length === 0}
        label="saved places"
        emptyText="No saved places yet. Save a check-in from a post to find it here."
        onRetry={retry(refetch)}
      />
      {places.length > 0 && (
        <Stack as="ul" gap="0" listStyleType="none" m="0" p="0">
          {places.map((saved) => {
            const place = saved.post.location || 'Saved place';
            const thumbnail = saved.post.images[0]?.thumbnailUrl ?? saved.post.imageUrl;
            return (
              <Box as="li" key={saved.id}>
                <ChakraLink
                  asChild
                  display="flex"
                  alignItems="center"
                  gap="3"
                  py="2"
                  px="1"
                  mx="-1"
                  borderRadius="md"
                  textDecoration="none"
                  _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
                >
                  <RouterLink to="/things-to-do" aria-label={place} data-testid="right-panel-place">
                    {thumbnail ? (
                      <Image
                        src={thumbnail}
                        alt=""
                        boxSize="10"
                        borderRadius="md"
                        objectFit="cover"
                        flexShrink={0}
                        loading="lazy"
                      />
                    ) : (
                      <Flex
                        boxSize="10"
                        borderRadius="md"
                        bg="green.subtle"
                        color="green.fg"
                        align="center"
                        justify="center"
                        flexShrink={0}
                      >
                        <Icon as={LuMapPin} boxSize="5" aria-hidden />
                      </Flex>
                    )}
                    <Box minW="0">
                      <Text fontSize="sm" fontWeight="medium" truncate>
                        {place}
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        Saved {relativeTime(saved.createdAt)}
                      </Text>
                    </Box>
                  </RouterLink>
                </ChakraLink>
              </Box>
            );
          })}
        </Stack>
      )}
    </PanelSection>
  );
}

/**
 * The home feed's right-hand column (spec 000 "Home feed": "A right-hand panel appears only on very wide
 * screens"): friend requests, people you may know and the newest saved places. FeedScreen renders it only at
 * 2xl (useIsWideScreen), so below that nothing of it is in the page or loaded.
 */
export function FeedRightPanel() {
  return (
    <Stack
      as="aside"
      aria-label="Right panel"
      data-testid="right-panel"
      gap="4"
      w="20rem"
      flexShrink={0}
      position="sticky"
      top="14"
      alignSelf="flex-start"
      maxH="calc(100dvh - 3.5rem)"
      overflowY="auto"
      py="6"
      pe="6"
    >
      <RequestsSection />
      <SuggestionsSection />
      <SavedPlacesSection />
    </Stack>
  );
}
