import { defineModule } from '../../kernel/module';
import { WebhookDeliveryResolver, WebhookResolver } from './webhook.resolver';
import { WebhookDelivery } from './webhook-delivery.entity';
import { webhookDeliveriesJob } from './webhook.delivery';
import { Webhook } from './webhook.entity';
import { webhookLoaders } from './webhook.loaders';

/** Webhooks and their deliveries (retried by the scheduler). */
export const webhooksModule = defineModule({
  name: 'webhooks',
  resolvers: [WebhookResolver, WebhookDeliveryResolver],
  entities: [Webhook, WebhookDelivery],
  loaders: { webhooks: webhookLoaders },
  jobs: [webhookDeliveriesJob],
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    // Webhooks: their URLs, events and dates are the member's; the signing secret only signs deliveries.
    webhooks: { member: ['member_id'], omit: ['secret'] },
  },
});
