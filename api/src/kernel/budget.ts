import type { DocumentNode, GraphQLSchema } from 'graphql';
import type { Context } from './context';
import { operationCost } from './cost';
import { db } from './database';
import { DomainError } from './errors';
import { DEFAULT_PAGE_SIZE } from './pagination';
import { settings } from './settings';

/** What one answer tells its client of the cost budget: `extensions.cost` (GitHub's and Shopify's shape). */
export interface CostReport {
  /** What this operation cost. */
  requested: number;
  /** Points left in the bucket after it (whole points). */
  remaining: number;
  /** The bucket's capacity (GRAPHQL_COST_CAPACITY). */
  limit: number;
  /** Points the bucket regains each second (GRAPHQL_COST_REFILL_PER_SECOND). */
  refillPerSecond: number;
}

/**
 * Whose budget a request spends (issue 24, item 14): the member's, whatever door they come through, else the client
 * IP's. Every API token of a member spends the member's one budget (a member with 20 tokens has one budget, not 20);
 * anonymous callers spend their IP's.
 */
export interface Principal {
  key: string;
  /**
   * Kept in PostgreSQL, shared by every API process; a member's session spends the member's budget kept in the process
   * (see `spend`).
   */
  shared: boolean;
}

export function principalOf(ctx: Pick<Context, 'viewer' | 'meta' | 'tokenId'>): Principal {
  if (ctx.viewer) return { key: `cost:member:${ctx.viewer.id}`, shared: !!ctx.tokenId };
  return { key: `cost:ip:${ctx.meta.ip}`, shared: true };
}

/** A single operation costs more than a full bucket: it can never run, whatever the client waits. */
export const tooCostly = (cost: number, limit: number) =>
  new DomainError(
    'BAD_USER_INPUT',
    `This query costs ${cost} points, more than the whole budget of ${limit}: ask for smaller pages or fewer fields.`,
    {
      cost: { requested: cost, limit },
    },
  );

/** Over budget: RATE_LIMITED with the seconds until the bucket holds enough again. */
export const overBudget = (report: CostReport, retryAfterSeconds: number) =>
  new DomainError(
    'RATE_LIMITED',
    `Query cost budget exceeded: this query costs ${report.requested} points and ${report.remaining} are left. ` +
      `Please try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`,
    {
      retryAfter: retryAfterSeconds,
      retryAfterSeconds,
      cost: report,
    },
  );

interface Debit {
  /** Tokens left after the request (not debited when refused). */
  tokens: number;
  granted: boolean;
}

/**
 * One atomic statement: refills the bucket for the time since its last refill (at most to capacity), debits `cost`
 * when it holds that much, and returns what is left. Concurrent debits of one key queue on the row's lock (ON
 * CONFLICT DO UPDATE sees the latest row), so parallel requests never spend more than the bucket holds.
 */
async function debitShared(key: string, cost: number, capacity: number, refill: number): Promise<Debit> {
  const rows: Array<{ tokens: number; granted: boolean }> = await db().query(
    `INSERT INTO cost_budgets AS b (key, tokens, refilled_at, granted) VALUES ($1, $2::float8 - $3::float8, now(), true)
     ON CONFLICT (key) DO UPDATE SET
       tokens = least($2::float8, b.tokens + greatest(0, extract(epoch FROM now() - b.refilled_at)) * $4::float8)
                - CASE WHEN least($2::float8, b.tokens + greatest(0, extract(epoch FROM now() - b.refilled_at)) * ` +
      `$4::float8) >= $3::float8 THEN $3::float8 ELSE 0 END,
       granted = least($2::float8, b.tokens + greatest(0, extract(epoch FROM now() - b.refilled_at)) * $4::float8) ` +
      `>= $3::float8,
       refilled_at = greatest(b.refilled_at, now())
     RETURNING tokens, granted`,
    [key, capacity, cost, refill],
  );
  return { tokens: Number(rows[0].tokens), granted: rows[0].granted };
}

