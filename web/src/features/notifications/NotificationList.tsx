import { Alert, Box, Button, chakra, Circle, Flex, Spinner, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { LuCircleAlert, LuCircleCheck, LuInfo } from 'react-icons/lu';
import {
  useBellNotificationsQuery,
  useMarkNotificationReadMutation,
  type NotificationItem_NotificationFragment,
} from './notifications.generated';
import { toaster } from '../../ui/toaster';
import { relativeTime } from '../../lib/relativeTime';

type NotificationItem = NotificationItem_NotificationFragment;

/** Spec 000 section 9: the notification list is 300 px high. */
const NOTIFICATION_LIST_HEIGHT = '300px';

/** Operation names refetched after a notification is marked read (spec 000 section 4: "Both lists refresh"). */
const NOTIFICATION_QUERIES = ['BellNotifications', 'UnreadNotificationCount'];

/** info, warning or success; anything else displays as info. */
export function notificationKind(type: string | null | undefined): 'info' | 'warning' | 'success' {
  return type === 'warning' || type === 'success' ? type : 'info';
}

function TypeIcon({ type }: { type: string }) {
  const kind = notificationKind(type);
  if (kind === 'warning') return <Box as={LuCircleAlert} color="orange.fg" boxSize="4" aria-hidden data-kind={kind} />;
  if (kind === 'success') return <Box as={LuCircleCheck} color="green.fg" boxSize="4" aria-hidden data-kind={kind} />;
  return <Box as={LuInfo} color="blue.fg" boxSize="4" aria-hidden data-kind={kind} />;
}

/** When it came: relative like posts ('5 minutes ago'), the exact date and time on hover. */
function NotificationTime({ iso }: { iso: string }) {
  const date = new Date(iso);
  const exact = Number.isNaN(date.getTime()) ? undefined : date.toLocaleString();
  return (
    <chakra.time
      display="block"
      fontSize="xs"
      color="fg.subtle"
      dateTime={iso}
      title={exact}
      data-testid="notification-time"
    >
      {relativeTime(iso)}
    </chakra.time>
  );
}

interface NotificationListProps {
  notifications: NotificationItem[];
  onSelect?: (notification: NotificationItem) => void;
}

/** The list: type icon, title, message, created date and an unread dot; 300 px high, scrolls inside. */
export function NotificationList({ notifications, onSelect }: NotificationListProps) {
  if (notifications.length === 0) {
    return (
      <Flex h={NOTIFICATION_LIST_HEIGHT} align="center" justify="center" data-testid="notification-list">
        <Text color="fg.muted">No notifications yet</Text>
      </Flex>
    );
  }
  return (
    <Stack
      as="ul"
      h={NOTIFICATION_LIST_HEIGHT}
      overflowY="auto"
      gap="0"
      listStyleType="none"
      m="0"
      p="0"
      data-testid="notification-list"
    >
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
            bg={n.isRead ? undefined : 'blue.subtle'}
            _hover={{ bg: 'bg.muted' }}
            focusVisibleRing="inside"
            cursor="pointer"
            data-testid="notification-item"
            data-unread={n.isRead ? undefined : 'true'}
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
              <NotificationTime iso={n.createdAt} />
            </Box>
            {!n.isRead && <Circle size="2" bg="blue.solid" mt="1.5" flexShrink={0} role="img" aria-label="Unread" />}
          </Box>
        </li>
      ))}
    </Stack>
  );
}

/**
 * What clicking a notification does: an unread one is marked read (the call is made only if it was unread), then
 * both notification queries refresh; then the app goes to the notification's link, if any.
 */
function useSelectNotification(onNavigate?: () => void) {
  const navigate = useNavigate();
  const [markRead] = useMarkNotificationReadMutation();
  return async (notification: NotificationItem) => {
    if (!notification.isRead) {
      try {
        await markRead({
          variables: { id: notification.id },
          refetchQueries: NOTIFICATION_QUERIES,
          awaitRefetchQueries: true,
        });
      } catch {
        toaster.create({ type: 'error', title: 'Error', description: 'Failed to mark notification as read' });
      }
    }
    const link = notification.link;
    if (!link) return;
    onNavigate?.();
    if (link.startsWith('/')) void navigate(link);
    else if (/^https?:\/\//i.test(link)) window.location.assign(link);
  };
}

/** The bell's content: loads the 20 newest notifications and handles clicks. */
export function NotificationFeed({ onNavigate }: { onNavigate?: () => void }) {
  const { data, loading, error, refetch } = useBellNotificationsQuery({ notifyOnNetworkStatusChange: false });
  const select = useSelectNotification(onNavigate);

  if (loading && !data) {
    return (
      <Flex h={NOTIFICATION_LIST_HEIGHT} align="center" justify="center">
        <Spinner color="green.solid" role="status" aria-label="Loading notifications" />
      </Flex>
    );
  }
  if (error && !data) {
    return (
      <Flex h={NOTIFICATION_LIST_HEIGHT} align="center" justify="center" direction="column" gap="3" px="4">
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Title>Couldn't load notifications.</Alert.Title>
        </Alert.Root>
        <Button size="sm" variant="outline" onClick={() => void refetch().catch(() => undefined)}>
          Try again
        </Button>
      </Flex>
    );
  }
  return <NotificationList notifications={data?.notifications.nodes ?? []} onSelect={(n) => void select(n)} />;
}
