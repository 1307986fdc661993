import { Box, Circle, Flex, IconButton, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { LuBell, LuCircleAlert, LuCircleCheck, LuInfo } from 'react-icons/lu';
import { CountBadge } from './CountBadge';

export interface NotificationItem {
  id: string;
  /** info, warning or success; anything else displays as info. */
  type: string;
  title: string;
  message: string;
  isRead: boolean;
  createdAt: string;
}

export interface NotificationBellProps {
  notifications?: NotificationItem[];
  unreadCount?: number;
  onSelect?: (notification: NotificationItem) => void;
}

function TypeIcon({ type }: { type: string }) {
  if (type === 'warning') return <Box as={LuCircleAlert} color="orange.fg" boxSize="4" aria-hidden />;
  if (type === 'success') return <Box as={LuCircleCheck} color="green.fg" boxSize="4" aria-hidden />;
  return <Box as={LuInfo} color="blue.fg" boxSize="4" aria-hidden />;
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString();
}

/** The list inside the bell's panel: 300 px high, with the spec's empty state. */
export function NotificationList({ notifications = [], onSelect }: Omit<NotificationBellProps, 'unreadCount'>) {
  if (notifications.length === 0) {
    return (
      <Flex h="300px" align="center" justify="center" data-testid="notification-list">
        <Text color="fg.muted">No notifications yet</Text>
      </Flex>
    );
  }
  return (
    <Stack as="ul" h="300px" overflowY="auto" gap="0" listStyleType="none" m="0" p="0" data-testid="notification-list">
      {notifications.map((n) => (
        <li key={n.id}>
          <Box
            as="button"
            w="full"
            textAlign="start"
            display="flex"
            gap="3"
            px="4"
            py="3"
            borderBottomWidth="1px"
            _hover={{ bg: 'bg.muted' }}
            focusVisibleRing="inside"
            onClick={() => onSelect?.(n)}
          >
            <Box pt="0.5">
              <TypeIcon type={n.type} />
            </Box>
            <Box flex="1" minW="0">
              <Text fontWeight="semibold" fontSize="sm">
                {n.title}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {n.message}
              </Text>
              <Text fontSize="xs" color="fg.subtle">
                {formatDate(n.createdAt)}
              </Text>
            </Box>
            {!n.isRead && <Circle size="2" bg="blue.solid" mt="1.5" aria-label="Unread" />}
          </Box>
        </li>
      ))}
    </Stack>
  );
}

/** The bell and its dropdown. Data is passed in so the notifications feature can wire live data later. */
export function NotificationBell({ notifications = [], unreadCount = 0, onSelect }: NotificationBellProps) {
  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
      <Popover.Trigger asChild>
        <IconButton aria-label="Notifications" variant="ghost" size="sm" position="relative">
          <LuBell />
          <CountBadge count={unreadCount} position="absolute" top="-1" insetEnd="-1" aria-hidden />
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="22rem" maxW="calc(100vw - 2rem)" data-testid="notifications-panel">
            <Popover.Header borderBottomWidth="1px" pb="3">
              <Popover.Title fontWeight="semibold">Notifications</Popover.Title>
            </Popover.Header>
            <Popover.Body p="0">
              <NotificationList notifications={notifications} onSelect={onSelect} />
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
