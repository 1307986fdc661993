import { randomUUID } from 'node:crypto';
import { Webhook, WebhookEvent } from '../../modules/webhooks/webhook.entity';
import { WebhookDelivery } from '../../modules/webhooks/webhook-delivery.entity';
import { insert, next, memberRef } from './core';

/** A member's own webhook (a new member unless given) for every event, at a loopback URL that nothing answers. */
export async function buildWebhook(overrides: Partial<Webhook> = {}): Promise<Webhook> {
  const n = next();
  return insert(Webhook, {
    url: `http://127.0.0.1:9/hooks/${n}`,
    events: Object.values(WebhookEvent),
    secret: `whsec_test_${n}`,
    businessId: null,
    ...overrides,
    memberId: await memberRef(overrides.memberId),
  });
}

/** A pending delivery of a newFollower event to a webhook (a new one unless given). */
export async function buildWebhookDelivery(overrides: Partial<WebhookDelivery> = {}): Promise<WebhookDelivery> {
  return insert(WebhookDelivery, {
    event: WebhookEvent.newFollower,
    payload: { id: randomUUID(), event: WebhookEvent.newFollower, createdAt: new Date().toISOString(), data: {} },
    ...overrides,
    webhookId: overrides.webhookId ?? (await buildWebhook()).id,
  });
}
