import type { Viewer } from '../../kernel/context';
import type { Notification } from './notification.entity';

/**
 * Who may do what with a notification. Another member's notification is NOT_FOUND, as if it did not exist. A
 * broadcast (no recipient) belongs to every member who had joined when it was sent: that needs their join time,
 * so notification.service.ts checks it in the statement that marks it read.
 */
export const notificationPolicy = {
  canRead: (viewer: Viewer, n: Notification) => n.recipientId === viewer.id,
};
