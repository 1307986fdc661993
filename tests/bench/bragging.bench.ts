/**
 * The Bragging Rights leaderboards (issue 14) with 10,000 members and 1,000,000 scored predictions (the quick run:
 * 2,000 and 100,000): the overall leaderboard as /bragging-rights asks for it (its own document) against a
 * championship board of ten members over real HTTP (the top is read from the stored standings' index, so the size
 * of the board must not matter), and the leaderboard's SQL on its own: its latency and a plan that reads the index.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startApp, type App } from '../support/app';
import { explain } from './support/explain';
import { checkedP50Row, median } from './support/measure';
import { QUICK, record } from './support/results';
import { sessionToken } from './support/seed';
import { BRAGGING_FULL, BRAGGING_SMALL, SMALL_BOARD, SMALL_CHAMPIONSHIP, seedBragging } from './support/seed-bragging';
import { httpLinkBody, webOperation } from './support/web-document';

const ROUNDS = 3;
const LATENCY_MS = QUICK ? 2_000 : 6_000;
const WARMUP_MS = QUICK ? 500 : 1_000;
const SIZE = QUICK ? BRAGGING_SMALL : BRAGGING_FULL;
const HEADERS = { 'content-type': 'application/json', cookie: `saffa.sid=${sessionToken(1)}` };
const LEADERBOARD = webOperation('web/src/features/bragging/bragging.graphql', 'BraggingLeaderboard');
/** The same standing fields as BraggingLeaderboard, of a championship. */
const CHAMPIONSHIP_BOARD =
  `query BraggingChampionshipBoard($id: ID!) {
  braggingChampionshipLeaderboard(id: $id, first: 10) { id rank userId points correctPredictions totalPredictions ` +
  `user { id displayName initials profileImageUrl __typename } __typename }
}`;
/** The statement service.leaderboard runs. */
const LEADERBOARD_SQL = `SELECT t.member_id, t.points, t.correct_predictions, t.total_predictions,
            rank() OVER (ORDER BY t.points DESC, t.correct_predictions DESC)::int AS rank
       FROM (SELECT member_id, points, correct_predictions, total_predictions FROM bragging_standings
              WHERE scope = $1 ORDER BY points DESC, correct_predictions DESC, member_id DESC LIMIT $2) t
      ORDER BY t.points DESC, t.correct_predictions DESC, t.member_id DESC`;

let app: App;
let sql: pg.Client;
let seeded: Record<string, number>;

beforeAll(async () => {
  const url = inject('benchDatabaseUrl');
  sql = new pg.Client({ connectionString: url });
  await sql.connect();
  seeded = await seedBragging(sql, SIZE);
  app = await startApp({ DATABASE_URL: url, LOG_LEVEL: 'warn' });
}, 600_000);
afterAll(async () => {
  await sql?.end();
  await app?.stop();
});

it(`the overall leaderboard of ${SIZE.members.toLocaleString('en')} members vs a championship board of ${SMALL_BOARD}`, async () => {
  expect(seeded.members).toBe(SIZE.members);
  await checkedP50Row({
    rounds: ROUNDS,
    request: {
      url: `${app.url}/graphql`,
      method: 'POST',
      headers: HEADERS,
      durationMs: LATENCY_MS,
      warmupMs: WARMUP_MS,
      expect: '"correctPredictions"',
    },
    baseline: {
      label: `championship board of ${SMALL_BOARD}`,
      body: JSON.stringify({
        operationName: 'BraggingChampionshipBoard',
        query: CHAMPIONSHIP_BOARD,
        variables: { id: SMALL_CHAMPIONSHIP },
      }),
    },
    other: {
      label:
        `/bragging-rights overall leaderboard, top 10 of ${SIZE.members.toLocaleString('en')} members ` +
        `(${seeded.predictions.toLocaleString('en')} predictions)`,
      body: httpLinkBody('BraggingLeaderboard', LEADERBOARD, { category: null }),
    },
    budget: 1.5,
    check: (data) => expect(Object.values(data)[0]).toHaveLength(10),
  });
}, 180_000);

it('the leaderboard statement reads the top from the standings index', async () => {
  const plan = await explain(sql, LEADERBOARD_SQL, ['overall', 10]);
  expect(plan, plan).toMatch(/Index (Only )?Scan Backward using "?IDX_bragging_standings_board"?/);
  expect(plan, plan).not.toMatch(/Sort Method: (external|top-N)/);
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    await sql.query(LEADERBOARD_SQL, ['overall', 10]);
    times.push(performance.now() - t0);
  }
  const p50 = median(times);
  const budgetMs = 20;
  record([
    {
      figure:
        `leaderboard SQL, top 10 overall of ${seeded.members.toLocaleString('en')} members ` +
        `(${seeded.standings.toLocaleString('en')} standings rows), p50 of 30`,
      baseline: 'index scan of bragging_standings',
      value: `${p50.toFixed(2)} ms`,
      ratio: null,
      budget: `≤ ${budgetMs} ms`,
      pass: p50 <= budgetMs,
    },
  ]);
  expect(p50).toBeLessThanOrEqual(budgetMs);
});
