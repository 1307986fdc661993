import { createGroupLoader, createLoader } from '../../kernel/loaders';
import { asEntities, queryRows, selectColumns } from '../../kernel/rows';
import { businessNamesByIds } from '../businesses/business-owners';
import { WebhookDelivery } from './webhook-delivery.entity';

/** How many of a webhook's latest deliveries `recentDeliveries` shows (older ones: webhookDeliveries, by page). */
export const RECENT_DELIVERIES = 5;

/** Per request: each webhook's latest deliveries and its page's name, one statement per list of webhooks. */
export function webhookLoaders() {
  return {
    recentDeliveries: createGroupLoader<string, WebhookDelivery>(
      async (ids) =>
        asEntities(
          WebhookDelivery,
          await queryRows(
            `SELECT ${selectColumns(WebhookDelivery, 'd')} FROM unnest($1::uuid[]) AS k(id)
              CROSS JOIN LATERAL (SELECT * FROM webhook_deliveries x WHERE x.webhook_id = k.id ORDER BY x.created_at ` +
              `DESC, x.id DESC LIMIT $2) d`,
            [ids, RECENT_DELIVERIES],
          ),
        ),
      (d) => d.webhookId,
    ),
    businessNames: createLoader<string, { id: string; name: string }>(
      (ids) => businessNamesByIds(ids),
      (b) => b.id,
    ),
  };
}

declare module '../../kernel/context' {
  interface Loaders {
    webhooks: ReturnType<typeof webhookLoaders>;
  }
}
