// What other parts of the app may use from notifications: the live provider and its hooks, and the bell the
// shell places in the top bar.
export {
  NotificationsProvider,
  useNotifications,
  useOptionalNotifications,
  useOnNotificationAdded,
} from './NotificationsProvider';
export { NotificationBell, type NotificationBellProps } from './NotificationBell';
export { refetchMissedNotifications } from './notificationCache';
