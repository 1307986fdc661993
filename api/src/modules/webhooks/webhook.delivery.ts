import { createHmac } from 'node:crypto';
import { businessOwnerSql } from '../businesses/business-owners';
import { db } from '../../kernel/database';
import type { ScheduledJob } from '../../kernel/scheduler';
import { OutboundRefused, outboundFetch } from '../../kernel/outbound';
import { settings } from '../../kernel/settings';

/**
 * The delivery worker: every API process runs one; each claims due deliveries with `FOR UPDATE SKIP LOCKED` and
 * moves their next attempt past the attempt's timeout before it POSTs (a lease), so with several processes each
 * attempt is made by one of them; a process that dies mid-attempt leaves the delivery to be tried again once the
 * lease runs out.
 */

/** `Saffa-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed by the webhook's secret>`. */
export function signPayload(secret: string, body: string, at = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** How long after attempt `attempt` (1-based) failed the next is due: the base, doubling each time. */
export const retryDelayMs = (attempt: number, baseMs = settings().webhooks.retryBaseMs) => baseMs * 2 ** (attempt - 1);

/** How many due deliveries one pass claims at most. */
const BATCH = 20;
/** Longest error text kept. */
const ERROR_LENGTH = 500;

interface Claimed {
  id: string;
  event: string;
  payload: unknown;
  attempts: number;
  url: string;
  secret: string;
}

/**
 * POSTs a body through the kernel's outbound guard (kernel/outbound.ts: every resolved address checked, the
 * connection made to the checked one); answers the status code, or throws with why there was none. Redirects are
 * not followed (a 3xx is the receiver's answer, and a failure).
 */
async function post(
  target: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  allowLoopback: boolean,
): Promise<number> {
  try {
    const res = await outboundFetch(target, {
      method: 'POST',
      headers,
      body,
      timeoutMs,
      maxRedirects: 0,
      readBody: false,
      allow: { loopback: allowLoopback },
    });
    return res.status;
  } catch (err) {
    if (err instanceof OutboundRefused)
      throw new Error(`${err.message.replace(/the server may not reach it$/, 'webhooks may not reach it')}`);
    throw err;
  }
}

/**
 * Claims up to BATCH due deliveries (their webhook active, its member not suspended) and leases them for this process.
 */
async function claim(leaseMs: number): Promise<Claimed[]> {
  // An UPDATE answers [rows, count] through TypeORM.
  const [rows] = (await db().query(
    `WITH due AS (
       SELECT d.id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
        WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND w.disabled_at IS NULL
          -- Paused while its member (or its page's owner) is suspended: the delivery waits, and goes once it is lifted.
          AND NOT EXISTS (
            SELECT 1 FROM users u WHERE u.suspended_at IS NOT NULL
               AND u.id IN (w.member_id, ${businessOwnerSql('w.business_id')}))
        ORDER BY d.next_attempt_at LIMIT $1
        FOR UPDATE OF d SKIP LOCKED
     )
     UPDATE webhook_deliveries d SET attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
       FROM due, webhooks w
      WHERE d.id = due.id AND w.id = d.webhook_id
     RETURNING d.id, d.event, d.payload, d.attempts, w.url, w.secret`,
    [BATCH, leaseMs / 1000],
  )) as [Claimed[], number];
  return rows;
}

/** Makes one attempt of a claimed delivery and records its outcome (and when to retry, or that it failed). */
async function attempt(d: Claimed): Promise<boolean> {
  const { timeoutMs, maxAttempts, allowHttpLoopback } = settings().webhooks;
  const body = JSON.stringify(d.payload);
  let status: number | null = null;
  let error: string | null = null;
  try {
    status = await post(
      d.url,
      body,
      {
        'content-type': 'application/json',
        'user-agent': 'Saffa-Webhooks/1.0',
        'saffa-event': d.event,
        'saffa-delivery': d.id,
        'saffa-signature': signPayload(d.secret, body),
      },
      timeoutMs,
      allowHttpLoopback,
    );
    if (status < 200 || status > 299) error = `HTTP ${status}`;
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  if (!error) {
    await db().query(
      `UPDATE webhook_deliveries SET status = 'succeeded', delivered_at = now(), next_attempt_at = NULL, ` +
        `last_status_code = $2, last_error = NULL
        WHERE id = $1 AND status = 'pending'`,
      [d.id, status],
    );
    return true;
  }
  const last = d.attempts >= maxAttempts;
  await db().query(
    `UPDATE webhook_deliveries SET status = $3::varchar, next_attempt_at = CASE WHEN $3::varchar = 'failed' THEN ` +
      `NULL ELSE now() + make_interval(secs => $4) END,
            last_status_code = $2, last_error = $5
      WHERE id = $1 AND status = 'pending'`,
    [d.id, status, last ? 'failed' : 'pending', retryDelayMs(d.attempts) / 1000, error.slice(0, ERROR_LENGTH)],
  );
  return false;
}

/**
 * One pass of the worker: claims due deliveries, batch by batch, and attempts them (a batch's attempts in parallel).
 * Answers how many attempts it made. Tests call it directly instead of waiting for the timer.
 */
export async function deliverDueWebhooks(): Promise<number> {
  const { timeoutMs } = settings().webhooks;
  // The lease: longer than an attempt can take, so no other process takes the delivery while this one tries it.
  const leaseMs = timeoutMs * 2 + 5_000;
  let made = 0;
  for (;;) {
    const batch = await claim(leaseMs);
    await Promise.all(batch.map(attempt));
    made += batch.length;
    if (batch.length < BATCH) return made;
  }
}

/**
 * The worker, run by the scheduler (kernel/scheduler.ts): a pass at start, then every WEBHOOKS_POLL_MS (passes never
 * overlap).
 */
export const webhookDeliveriesJob: ScheduledJob = {
  name: 'webhook deliveries',
  everyMs: () => settings().webhooks.pollMs,
  run: async (log) => {
    const made = await deliverDueWebhooks();
    if (made) log.debug({ attempts: made }, 'webhook deliveries attempted');
  },
};
