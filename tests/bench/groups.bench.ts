/**
 * The groups' radius query (issue 12) over real HTTP at 1 connection, as the web app asks for it (its own document:
 * every card's member count and the viewer's standing): a page of the 20 nearest groups within 200 km in a world of
 * 100,000 groups against the same page in a world of 1,000 (same area, same shape on the sphere). The GiST index
 * walks nearest first, so a page must cost what it costs at 1,000. The count line ('Found N groups within R km')
 * counts the radius, so it grows with the groups inside it: measured apart, with its own budget. The plan of the
 * page statement is printed (and kept in the row's figure) so a lost index shows.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startApp, type App } from '../support/app';
import { checkedP50Row } from './support/measure';
import { QUICK } from './support/results';
import { sessionToken, SMALL } from './support/seed';
import { centreOf, LARGE_WORLD, seedGroups, SMALL_WORLD } from './support/seed-groups';
import { httpLinkBody, webOperation } from './support/web-document';

const ROUNDS = 3;
const LATENCY_MS = QUICK ? 2_000 : 6_000;
const WARMUP_MS = QUICK ? 500 : 1_000;
const RADIUS_KM = 200;
const HEADERS = { 'content-type': 'application/json', cookie: `saffa.sid=${sessionToken(1)}` };
const NEAR = webOperation('web/src/features/groups/groups.graphql', 'GroupsNear');
/** The page alone: the web document without the count line. */
const PAGE = NEAR.replace(/\n\s*totalCount\n/, '\n');
const near = (query: string, world: typeof SMALL_WORLD) => {
  const c = centreOf(world);
  return httpLinkBody('GroupsNear', query, {
    lat: c.lat,
    lon: c.lon,
    radiusKm: RADIUS_KM,
    type: null,
    search: null,
    first: 20,
  });
};

let app: App;
let seeded: Record<string, number>;
const plans: Record<string, string> = {};
const inRadius: Record<string, number> = {};

beforeAll(async () => {
  const url = inject('benchDatabaseUrl');
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    seeded = await seedGroups(db, SMALL.members);
    for (const world of [SMALL_WORLD, LARGE_WORLD]) {
      const c = centreOf(world);
      const params = [c.lat, c.lon, RADIUS_KM * 1000, null, null, null, 21];
      // The statement of groups_near_page (migration GroupsMembersChat) with the function's setting.
      await db.query('BEGIN');
      await db.query('SET LOCAL enable_bitmapscan = off');
      const plan = await db.query(
        `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) SELECT g.id, g.place <-> ll_to_earth($1::float8, $2::float8)
           FROM groups g
          WHERE earth_box(ll_to_earth($1::float8, $2::float8), $3::float8) @> g.place
            AND g.place <-> ll_to_earth($1::float8, $2::float8) <= 2 * earth() * sin($3::float8 / (2 * earth()))
            AND ($4::text IS NULL OR g.type = $4::text)
            AND ($5::float8 IS NULL OR (g.place <-> ll_to_earth($1::float8, $2::float8), g.id) > ($5::float8, $6::uuid))
          ORDER BY g.place <-> ll_to_earth($1::float8, $2::float8), g.id
          LIMIT $7`,
        params,
      );
      await db.query('COMMIT');
      plans[world.name] = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      const count = await db.query(
        `SELECT count(*)::int AS n FROM groups g WHERE earth_box(ll_to_earth($1::float8, $2::float8), $3::float8) @> ` +
          `g.place
            AND g.place <-> ll_to_earth($1::float8, $2::float8) <= 2 * earth() * sin($3::float8 / (2 * earth()))`,
        [c.lat, c.lon, RADIUS_KM * 1000],
      );
      inRadius[world.name] = count.rows[0].n;
      console.log(
        `\nGroups radius page plan, ${world.name} world (${world.groups.toLocaleString('en')} ` +
          `groups, ${inRadius[world.name]} within ${RADIUS_KM} km):\n${plans[world.name]}\n`,
      );
    }
  } finally {
    await db.end();
  }
  app = await startApp({ DATABASE_URL: url, LOG_LEVEL: 'warn' });
}, 300_000);
afterAll(() => app?.stop());

async function row(opts: { query: string; label: string; budget: number }) {
  const baseline = {
    label: `${opts.label} at ${SMALL_WORLD.groups.toLocaleString('en')} groups (${inRadius.small} in radius)`,
    body: near(opts.query, SMALL_WORLD),
  };
  const other = {
    label: `${opts.label} at ${LARGE_WORLD.groups.toLocaleString('en')} groups (${inRadius.large} in radius)`,
    body: near(opts.query, LARGE_WORLD),
  };
  await checkedP50Row({
    rounds: ROUNDS,
    request: {
      url: `${app.url}/graphql`,
      method: 'POST',
      headers: HEADERS,
      durationMs: LATENCY_MS,
      warmupMs: WARMUP_MS,
      expect: '"memberCount"',
    },
    baseline,
    other,
    budget: opts.budget,
    check: (data) => expect((data.groupsNear as { nodes: unknown[] }).nodes).toHaveLength(20),
  });
}

it('the plan walks the GiST index nearest first and reads about a page, however many groups lie in the radius', () => {
  expect(seeded.groups).toBeGreaterThanOrEqual(SMALL_WORLD.groups + LARGE_WORLD.groups);
  for (const world of ['small', 'large']) {
    expect(plans[world]).toMatch(/Index Scan using "IDX_groups_place"/);
    expect(plans[world]).toMatch(/Order By: \(place <-> /);
    // No sort of the radius: at most an incremental sort of equal distances (the id tie-break) above the ordered scan.
    expect(plans[world]).not.toMatch(/^\s*(->\s+)?Sort \(/m);
    // The scan reads about a page (21 asked), not the groups in the radius.
    const read = Number(/Index Scan using "IDX_groups_place".*rows=(\d+)/.exec(plans[world])?.[1]);
    expect(read).toBeLessThanOrEqual(40);
  }
});

it(`radius page (${RADIUS_KM} km, nearest 20) at 100,000 groups vs 1,000`, async () => {
  await row({ query: PAGE, label: 'radius page', budget: 1.5 });
}, 120_000);

it(`the Discover Groups document with its count line at 100,000 groups vs 1,000`, async () => {
  // The count reads every group inside the radius (100 times as many): its own, looser budget.
  await row({ query: NEAR, label: 'Discover Groups page + count', budget: 4 });
}, 120_000);
