import { defineModule } from '../../kernel/module';
import { NotificationResolver } from './notification.resolver';
import { Notification } from './notification.entity';
import { notificationFacts } from './notification.facts';
import { notificationRest } from './notification.rest';

/** Notifications and their unread count. */
export const notificationsModule = defineModule({
  name: 'notifications',
  resolvers: [NotificationResolver],
  entities: [Notification],
  facts: { notificationFacts },
  rest: notificationRest,
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    // Who caused a notification is in its words; the actor's member id is not shown through the API.
    notifications: { member: ['recipient_id'], mentions: ['actor_id'], hidden: ['actor_id'] },
    notification_reads: { member: ['member_id'] },
  },
});
