import { requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput } from '../../kernel/errors';
import { UUID } from '../../kernel/ids';
import { pageSize, type Page } from '../../kernel/pagination';
import { asEntities, queryRows, selectColumns } from '../../kernel/rows';
import { type SearchKind, searchKind, type SearchKindDeclaration } from './search.kinds';

/**
 * Explore's one search over every kind the modules declare (`searchKinds` in their manifests).
 *
 * With a query: each field of the kind is one branch that its trigram GIN index serves (`ILIKE '%q%'` for
 * substrings, `<%` for a close word), scored `word_similarity + similarity` (a whole-field match beats a word in
 * a longer text); a row's rank is its best field's score as an integer, and pages follow (rank, id) descending.
 * Without a query: the kind's newest visible rows, by (created_at, id) descending over its own index.
 *
 * The cursor carries its mode, an integer key (the rank, or created_at in microseconds: exact, unlike a
 * millisecond ISO time) and the row's id. A cursor we did not write is BAD_USER_INPUT.
 */

const MAX_QUERY = 100;
/** Scores lie in [0, 2]; the rank keeps six digits of them. */
const RANK_SCALE = 500_000;

type Mode = 'rank' | 'time';
const encodeCursor = (mode: Mode, key: string, id: string) => Buffer.from(`${mode}|${key}|${id}`).toString('base64url');

export function decodeSearchCursor(cursor: string, mode: Mode): { key: string; id: string } {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const [m, key, id] = parts;
  const keyOk =
    mode === 'rank' ? /^\d{1,7}$/.test(key ?? '') && Number(key) <= 2 * RANK_SCALE : /^\d{1,17}$/.test(key ?? '');
  if (parts.length !== 3 || m !== mode || !keyOk || !UUID.test(id ?? ''))
    throw badInput('after', 'is not a valid cursor');
  return { key, id };
}

const tableOf = (k: SearchKindDeclaration) => db().getMetadata(k.entity).tablePath;
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function searchQueryText(query: unknown): string {
  if (query !== null && query !== undefined && typeof query !== 'string') throw badInput('query', 'must be text');
  const q = (query ?? '').trim().replace(/\s+/g, ' ');
  if (q.length > MAX_QUERY) throw badInput('query', `must be at most ${MAX_QUERY} characters`);
  return q;
}

/** The rows of a kind this viewer may find; the viewer's id is the statement's last parameter, `viewerParam`. */
const visibleSql = (k: SearchKindDeclaration, viewerParam: string) =>
  k.visibleTo ? `(${k.visible}) AND (${k.visibleTo(viewerParam)})` : `(${k.visible})`;

/**
 * The ranked statement of a kind: $1 the query, $2 its ILIKE pattern, $3/$4 the cursor, $5 the limit ($6 the viewer).
 */
function rankedSql(k: SearchKindDeclaration): string {
  const table = tableOf(k);
  const branches = k.fields.map(
    (f) => `SELECT t.id, word_similarity($1::text, ${f.sql}) + similarity($1::text, ${f.sql}) AS score
      FROM "${table}" t ${f.join ?? ''}
      WHERE ${visibleSql(k, '$6::uuid')} AND (${f.sql} ILIKE $2::text OR $1::text <% ${f.sql})`,
  );
  return `WITH hits AS (${branches.join('\n    UNION ALL ')}),
  ranked AS (SELECT id, round(max(score) * ${RANK_SCALE})::bigint AS key FROM hits GROUP BY id)
  SELECT ${selectColumns(k.entity, 't')}, r.key::text AS "cursorKey"
  FROM ranked r JOIN "${table}" t ON t.id = r.id
  WHERE $3::bigint IS NULL OR (r.key, t.id) < ($3::bigint, $4::uuid)
  ORDER BY r.key DESC, t.id DESC
  LIMIT $5`;
}

/**
 * The newest rows of a kind: $1/$2 the cursor (created_at in microseconds since the epoch, id), $3 the limit ($4 the
 * viewer).
 */
function newestSql(k: SearchKindDeclaration): string {
  return (
    `SELECT ${selectColumns(k.entity, 't')}, (extract(epoch FROM t.created_at) * 1000000)::bigint::text AS ` +
    `"cursorKey"
  FROM "${tableOf(k)}" t
  WHERE ${visibleSql(k, '$4::uuid')}
    AND ($1::bigint IS NULL OR (t.created_at, t.id) < (to_timestamp(0) + ($1::bigint::text || ' ` +
    `microseconds')::interval, $2::uuid))
  ORDER BY t.created_at DESC, t.id DESC
  LIMIT $3`
  );
}

const statements = new Map<string, string>();
function statement(k: SearchKindDeclaration, mode: Mode): string {
  const name = `${k.kind}:${mode}`;
  let sql = statements.get(name);
  if (!sql) statements.set(name, (sql = mode === 'rank' ? rankedSql(k) : newestSql(k)));
  return sql;
}

export interface SearchArgs {
  kind: SearchKind;
  query?: string | null;
  first?: number | null;
  after?: string | null;
}

/** One page of a kind's rows that match `query` (best first), or of its newest rows when the query is empty. */
export async function search(viewer: Viewer | null, args: SearchArgs): Promise<Page<object>> {
  const v = requireViewer(viewer);
  const k = searchKind(args.kind);
  const q = searchQueryText(args.query);
  const size = pageSize(args.first);
  const mode: Mode = q ? 'rank' : 'time';
  const cursor = args.after ? decodeSearchCursor(args.after, mode) : null;
  const params = q
    ? [q, likePattern(q), cursor?.key ?? null, cursor?.id ?? null, size + 1]
    : [cursor?.key ?? null, cursor?.id ?? null, size + 1];
  if (k.visibleTo) params.push(v.id);
  const rows = await queryRows<{ cursorKey: string; id: string }>(statement(k, mode), params);
  const hasNextPage = rows.length > size;
  const pageRows = hasNextPage ? rows.slice(0, size) : rows;
  const last = pageRows[pageRows.length - 1];
  const endCursor = last ? encodeCursor(mode, last.cursorKey, last.id) : null;
  for (const row of pageRows) delete (row as { cursorKey?: string }).cursorKey;
  return { nodes: asEntities(k.entity, pageRows), pageInfo: { hasNextPage, endCursor } };
}
