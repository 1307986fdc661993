import { useState } from 'react';
import { Box, Button, Flex, IconButton, Link as ChakraLink, Spacer } from '@chakra-ui/react';
import { NavLink } from 'react-router';
import { LuSearch, LuUsers } from 'react-icons/lu';
import { ColorModeButton } from '../ui/color-mode';
import { TopBarSearch } from '../features/explore';
import { useOptionalFriendsPanel } from '../features/friends';
import { NotificationBell } from '../features/notifications';
import { CountBadge, nameWithCount } from '../ui/CountBadge';
import { useShellCounts } from '../ui/counts';
import { MobileSheet } from './MobileSheet';
import { MAIN_ITEMS } from './navigation';
import { ProfileMenu } from './ProfileMenu';

function Logo() {
  return (
    <ChakraLink
      asChild
      fontWeight="bold"
      fontSize="xl"
      color="green.fg"
      textDecoration="none"
      _hover={{ textDecoration: 'none' }}
    >
      <NavLink to="/" aria-label="Saffa home">
        Saffa
      </NavLink>
    </ChakraLink>
  );
}

function MainButtons() {
  const counts = useShellCounts();
  return (
    <Box as="nav" aria-label="Primary">
      <Flex as="ul" gap="1" listStyleType="none" m="0" p="0">
        {MAIN_ITEMS.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <Button
              asChild
              variant="ghost"
              size="sm"
              colorPalette="green"
              position="relative"
              css={{ '&[aria-current=page]': { bg: 'colorPalette.subtle', color: 'colorPalette.fg' } }}
            >
              <NavLink to={to} end={to === '/'} data-tour={`nav-${label.toLowerCase()}`}>
                <Icon aria-hidden />
                <Box as="span" display={{ base: 'none', lg: 'inline' }}>
                  {label}
                </Box>
                <Box as="span" srOnly display={{ base: 'inline', lg: 'none' }}>
                  {label}
                </Box>
                {to === '/messages' && <CountBadge count={counts.unreadMessages} label="unread messages" />}
              </NavLink>
            </Button>
          </li>
        ))}
      </Flex>
    </Box>
  );
}

/** Opens the friends panel; its badge counts friend requests waiting for the member. */
function FriendsButton() {
  const friends = useOptionalFriendsPanel();
  const counts = useShellCounts();
  if (!friends) return null;
  return (
    <IconButton
      aria-label={nameWithCount('Friends', counts.friendRequests, 'requests')}
      aria-haspopup="dialog"
      aria-expanded={friends.open}
      variant="ghost"
      size="sm"
      position="relative"
      onClick={friends.openPanel}
    >
      <LuUsers />
      <CountBadge
        count={counts.friendRequests}
        position="absolute"
        top="-1"
        insetEnd="-1"
        aria-hidden
        data-testid="friends-badge"
      />
    </IconButton>
  );
}

export function TopBar({ mobile }: { mobile: boolean }) {
  const counts = useShellCounts();
  const [searchOpen, setSearchOpen] = useState(false);

  return (
    <Box as="header" data-testid="topbar" position="sticky" top="0" zIndex="sticky" bg="bg" borderBottomWidth="1px">
      <Flex h="14" align="center" gap={{ base: '2', md: '4' }} px={{ base: '3', md: '4' }}>
        <Logo />
        {!mobile && <TopBarSearch />}
        {!mobile && <MainButtons />}
        <Spacer />
        {mobile ? (
          <>
            <IconButton
              aria-label="Search"
              aria-expanded={searchOpen}
              variant="ghost"
              size="sm"
              onClick={() => setSearchOpen((open) => !open)}
            >
              <LuSearch />
            </IconButton>
            <ColorModeButton />
            <MobileSheet />
          </>
        ) : (
          <>
            <FriendsButton />
            <NotificationBell unreadCount={counts.unreadNotifications} />
            <ColorModeButton />
            <ProfileMenu />
          </>
        )}
      </Flex>
      {mobile && searchOpen && (
        <Box px="3" pb="3">
          <TopBarSearch autoFocus onDone={() => setSearchOpen(false)} />
        </Box>
      )}
    </Box>
  );
}
