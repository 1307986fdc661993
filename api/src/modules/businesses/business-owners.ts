import type { Tx } from '../../kernel/database';
import { notFound } from '../../kernel/errors';
import { checkUuid } from '../../kernel/ids';
import { queryRows } from '../../kernel/rows';

/*
 * Who owns which business page, for the modules that hang things on pages (jobs, webhooks): they ask here (or use
 * these SQL pieces in their own statements) instead of reading the businesses table's owner themselves.
 */

/** A page's owner (null when the page has none); NOT_FOUND ('Business page') when there is no such page. */
export async function ownerOfBusiness(businessId: string, field = 'businessId'): Promise<string | null> {
  const [row] = await queryRows<{ ownerId: string | null }>(
    'SELECT owner_id AS "ownerId" FROM businesses WHERE id = $1',
    [checkUuid(businessId, field)],
  );
  if (!row) throw notFound('Business page');
  return row.ownerId;
}

/** Whether the member owns the page (NOT_FOUND when there is no such page). */
export async function isBusinessOwner(businessId: string, memberId: string): Promise<boolean> {
  return (await ownerOfBusiness(businessId)) === memberId;
}

/** The pages a member owns, by name (at most 100). */
export function businessesOwnedBy(memberId: string): Promise<Array<{ id: string; name: string }>> {
  return queryRows<{ id: string; name: string }>(
    'SELECT id, name FROM businesses WHERE owner_id = $1 ORDER BY name LIMIT 100',
    [memberId],
  );
}

/** SQL: the owner of the page whose id is the expression `businessId` (NULL without a page or an owner). */
export const businessOwnerSql = (businessId: string) =>
  `(SELECT b.owner_id FROM businesses b WHERE b.id = ${businessId})`;

/** SQL: the ids of the pages the member `memberId` (an expression) owns. */
export const ownedBusinessIdsSql = (memberId: string) => `SELECT b.id FROM businesses b WHERE b.owner_id = ${memberId}`;

/** Pages by id, with their names (for the modules that show which page something belongs to). */
export function businessNamesByIds(ids: readonly string[]): Promise<Array<{ id: string; name: string }>> {
  return queryRows<{ id: string; name: string }>(
    'SELECT id, name::text AS name FROM businesses WHERE id = ANY($1::uuid[])',
    [ids],
  );
}

/** Pages by name, with their owners (the demo data hangs its vacancies on the demo pages). */
export function businessesNamed(
  names: readonly string[],
): Promise<Array<{ id: string; name: string; ownerId: string | null }>> {
  return queryRows<{ id: string; name: string; ownerId: string | null }>(
    'SELECT id, name::text AS name, owner_id AS "ownerId" FROM businesses WHERE name = ANY($1::citext[])',
    [names],
  );
}

/** SQL: the ids of the pages whose name matches the ILIKE pattern `pattern` (an expression or parameter). */
export const businessIdsNamedSql = (pattern: string) => `SELECT b.id FROM businesses b WHERE b.name ILIKE ${pattern}`;

/** Locks a page's row for the transaction `tx` (its webhooks are counted one create after another). */
export async function lockBusiness(tx: Tx, businessId: string): Promise<void> {
  await tx.query('SELECT id FROM businesses WHERE id = $1 FOR UPDATE', [businessId]);
}
