import type { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import { db } from './database';

/**
 * Read paths without TypeORM's per-row machinery. A page of 20 posts through `getMany()` costs TypeORM a
 * column-select rewrite and an entity transformer per row; here the select list is computed once per entity and
 * alias, the statement goes straight to the pool, and each row becomes an instance of the entity (its column
 * transformers applied), so resolvers see exactly what `getMany()` gave them. Writes stay on TypeORM.
 */
export type EntityClass<T> = { new (): T; prototype: T };

interface Shape {
  table: string;
  columns: Array<{ databaseName: string; propertyName: string }>;
  /** `"p"."author_id" AS "authorId", ...` per alias. */
  select: Map<string, string>;
  /** Columns whose stored value is transformed on read (e.g. a jsonb shape with defaults). */
  transforms: Array<[property: string, from: (value: unknown) => unknown]>;
}

const shapes = new Map<EntityClass<unknown>, Shape>();

function shapeOf(entity: EntityClass<unknown>): Shape {
  let shape = shapes.get(entity);
  if (shape) return shape;
  const meta = db().getMetadata(entity);
  // Relation-only join columns (no property of their own) are not read: the entity's own `...Id` column is.
  const columns = meta.columns.filter(
    (c) => !(c.relationMetadata && c.propertyName === c.relationMetadata.propertyName),
  );
  shape = {
    table: meta.tablePath,
    columns,
    select: new Map(),
    transforms: columns
      .filter((c) => c.transformer && !Array.isArray(c.transformer))
      .map((c) => [c.propertyName, (c.transformer as { from: (v: unknown) => unknown }).from.bind(c.transformer)]),
  };
  shapes.set(entity, shape);
  return shape;
}

/** The SELECT list of every column of `entity` under `alias`, each named after its property (computed once). */
export function selectColumns(entity: EntityClass<unknown>, alias: string): string {
  const shape = shapeOf(entity);
  let list = shape.select.get(alias);
  if (!list) {
    list = shape.columns.map((c) => `"${alias}"."${c.databaseName}" AS "${c.propertyName}"`).join(', ');
    shape.select.set(alias, list);
  }
  return list;
}

/** Rows named by property (as `selectColumns` names them) as instances of `entity`, transformers applied. */
export function asEntities<T>(entity: EntityClass<T>, rows: ObjectLiteral[]): T[] {
  const { transforms } = shapeOf(entity);
  return rows.map((row) => {
    for (const [property, from] of transforms) row[property] = from(row[property]);
    return Object.assign(Object.create(entity.prototype as object) as T & ObjectLiteral, row);
  });
}

/**
 * One statement straight on the connection pool. The data source's logger still sees it (the tests that count
 * statements per request count these too); a failure is logged as TypeORM would.
 */
export async function queryRows<R extends ObjectLiteral = ObjectLiteral>(
  sql: string,
  parameters: unknown[] = [],
): Promise<R[]> {
  const ds = db();
  ds.logger.logQuery(sql, parameters);
  try {
    return (await (ds.driver as PostgresDriver).master.query(sql, parameters)).rows as R[];
  } catch (err) {
    ds.logger.logQueryError(err as Error, sql, parameters);
    throw err;
  }
}

/** Runs a query builder's statement with every column of `entity` under `alias`, as entities: `getMany()`, faster. */
export async function manyOf<T extends ObjectLiteral>(
  entity: EntityClass<T>,
  qb: SelectQueryBuilder<T>,
  alias: string,
): Promise<T[]> {
  const [sql, parameters] = qb.select(selectColumns(entity, alias)).getQueryAndParameters();
  return asEntities(entity, await queryRows(sql, parameters));
}

/** Rows of `entity` by primary key `id` (in any order, missing ones absent): the body of every byId loader. */
export async function byIds<T extends ObjectLiteral>(entity: EntityClass<T>, ids: readonly string[]): Promise<T[]> {
  const table = shapeOf(entity).table;
  return asEntities(
    entity,
    await queryRows(`SELECT ${selectColumns(entity, 't')} FROM "${table}" "t" WHERE "t"."id" = ANY($1::uuid[])`, [ids]),
  );
}

/** The entity class a query builder selects from (its main alias). */
export function entityOf<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>): EntityClass<T> {
  const target = qb.expressionMap.mainAlias?.metadata.target;
  if (typeof target !== 'function') throw new Error('keyset pages need a query builder over an entity class');
  return target as EntityClass<T>;
}

/**
 * Deletes the row of `entity` with primary key `id` inside `tx` (locked first: of two deletes at once, one answers
 * the row) and answers `filesOf(row)`, the stored files it referred to, for the caller to delete once `tx` has
 * committed; [] when there was no such row. Rows that hang on it go by their foreign keys.
 */
export async function deleteRowIn<T extends ObjectLiteral>(
  tx: EntityManager,
  entity: EntityClass<T>,
  id: string,
  filesOf: (row: T) => Array<string | null | undefined> = () => [],
): Promise<string[]> {
  const repo = tx.getRepository(entity);
  const row = await repo.createQueryBuilder('t').setLock('pessimistic_write').where('t.id = :id', { id }).getOne();
  if (!row) return [];
  await repo.delete(id);
  return filesOf(row).filter((u): u is string => !!u);
}
