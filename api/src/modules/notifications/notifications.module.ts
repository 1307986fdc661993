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
});
