import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { displayNameOf } from '../users/user.rules';
import { WebhookEvent } from './webhook.entity';

export { WebhookEvent };

/** Whose webhooks hear of an event: a member's own (personal webhooks), or a business page's. */
export type WebhookTarget = { memberId: string } | { businessId: string };

/** The JSON body every delivery POSTs. `id` names the event: the same in every webhook's delivery and every replay. */
export interface WebhookPayload {
  id: string;
  event: WebhookEvent;
  createdAt: string;
  data: Record<string, unknown>;
}

/**
 * Writes one pending delivery per active webhook of the target that asked for this event, through `manager`: call it
 * inside the transaction of the write that caused the event, so the deliveries commit (or roll back) with it and an
 * event is never lost nor doubled; call it only when that write really made a row (a repeated idempotent write makes
 * none). `data` is built only when some webhook wants the event (most targets have none: one indexed lookup).
 * The delivery workers pick the rows up (webhook.delivery.ts). Answers how many deliveries it wrote.
 */
export async function enqueueWebhooks(
  manager: EntityManager,
  event: WebhookEvent,
  target: WebhookTarget,
  data: () => Promise<Record<string, unknown>>,
): Promise<number> {
  const [owner, id] =
    'businessId' in target
      ? ['w.business_id = $2', target.businessId]
      : ['w.member_id = $2 AND w.business_id IS NULL', target.memberId];
  const hooks = (await manager.query(
    `SELECT w.id FROM webhooks w WHERE ${owner} AND w.disabled_at IS NULL AND $1 = ANY (w.events)`,
    [event, id],
  )) as Array<{
    id: string;
  }>;
  if (!hooks.length) return 0;
  const payload: WebhookPayload = { id: randomUUID(), event, createdAt: new Date().toISOString(), data: await data() };
  const rows = (await manager.query(
    `INSERT INTO webhook_deliveries (webhook_id, event, payload) SELECT unnest($1::uuid[]), $2, $3::jsonb RETURNING id`,
    [hooks.map((h) => h.id), event, JSON.stringify(payload)],
  )) as unknown[];
  return rows.length;
}

/** A member as payloads name them: id and display name (never the e-mail). */
export async function memberSummary(manager: EntityManager, id: string): Promise<{ id: string; name: string }> {
  const [row] = (await manager.query(
    'SELECT first_name AS "firstName", last_name AS "lastName" FROM users WHERE id = $1',
    [id],
  )) as Array<{
    firstName: string | null;
    lastName: string | null;
  }>;
  return { id, name: displayNameOf(row ?? { firstName: null, lastName: null }) };
}
