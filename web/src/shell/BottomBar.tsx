import { Box, Flex, Link as ChakraLink, Text } from '@chakra-ui/react';
import { NavLink } from 'react-router';
import { CountBadge } from '../ui/CountBadge';
import { useShellCounts } from '../ui/counts';
import { MAIN_ITEMS } from './navigation';

export const BOTTOM_BAR_HEIGHT = '3.75rem';

/** Fixed mobile bottom bar repeating the five main items. */
export function BottomBar() {
  const counts = useShellCounts();
  return (
    <Box
      as="nav"
      aria-label="Bottom navigation"
      data-testid="bottom-bar"
      position="fixed"
      insetX="0"
      bottom="0"
      h={BOTTOM_BAR_HEIGHT}
      bg="bg"
      borderTopWidth="1px"
      zIndex="sticky"
      pb="env(safe-area-inset-bottom)"
    >
      <Flex as="ul" h="full" listStyleType="none" m="0" p="0">
        {MAIN_ITEMS.map(({ to, label, icon: Icon }) => (
          <Box as="li" key={to} flex="1">
            <ChakraLink
              asChild
              h="full"
              w="full"
              display="flex"
              flexDirection="column"
              alignItems="center"
              justifyContent="center"
              gap="0.5"
              color="fg.muted"
              textDecoration="none"
              position="relative"
              colorPalette="green"
              css={{ '&[aria-current=page]': { color: 'colorPalette.fg', fontWeight: 'semibold' } }}
            >
              <NavLink to={to} end={to === '/'} data-tour={`bottom-${label.toLowerCase()}`}>
                <Box as={Icon} boxSize="5" aria-hidden />
                <Text as="span" fontSize="2xs">
                  {label}
                </Text>
                {to === '/messages' && (
                  <CountBadge
                    count={counts.unreadMessages}
                    label="unread messages"
                    position="absolute"
                    top="1"
                    insetStart="55%"
                  />
                )}
              </NavLink>
            </ChakraLink>
          </Box>
        ))}
      </Flex>
    </Box>
  );
}
