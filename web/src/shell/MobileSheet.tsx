import { useState } from 'react';
import { Box, CloseButton, Drawer, Flex, Heading, IconButton, Link as ChakraLink, Portal, Stack, Text } from '@chakra-ui/react';
import { NavLink } from 'react-router';
import { LuMenu, LuUserPlus } from 'react-icons/lu';
import { useSession } from '../app/session';
import { CountBadge } from './CountBadge';
import { useShellCounts, type ShellCounts } from './counts';
import { NavEntry } from './NavEntry';
import { SHEET_ITEMS } from './navigation';
import { UserAvatar } from './UserAvatar';

const BADGES: Partial<Record<string, keyof ShellCounts>> = {
  '/klets': 'kletsUnread',
  '/jobs': 'newJobs',
  '/events': 'upcomingEvents',
};

/** Mobile right-hand menu sheet (18rem). Picking an entry closes it. */
export function MobileSheet() {
  const [open, setOpen] = useState(false);
  const user = useSession();
  const counts = useShellCounts();
  const close = () => setOpen(false);
  const [home, ...rest] = SHEET_ITEMS;

  return (
    <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="end">
      <Drawer.Trigger asChild>
        <IconButton aria-label="Open menu" variant="ghost" size="sm">
          <LuMenu />
        </IconButton>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content w="18rem" maxW="18rem" data-testid="mobile-sheet">
            <Drawer.Header borderBottomWidth="1px" py="3" pe="12">
              <Drawer.Title srOnly>Menu</Drawer.Title>
              <ChakraLink
                asChild
                display="flex"
                alignItems="center"
                gap="3"
                color="fg"
                textDecoration="none"
                _hover={{ textDecoration: 'none' }}
              >
                <NavLink to="/profile" onClick={close}>
                  <UserAvatar user={user} size="sm" />
                  <Box minW="0">
                    <Text fontWeight="semibold" truncate>
                      {user.displayName}
                    </Text>
                    <Text fontSize="xs" color="fg.muted">
                      View profile
                    </Text>
                  </Box>
                </NavLink>
              </ChakraLink>
            </Drawer.Header>
            <Drawer.Body px="2" py="3">
              <Box as="nav" aria-label="Mobile menu">
                <Stack as="ul" gap="0.5" listStyleType="none" m="0" p="0">
                  <li>
                    <NavEntry {...home} onNavigate={close} />
                  </li>
                  <li>
                    {/* The friends panel arrives with the friends feature; until then Friends opens the profile. */}
                    <NavEntry
                      to="/profile"
                      label="Friends"
                      icon={LuUserPlus}
                      onNavigate={close}
                      badge={<CountBadge count={counts.friendRequests} label="friend requests" />}
                    />
                  </li>
                  {rest.map((item) => {
                    const countKey = BADGES[item.to];
                    return (
                      <li key={item.to}>
                        <NavEntry
                          {...item}
                          onNavigate={close}
                          badge={countKey ? <CountBadge count={counts[countKey]} /> : undefined}
                        />
                      </li>
                    );
                  })}
                </Stack>
              </Box>
              <Box as="section" aria-labelledby="your-groups-heading" mt="5" px="1">
                <Flex align="center" justify="space-between" px="2" mb="2">
                  <Heading as="h2" id="your-groups-heading" size="sm">
                    Your Groups
                  </Heading>
                  <ChakraLink asChild fontSize="sm" colorPalette="green" color="colorPalette.fg">
                    <NavLink to="/discover-groups" onClick={close}>
                      Discover
                    </NavLink>
                  </ChakraLink>
                </Flex>
              </Box>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
