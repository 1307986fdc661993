import { useState } from 'react';
import { Box, Button, Menu, Portal, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { isAdmin, logout, useSession } from '../ui/session';
import { useOptionalTutorial } from '../features/tutorial';
import { SUPPORT_PATH, useSupportAnswersUnread } from '../features/support';
import { CountBadge } from '../ui/CountBadge';
import { UserAvatar } from '../ui/UserAvatar';
import { SETTINGS_PATH } from './navigation';

/**
 * Desktop profile menu: name and e-mail, Profile, Settings, Contact support (with the answers not yet read),
 * Admin Panel (admins), Log out.
 */
export function ProfileMenu() {
  const user = useSession();
  const navigate = useNavigate();
  const tutorial = useOptionalTutorial();
  const [open, setOpen] = useState(false);
  const supportUnread = useSupportAnswersUnread(open);
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onOpenChange={(e) => setOpen(e.open)}
      onSelect={({ value }) => {
        if (value === 'logout') logout();
        else if (value === 'tutorial') tutorial?.start();
        else if (value === 'admin') void navigate('/admin');
        else if (value === 'settings') void navigate(SETTINGS_PATH);
        else if (value === 'support') void navigate(SUPPORT_PATH);
        else void navigate('/profile');
      }}
    >
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" px="1" borderRadius="full" aria-label="Account menu" data-tour="user-avatar">
          <UserAvatar user={user} size="xs" />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="14rem" data-testid="profile-menu">
            <Box px="2" py="1.5">
              <Text fontWeight="semibold" truncate>
                {user.displayName}
              </Text>
              {user.email && (
                <Text fontSize="sm" color="fg.muted" truncate>
                  {user.email}
                </Text>
              )}
            </Box>
            <Menu.Separator />
            <Menu.Item value="profile">Profile</Menu.Item>
            <Menu.Item value="settings">Settings</Menu.Item>
            <Menu.Item value="support">
              Contact support
              <CountBadge count={supportUnread} label="unread answers" ms="auto" />
            </Menu.Item>
            {isAdmin(user) && <Menu.Item value="admin">Admin Panel</Menu.Item>}
            {tutorial && <Menu.Item value="tutorial">Restart tutorial</Menu.Item>}
            <Menu.Separator />
            <Menu.Item value="logout">Log out</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
