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
});