/** The buckets of members' sessions, in this process (oldest first, so the least recently used go first when full). */
const local = new Map<string, { tokens: number; at: number }>();
const LOCAL_KEYS = 50_000;

function debitLocal(key: string, cost: number, capacity: number, refill: number, now = Date.now()): Debit {
  const was = local.get(key);
  const tokens = was ? Math.min(capacity, was.tokens + (Math.max(0, now - was.at) / 1000) * refill) : capacity;
  const granted = tokens >= cost;
  local.delete(key);
  local.set(key, { tokens: granted ? tokens - cost : tokens, at: now });
  if (local.size > LOCAL_KEYS) local.delete(local.keys().next().value!);
  return { tokens: granted ? tokens - cost : tokens, granted };
}

/** Forgets the in-process buckets (tests). */
export const resetLocalBudgets = () => local.clear();

/**
 * Spends `cost` points of `principal`'s budget, or throws: BAD_USER_INPUT when the operation costs more than the
 * whole bucket (nothing is debited), RATE_LIMITED with the seconds to wait when the bucket holds too little now.
 * A member's API tokens (all of them together) and anonymous clients spend a bucket in PostgreSQL, shared by every
 * API process (one statement). A member's session spends the member's bucket kept in the process, so the web app's
 * requests cost no statement: a member has the PostgreSQL bucket for their tokens and, with N API processes, up to N
 * for their session (their writes, uploads and sign-ins have shared limits besides).
 */
export async function spend(principal: Principal, cost: number): Promise<CostReport> {
  const { costCapacity: limit, costRefillPerSecond: refillPerSecond } = settings().limits;
  if (cost > limit) throw tooCostly(cost, limit);
  const debit = principal.shared
    ? await debitShared(principal.key, cost, limit, refillPerSecond)
    : debitLocal(principal.key, cost, limit, refillPerSecond);
  const report: CostReport = {
    requested: cost,
    remaining: Math.max(0, Math.floor(debit.tokens)),
    limit,
    refillPerSecond,
  };
  if (!debit.granted) {
    const wait = refillPerSecond > 0 ? Math.max(1, Math.ceil((cost - debit.tokens) / refillPerSecond)) : 3600;
    throw overBudget(report, wait);
  }
  return report;
}

/**
 * Costs already counted, per parsed document (Apollo and the compiled-query cache hand the same DocumentNode to
 * every request with the same text) and per operation, variables and page limit: the web app's pages are priced
 * once, not walked on every request.
 */
const counted = new WeakMap<DocumentNode, Map<string, number>>();
const MAX_COUNTED_PER_DOCUMENT = 200;
const MAX_KEY_LENGTH = 2_000;

/** The cost of one operation as the budget counts it (kernel/cost.ts, with this server's page sizes). */
export function costOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | null | undefined,
  operationName?: string | null,
): number {
  const maxPageSize = settings().limits.pageSize;
  const count = () =>
    operationCost(schema, document, variables, operationName, { defaultPageSize: DEFAULT_PAGE_SIZE, maxPageSize }) ?? 1;
  const key = `${maxPageSize}|${operationName ?? ''}|${JSON.stringify(variables ?? {})}`;
  if (key.length > MAX_KEY_LENGTH) return count(); // e.g. an upload's data URL: not worth keeping
  let byKey = counted.get(document);
  if (!byKey) counted.set(document, (byKey = new Map()));
  let cost = byKey.get(key);
  if (cost === undefined) {
    cost = count();
    if (byKey.size < MAX_COUNTED_PER_DOCUMENT) byKey.set(key, cost);
  }
  return cost;
}

/** Counts an operation and spends its cost from the budget of the context's principal (see `spend`). */
export const charge = (
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | null | undefined,
  operationName: string | null | undefined,
  ctx: Pick<Context, 'viewer' | 'meta' | 'tokenId'>,
): Promise<CostReport> => spend(principalOf(ctx), costOf(schema, document, variables, operationName));
