/**
 * The recipes list and the Noot vir Noot chart (issue 11) over real HTTP at 1 connection, as the web app asks for
 * them (its own documents): a page deep in the recipes against page 1 (keyset: it must cost what page 1 costs), and
 * this month's chart drawn from a long playlist against a playlist of one chart's length (the chart index hands out
 * the top 100 without sorting the whole month).
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startApp, type App } from '../support/app';
import { checkedP50Row } from './support/measure';
import { QUICK } from './support/results';
import { sessionToken } from './support/seed';
import {
  PLAYLIST_LAST_MONTH,
  RECIPES_NOOT_FULL,
  RECIPES_NOOT_SMALL,
  SHORT_CHART,
  seedRecipesAndNoot,
} from './support/seed-recipes-noot';
import { httpLinkBody, webOperation } from './support/web-document';

const ROUNDS = 3;
const LATENCY_MS = QUICK ? 2_000 : 6_000;
const WARMUP_MS = QUICK ? 500 : 1_000;
const SIZE = QUICK ? RECIPES_NOOT_SMALL : RECIPES_NOOT_FULL;
const DEPTH = QUICK ? 15_000 : 80_000;
const HEADERS = { 'content-type': 'application/json', cookie: `saffa.sid=${sessionToken(1)}` };
const RECIPES = webOperation('web/src/features/recipes/recipes.graphql', 'Recipes');
const CHART = webOperation('web/src/features/noot/music.graphql', 'NootChart');
/** The same chart fields as NootChart, of a playlist named by id (last month's, one chart long). */
const CHART_OF =
  `query NootChartOf($id: ID!) {
  nootSongs(playlistId: $id) { id title artist album coverImageUrl songFileUrl isAdminApproved playCount likeCount ` +
  `viewerIsUploader __typename }
  nootLikedSongIds(playlistId: $id)
  nootMonthlyLikes { likesRemaining limit __typename }
}`;
const recipes = (v: Record<string, unknown>) => httpLinkBody('Recipes', RECIPES, { first: 20, ...v });

let app: App;
let seeded: Record<string, number>;
let deepRecipe = '';
/** A cursor as the app writes them (kernel/pagination.ts). */
const cursor = (row: { created_at: Date; id: string }) =>
  Buffer.from(`${row.created_at.toISOString()}|${row.id}`).toString('base64url');

beforeAll(async () => {
  const url = inject('benchDatabaseUrl');
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    seeded = await seedRecipesAndNoot(db, SIZE);
    const r = await db.query(`SELECT created_at, id FROM recipes ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT 1`, [
      DEPTH,
    ]);
    deepRecipe = cursor(r.rows[0]);
  } finally {
    await db.end();
  }
  app = await startApp({ DATABASE_URL: url, LOG_LEVEL: 'warn' });
}, 300_000);
afterAll(() => app?.stop());

/** The list an answer carries: a connection's nodes, or a playlist's or query's songs. */
function listOf(data: Record<string, unknown>): unknown[] {
  const first = Object.values(data)[0] as { nodes?: unknown[]; songs?: unknown[] } | unknown[];
  return Array.isArray(first) ? first : (first.nodes ?? first.songs ?? []);
}

/** A row whose two answers are both full lists of `size` (checked before anything is timed). */
const row = (opts: {
  expect: string;
  size: number;
  baseline: { label: string; body: string };
  other: { label: string; body: string };
  budget: number;
}) =>
  checkedP50Row({
    rounds: ROUNDS,
    request: {
      url: `${app.url}/graphql`,
      method: 'POST',
      headers: HEADERS,
      durationMs: LATENCY_MS,
      warmupMs: WARMUP_MS,
      expect: opts.expect,
    },
    baseline: opts.baseline,
    other: opts.other,
    budget: opts.budget,
    check: (data) => expect(listOf(data)).toHaveLength(opts.size),
  });

it(`keyset: /recipes ${DEPTH.toLocaleString('en')} recipes deep vs page 1`, async () => {
  await row({
    expect: '"reactionCounts"',
    size: 20,
    baseline: { label: '/recipes page 1', body: recipes({}) },
    other: {
      label: `keyset: /recipes ${DEPTH.toLocaleString('en')} deep (${seeded.recipes.toLocaleString('en')} recipes)`,
      body: recipes({ after: deepRecipe }),
    },
    budget: 1.5,
  });
}, 120_000);

it('this month’s chart from a long playlist vs a playlist one chart long', async () => {
  await row({
    expect: '"likeCount"',
    size: SHORT_CHART,
    baseline: {
      label: `chart of a playlist of ${SHORT_CHART} songs`,
      body: JSON.stringify({ operationName: 'NootChartOf', query: CHART_OF, variables: { id: PLAYLIST_LAST_MONTH } }),
    },
    other: {
      label: `/noot-vir-noot chart of ${(seeded.songs - SHORT_CHART).toLocaleString('en')} songs`,
      body: httpLinkBody('NootChart', CHART, {}),
    },
    budget: 1.5,
  });
}, 120_000);
