import type { Viewer } from '../../kernel/context';
import type { Notification } from './notification.entity';

/** Who may do what with a notification. Another member's notification is NOT_FOUND, as if it did not exist. */
export const notificationPolicy = {
  canRead: (viewer: Viewer, n: Notification) => n.recipientId === viewer.id,
};
