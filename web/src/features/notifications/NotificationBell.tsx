import { useState } from 'react';
import { IconButton, Popover, Portal } from '@chakra-ui/react';
import { LuBell } from 'react-icons/lu';
import { NotificationFeed } from './NotificationList';
import { CountBadge, nameWithCount } from '../../ui/CountBadge';

export interface NotificationBellProps {
  /** The live unread count (from the shell's counts); the badge shows only above zero. */
  unreadCount?: number;
}

/** The desktop bell and its dropdown titled Notifications; the list loads when it opens. */
export function NotificationBell({ unreadCount = 0 }: NotificationBellProps) {
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root
      open={open}
      onOpenChange={(e) => setOpen(e.open)}
      positioning={{ placement: 'bottom-end' }}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger asChild>
        <IconButton
          aria-label={nameWithCount('Notifications', unreadCount, 'unread')}
          variant="ghost"
          size="sm"
          position="relative"
        >
          <LuBell />
          <CountBadge
            count={unreadCount}
            position="absolute"
            top="-1"
            insetEnd="-1"
            aria-hidden
            data-testid="notification-badge"
          />
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="22rem" maxW="calc(100vw - 2rem)" data-testid="notifications-panel">
            <Popover.Header borderBottomWidth="1px" pb="3">
              <Popover.Title fontWeight="semibold">Notifications</Popover.Title>
            </Popover.Header>
            <Popover.Body p="0">
              <NotificationFeed onNavigate={() => setOpen(false)} />
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
