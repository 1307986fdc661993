import { Box, Flex, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { NavLink } from 'react-router';
import { useMyGroupsChangedSubscription, useMyGroupsQuery } from './groups.generated';
import { InlineLoadError } from '../../ui/LoadStates';
import { membersText } from './groupText';

const SHOWN = 5;

/**
 * "Your Groups" of the sidebar and the mobile sheet (spec 000 section 2): a Discover link and the member's own
 * groups with their member counts, each opening the group in Klets; read again live when the groups change.
 */
export function YourGroups({
  onNavigate,
  headingId = 'your-groups-heading',
}: {
  onNavigate?: () => void;
  headingId?: string;
}) {
  const mine = useMyGroupsQuery({ variables: { first: SHOWN }, fetchPolicy: 'cache-and-network' });
  useMyGroupsChangedSubscription({ onData: () => void mine.refetch().catch(() => undefined) });
  const nodes = mine.data?.myGroups.nodes ?? [];
  return (
    <Box as="section" aria-labelledby={headingId} px="1" data-testid="your-groups">
      <Flex align="center" justify="space-between" px="2" mb="2">
        <Heading as="h2" id={headingId} size="sm">
          Your Groups
        </Heading>
        <ChakraLink asChild fontSize="sm" colorPalette="green" color="colorPalette.fg">
          <NavLink to="/discover-groups" onClick={onNavigate}>
            Discover
          </NavLink>
        </ChakraLink>
      </Flex>
      {mine.error && !mine.data ? (
        <InlineLoadError px="2" retryLabel="Retry loading your groups" onRetry={() => mine.refetch()}>
          Could not load your groups.
        </InlineLoadError>
      ) : mine.data && !nodes.length ? (
        <Text px="2" fontSize="sm" color="fg.muted">
          You have not joined any groups yet.
        </Text>
      ) : (
        <Stack as="ul" gap="0" listStyleType="none">
          {nodes.map((g) => (
            <li key={g.id}>
              <ChakraLink
                asChild
                display="flex"
                justifyContent="space-between"
                gap="2"
                px="2"
                py="2"
                borderRadius="md"
                _hover={{ bg: 'bg.muted' }}
                textDecoration="none"
                minH="44px"
                alignItems="center"
              >
                <NavLink to={`/klets?tab=mine&group=${g.id}`} onClick={onNavigate}>
                  <Text as="span" fontSize="sm" truncate>
                    {g.name}
                  </Text>
                  <Text as="span" fontSize="xs" color="fg.muted" flexShrink={0}>
                    {membersText(g.memberCount)}
                  </Text>
                </NavLink>
              </ChakraLink>
            </li>
          ))}
        </Stack>
      )}
    </Box>
  );
}
