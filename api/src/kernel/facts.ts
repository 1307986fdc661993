import DataLoader from 'dataloader';
import { queryRows } from './rows';

/**
 * Facts about a page of rows that several modules own: counts (reactions, comments, shares) and the viewer's own
 * state (their reaction, their saved copy). Each module writes its facts as SQL expressions over one row; the
 * composition root puts every module's facts for a type together, and a page's facts then cost ONE statement:
 *
 *   SELECT t.id, (<fact 1>) AS "fact1", (<fact 2>) AS "fact2", ... FROM unnest($1::uuid[]) AS t(id)
 *
 * A fact's SQL is a scalar subquery that may use `t.id` (the row's id) and `$2` (the viewer's id, NULL when
 * signed out), and must be served by an index on its table's foreign key: it runs once per row of the page.
 * Every fact of the type is computed whenever any is asked for; keep facts cheap (counts over an index, a
 * lookup by a unique key), and put anything heavier in its own loader.
 */
export type FactSql<F> = { readonly [K in keyof F]: string };

export type FactsLoader<F> = DataLoader<string, F>;

/** Builds the per-request loader of a type's facts (keys: row ids, which must be UUIDs). */
export function createFactsLoader<F extends object>(facts: FactSql<F>, viewerId: string | null): FactsLoader<F> {
  const columns = Object.entries(facts as Record<string, string>)
    .map(([name, sql]) => {
      if (!/^[a-zA-Z]\w*$/.test(name)) throw new Error(`fact name ${name} is not a plain identifier`);
      return `(${sql}) AS "${name}"`;
    })
    .join(',\n       ');
  const statement = `SELECT t.id,\n       ${columns}\n  FROM unnest($1::uuid[]) AS t(id)`;
  return new DataLoader<string, F>(
    async (ids) => {
      const rows = await queryRows<F & { id: string }>(statement, [ids, viewerId]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id) ?? new Error(`no facts for ${id}`));
    },
    { maxBatchSize: 500 },
  );
}
