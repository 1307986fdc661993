import { ArgsType, Field, Int, ObjectType } from 'type-graphql';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { badInput } from './errors';
import { entityOf, manyOf } from './rows';
import { UUID } from './ids';
import { settings } from './settings';

@ObjectType({ description: 'Where a page ends and whether more follows' })
export class PageInfo {
  @Field(() => String, { nullable: true, description: 'Pass as `after` to get the next page' })
  endCursor: string | null;

  @Field(() => Boolean, { description: 'Whether another page follows this one' })
  hasNextPage: boolean;
}

export interface Page<T> {
  nodes: T[];
  pageInfo: PageInfo;
}

interface Keyed {
  createdAt: Date;
  id: string;
}

/** The cursor of a row in an order by (a time, id): the time need not be the creation time. */
export const encodeCursor = (at: Date, id: string) => Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');

/**
 * A cursor is only ever one we wrote: `encode`'s exact ISO instant and a UUID. Anything else (an impossible or
 * out-of-range date, an id that is not a UUID, extra parts) is the caller's mistake, refused before SQL sees it.
 */
export function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const [iso, id] = parts;
  const createdAt = new Date(iso);
  const exact =
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(iso) &&
    !Number.isNaN(createdAt.getTime()) &&
    createdAt.toISOString() === iso;
  if (parts.length !== 2 || !exact || !UUID.test(id)) throw badInput('after', 'is not a valid cursor');
  return { createdAt, id };
}

/**
 * The keyset condition of a page written in SQL, newest first: `AND (time, id) < ($n, $n+1)`, the cursor's values
 * appended to `params`; '' on the first page. A forged cursor is BAD_USER_INPUT (decodeCursor).
 */
export function afterCursorSql(
  after: string | null | undefined,
  timeColumn: string,
  idColumn: string,
  params: unknown[],
): string {
  if (!after) return '';
  const c = decodeCursor(after);
  params.push(c.createdAt, c.id);
  return `AND (${timeColumn}, ${idColumn}) < ($${params.length - 1}, $${params.length})`;
}

/** A page's size when the client names none. */
export const DEFAULT_PAGE_SIZE = 20;

export function pageSize(first: number | null | undefined, fallback = DEFAULT_PAGE_SIZE): number {
  const max = settings().limits.pageSize;
  const n = first ?? fallback;
  if (!Number.isInteger(n) || n < 1 || n > max) throw badInput('first', `must be between 1 and ${max}`);
  return n;
}

/** The time a list is ordered by: its column and the entity's property (created_at by default). */
export interface KeysetTime {
  column: string;
  property: string;
}
const CREATED: KeysetTime = { column: 'created_at', property: 'createdAt' };

/**
 * Keyset pagination over (created_at, id), newest first: never OFFSET, so page 100 costs what page 1 costs.
 * `alias` is the query's main alias; its table needs an index on (created_at, id), or on (`time`'s column, id)
 * when a list is ordered by another time (an event's date).
 */
export async function keysetPage<T extends Keyed & ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  alias: string,
  args: { first?: number | null; after?: string | null },
  order: 'DESC' | 'ASC' = 'DESC',
  time: KeysetTime = CREATED,
): Promise<Page<T>> {
  const size = pageSize(args.first);
  if (args.after) {
    const c = decodeCursor(args.after);
    const op = order === 'DESC' ? '<' : '>';
    qb.andWhere(`(${alias}.${time.column}, ${alias}.id) ${op} (:cAt, :cId)`, { cAt: c.createdAt, cId: c.id });
  }
  // The main entity's columns as plain rows made entities (kernel/rows.ts): relations come from loaders.
  const rows = await manyOf(
    entityOf(qb),
    qb
      .orderBy(`${alias}.${time.column}`, order)
      .addOrderBy(`${alias}.id`, order)
      .limit(size + 1),
    alias,
  );
  return pageOfRows(rows, size, (row) => [row[time.property] as Date, row.id]);
}

/**
 * A page of `size` from rows read with `LIMIT size + 1` (the extra row says a next page exists), its cursor the
 * last row's (time, id) as `keyOf` names them: for keyset queries written in SQL rather than a query builder.
 */
export function pageOfRows<T>(rows: T[], size: number, keyOf: (row: T) => [at: Date, id: string]): Page<T> {
  const hasNextPage = rows.length > size;
  const nodes = hasNextPage ? rows.slice(0, size) : rows;
  const last = nodes[nodes.length - 1];
  return { nodes, pageInfo: { hasNextPage, endCursor: last ? encodeCursor(...keyOf(last)) : null } };
}

/** A `<Name>Connection` GraphQL type: a page of `item` with its PageInfo. */
export function ConnectionType<T extends object>(item: new (...args: never[]) => T, name: string) {
  @ObjectType(`${name}Connection`, { description: `A page of ${name} items` })
  class Connection {
    @Field(() => [item], { description: 'The items of this page, in the order of the field that returned it' })
    nodes: T[];

    @Field(() => PageInfo, { description: 'The cursor for the next page, and whether there is one' })
    pageInfo: PageInfo;
  }
  return Connection;
}

/** `first` and `after` of every paginated list. */
@ArgsType()
export class PageArgs {
  @Field(() => Int, { nullable: true, description: 'Page size, 1 to 100 (default 20)' })
  first?: number | null;

  @Field(() => String, { nullable: true, description: 'The endCursor of the previous page' })
  after?: string | null;
}
