import { randomBytes } from 'node:crypto';
import { requireViewer, authorize } from '../../kernel/auth';
import type { Context, Viewer } from '../../kernel/context';
import { refuseToken } from '../../kernel/access';
import { db, type Tx } from '../../kernel/database';
import { badInput, conflict, notFound } from '../../kernel/errors';
import { checkUuid } from '../../kernel/ids';
import { once } from '../../kernel/idempotency';
import { keysetPage, type Page } from '../../kernel/pagination';
import { asEntities, queryRows, selectColumns } from '../../kernel/rows';
import { settings } from '../../kernel/settings';
import { WebhookDelivery, WebhookDeliveryStatus } from './webhook-delivery.entity';
import { businessOwnerSql, isBusinessOwner, lockBusiness } from '../businesses/business-owners';
import { Webhook, WebhookDisabledReason, WebhookEvent } from './webhook.entity';
import { managedBySql, webhookPolicy } from './webhook.policy';
import { checkWebhookUrl } from './webhook.url';

/** Every signing secret starts with this, so a leaked one is easy to recognise. */
export const SECRET_PREFIX = 'whsec_';
/** The events a business page's webhook may take (its followers and its vacancies' applications). */
export const PAGE_EVENTS: readonly WebhookEvent[] = [WebhookEvent.newFollower, WebhookEvent.newApplication];
export const WEBHOOK_LIMIT_MESSAGE = (max: number) =>
  `limit reached: at most ${max} webhooks each for you and for each of your pages; delete one first`;

/** Who may manage webhooks: a signed-in member on a real session, never a personal access token (SESSION_ONLY). */
type Caller = Pick<Context, 'viewer' | 'tokenId'>;

function manager(caller: Caller): Viewer {
  const viewer = requireViewer(caller.viewer);
  refuseToken(caller);
  return viewer;
}

const webhooks = () => db().getRepository(Webhook);

/** A webhook the viewer may manage; NOT_FOUND for anyone else (they may not know it exists). */
async function managedWebhook(viewer: Viewer, id: string): Promise<Webhook> {
  const rows = await queryRows(
    `SELECT ${selectColumns(Webhook, 'w')}, ${businessOwnerSql('w.business_id')} AS "businessOwnerId" FROM webhooks ` +
      `w WHERE w.id = $1`,
    [checkUuid(id, 'id')],
  );
  const webhook = asEntities(Webhook, rows)[0];
  if (!webhook || !webhookPolicy.canManage(viewer, webhook, (rows[0].businessOwnerId as string | null) ?? null))
    throw notFound('Webhook');
  return webhook;
}

function checkEvents(events: unknown, businessId: string | null): WebhookEvent[] {
  if (!Array.isArray(events) || events.length === 0) throw badInput('events', 'must name at least one event');
  const all = Object.values(WebhookEvent);
  const unknown = events.find((e) => !all.includes(e as WebhookEvent));
  if (unknown !== undefined) throw badInput('events', `must be among ${all.join(', ')}`);
  const chosen = all.filter((e) => events.includes(e));
  if (businessId && chosen.some((e) => !PAGE_EVENTS.includes(e))) {
    throw badInput('events', `of a business page's webhook must be among ${PAGE_EVENTS.join(', ')}`);
  }
  return chosen;
}

/** The webhooks the viewer manages: their own and their pages', newest first (at most 10 each: no paging). */
export async function myWebhooks(caller: Caller, businessId?: string | null): Promise<Webhook[]> {
  const viewer = manager(caller);
  const params: unknown[] = [viewer.id];
  let only = '';
  if (businessId !== undefined && businessId !== null) {
    params.push(checkUuid(businessId, 'businessId'));
    only = 'AND w.business_id = $2';
  }
  const rows = await queryRows(
    `SELECT ${selectColumns(Webhook, 'w')} FROM webhooks w WHERE ${managedBySql('$1')} ${only} ORDER BY w.created_at ` +
      `DESC, w.id DESC`,
    params,
  );
  return asEntities(Webhook, rows);
}

export interface NewWebhook {
  webhook: Webhook;
  /** The signing secret, shown this once. */
  secret: string;
}

/**
 * Registers a webhook for the viewer's own events, or for a page they own: a checked URL (webhook.url.ts), at least
 * one event, at most WEBHOOKS_MAX_PER_OWNER per member and per page (also when created in parallel), one per URL.
 */
export async function createWebhook(
  caller: Caller,
  input: { url: string; events: WebhookEvent[]; businessId?: string | null },
): Promise<NewWebhook> {
  const viewer = manager(caller);
  const businessId =
    input.businessId === undefined || input.businessId === null ? null : checkUuid(input.businessId, 'businessId');
  const events = checkEvents(input.events, businessId);
  if (businessId) {
    authorize(
      await isBusinessOwner(businessId, viewer.id),
      'Only the owner of this business page can add webhooks to it.',
    );
  }
  const { allowHttpLoopback, maxPerOwner } = settings().webhooks;
  const url = await checkWebhookUrl(input.url, allowHttpLoopback);
  const secret = SECRET_PREFIX + randomBytes(32).toString('base64url');
  const webhook = await db().transaction(async (tx) => {
    // The owner's row is the lock (the page's, or the member's): parallel creates count one after another.
    if (businessId) await lockBusiness(tx, businessId);
    else await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [viewer.id]);
    const [{ n }]: Array<{ n: number }> = await tx.query(
      businessId
        ? 'SELECT count(*)::int AS n FROM webhooks WHERE business_id = $1'
        : 'SELECT count(*)::int AS n FROM webhooks WHERE member_id = $1 AND business_id IS NULL',
      [businessId ?? viewer.id],
    );
    if (n >= maxPerOwner) throw badInput('webhooks', WEBHOOK_LIMIT_MESSAGE(maxPerOwner));
    const rows: Array<{ id: string }> = await tx.query(
      `INSERT INTO webhooks (member_id, business_id, url, events, secret) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO ` +
        `NOTHING RETURNING id`,
      [viewer.id, businessId, url, events, secret],
    );
    if (!rows.length) throw conflict('WEBHOOK_EXISTS', 'A webhook for this URL already exists');
    return tx.getRepository(Webhook).findOneByOrFail({ id: rows[0].id });
  });
  return { webhook, secret };
}

