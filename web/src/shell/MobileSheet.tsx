import { useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  CloseButton,
  Drawer,
  IconButton,
  Link as ChakraLink,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { NavLink } from 'react-router';
import type { IconType } from 'react-icons';
import { LuBell, LuGraduationCap, LuLifeBuoy, LuLogOut, LuMenu, LuSettings, LuUserPlus } from 'react-icons/lu';
import { logout, useSession } from '../ui/session';
import { useOptionalFriendsPanel } from '../features/friends';
import { YourGroups } from '../features/groups';
import { useOptionalNotifications } from '../features/notifications';
import { useOptionalRadio } from '../features/radio';
import { SUPPORT_PATH, useSupportAnswersUnread } from '../features/support';
import { useOptionalTutorial } from '../features/tutorial';
import { CountBadge } from '../ui/CountBadge';
import { useShellCounts, type ShellCounts } from '../ui/counts';
import { NavEntry } from './NavEntry';
import { SETTINGS_PATH, SHEET_ITEMS } from './navigation';
import { UserAvatar } from '../ui/UserAvatar';

/** The sheet entries with a count badge: which count, and what it counts (read out with the number). */
const BADGES: Partial<Record<string, { count: keyof ShellCounts; label: string }>> = {
  '/klets': { count: 'kletsUnread', label: 'unread group chats' },
  '/jobs': { count: 'newJobs', label: 'new jobs' },
  '/events': { count: 'upcomingEvents', label: 'upcoming events' },
};

/** A sheet entry that opens something (a panel, a dialog) instead of going to a page; styled like NavEntry. */
function SheetButton({
  label,
  icon: Icon,
  badge,
  onClick,
}: {
  label: string;
  icon: IconType;
  badge?: ReactNode;
  onClick: () => void;
}) {
  return (
    <Button
      variant="ghost"
      onClick={onClick}
      w="full"
      h="9"
      px="3"
      gap="3"
      justifyContent="flex-start"
      fontWeight="normal"
      fontSize="sm"
      borderRadius="md"
    >
      <Box as={Icon} boxSize="4" flexShrink={0} aria-hidden />
      <Box as="span" flex="1" textAlign="start" truncate>
        {label}
      </Box>
      {badge}
    </Button>
  );
}

/**
 * Mobile right-hand menu sheet (18rem): the spec's entries, then Settings, Contact support, Restart tutorial and
 * Logout. Picking an entry closes it.
 */
export function MobileSheet() {
  const [open, setOpen] = useState(false);
  const supportUnread = useSupportAnswersUnread(open);
  const user = useSession();
  const counts = useShellCounts();
  const close = () => setOpen(false);
  const friends = useOptionalFriendsPanel();
  const notifications = useOptionalNotifications();
  const tutorial = useOptionalTutorial();
  const radio = useOptionalRadio();
  /** Closes the sheet first, then opens `next` once the sheet has handed focus back. */
  const closeThen = (next: () => void) => () => {
    close();
    window.setTimeout(next, 0);
  };
  const [home, ...rest] = SHEET_ITEMS;

  return (
    <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="end">
      <Drawer.Trigger asChild>
        <IconButton aria-label="Open menu" variant="ghost" size="sm" data-tour="mobile-menu">
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
                  {friends && (
                    <li>
                      <SheetButton
                        label="Friends"
                        icon={LuUserPlus}
                        onClick={closeThen(friends.openPanel)}
                        badge={<CountBadge count={counts.friendRequests} label="friend requests" />}
                      />
                    </li>
                  )}
                  {notifications && (
                    <li>
                      <SheetButton
                        label="Notifications"
                        icon={LuBell}
                        onClick={closeThen(notifications.openNotifications)}
                        badge={<CountBadge count={counts.unreadNotifications} label="unread notifications" />}
                      />
                    </li>
                  )}
                  {rest.map((item) => {
                    if (item.to === '/radio' && radio)
                      return (
                        <li key={item.to}>
                          <SheetButton label={item.label} icon={item.icon} onClick={closeThen(radio.openFloating)} />
                        </li>
                      );
                    const badge = BADGES[item.to];
                    return (
                      <li key={item.to}>
                        <NavEntry
                          {...item}
                          onNavigate={close}
                          badge={badge ? <CountBadge count={counts[badge.count]} label={badge.label} /> : undefined}
                        />
                      </li>
                    );
                  })}
                  <li>
                    <NavEntry to={SETTINGS_PATH} label="Settings" icon={LuSettings} onNavigate={close} />
                  </li>
                  <li>
                    <NavEntry
                      to={SUPPORT_PATH}
                      label="Contact support"
                      icon={LuLifeBuoy}
                      onNavigate={close}
                      badge={<CountBadge count={supportUnread} label="unread answers" />}
                    />
                  </li>
                  {tutorial && (
                    <li>
                      <SheetButton
                        label="Restart tutorial"
                        icon={LuGraduationCap}
                        onClick={closeThen(tutorial.start)}
                      />
                    </li>
                  )}
                  <li>
                    {/* The same sign-out as the sidebar's Logout and the desktop menu's Log out. */}
                    <SheetButton label="Logout" icon={LuLogOut} onClick={logout} />
                  </li>
                </Stack>
              </Box>
              <Box mt="5">
                <YourGroups onNavigate={close} />
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