/** Changes a webhook's URL, events, or whether it is active (a disabled one gets no new deliveries). */
export async function updateWebhook(
  caller: Caller,
  id: string,
  input: { url?: string | null; events?: WebhookEvent[] | null; enabled?: boolean | null },
): Promise<Webhook> {
  const viewer = manager(caller);
  const webhook = await managedWebhook(viewer, id);
  const events =
    input.events === undefined || input.events === null
      ? webhook.events
      : checkEvents(input.events, webhook.businessId);
  const url =
    input.url === undefined || input.url === null
      ? webhook.url
      : await checkWebhookUrl(input.url, settings().webhooks.allowHttpLoopback);
  const disabled = input.enabled === undefined || input.enabled === null ? null : !input.enabled;
  try {
    await db().query(
      `UPDATE webhooks SET url = $2, events = $3,
              disabled_at = CASE WHEN $4::boolean IS NULL THEN disabled_at WHEN $4 THEN coalesce(disabled_at, now()) ` +
        `ELSE NULL END,
              disabled_reason = CASE WHEN $4::boolean IS NULL THEN disabled_reason WHEN $4 THEN ` +
        `coalesce(disabled_reason, '${WebhookDisabledReason.manual}') ELSE NULL END
        WHERE id = $1`,
      [webhook.id, url, events, disabled],
    );
  } catch (err) {
    if ((err as { code?: string }).code === '23505')
      throw conflict('WEBHOOK_EXISTS', 'A webhook for this URL already exists');
    throw err;
  }
  return webhooks().findOneByOrFail({ id: webhook.id });
}

/** Deletes a webhook with its deliveries; answers its id. */
export async function deleteWebhook(caller: Caller, id: string): Promise<string> {
  const viewer = manager(caller);
  const webhook = await managedWebhook(viewer, id);
  await webhooks().delete({ id: webhook.id });
  return webhook.id;
}

/** A webhook's deliveries, newest first, page by page. */
export async function webhookDeliveries(
  caller: Caller,
  webhookId: string,
  args: { first?: number | null; after?: string | null },
): Promise<Page<WebhookDelivery>> {
  const viewer = manager(caller);
  const webhook = await managedWebhook(viewer, webhookId);
  return keysetPage(
    db().getRepository(WebhookDelivery).createQueryBuilder('d').where('d.webhook_id = :id', { id: webhook.id }),
    'd',
    args,
  );
}

/**
 * Sends a delivery's payload again, as a new pending delivery (its own id and attempts; the payload's event id is
 * the same, so a receiver can tell it from a new event). With an idempotency key, a retried click makes no second.
 */
export async function replayWebhookDelivery(
  caller: Caller,
  id: string,
  idempotencyKey?: string | null,
): Promise<WebhookDelivery> {
  const viewer = manager(caller);
  const [original] = await queryRows<{ webhook_id: string }>(
    'SELECT webhook_id FROM webhook_deliveries WHERE id = $1',
    [checkUuid(id, 'id')],
  );
  if (!original) throw notFound('Webhook delivery');
  await managedWebhook(viewer, original.webhook_id).catch(() => {
    throw notFound('Webhook delivery');
  });
  const deliveries = () => db().getRepository(WebhookDelivery);
  return once(
    { memberId: viewer.id, operation: 'replayWebhookDelivery', key: idempotencyKey },
    (record) =>
      db().transaction(async (tx) => {
        const [row]: Array<{ id: string }> = await tx.query(
          `INSERT INTO webhook_deliveries (webhook_id, event, payload, status, replay_of_id)
           SELECT webhook_id, event, payload, $2, id FROM webhook_deliveries WHERE id = $1 RETURNING id`,
          [id, WebhookDeliveryStatus.pending],
        );
        if (!row) throw notFound('Webhook delivery');
        await record(tx, row.id);
        return tx.getRepository(WebhookDelivery).findOneByOrFail({ id: row.id });
      }),
    (resultId) => deliveries().findOneByOrFail({ id: resultId }),
  );
}

/**
 * Switches off every webhook the member manages (their own and their pages'), saying why, inside the transaction
 * `tx` of the change that calls for it (a password reset or change): a webhook someone else planted while they held
 * the account stops forwarding the member's events. Its pending deliveries wait (delivery skips a disabled webhook);
 * the member sees the reason in Settings and switches on again what is theirs.
 */
export async function disableWebhooksOf(tx: Tx, userId: string, reason: WebhookDisabledReason): Promise<void> {
  await tx.query(
    `UPDATE webhooks w SET disabled_at = now(), disabled_reason = $2 WHERE w.disabled_at IS NULL ` +
      `AND ${managedBySql('$1')}`,
    [userId, reason],
  );
}
