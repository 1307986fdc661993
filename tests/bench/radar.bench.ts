/**
 * The radar's nearby query (issue 13) over real HTTP at 1 connection, as the web app asks for it (its own document,
 * NearbyUsers in web/src/features/radar/radar.graphql): the 20 nearest members within the default 50 km, in a world
 * of 100,000 members with radar on against the same page in a world of 1,000 (same area, same shape on the sphere;
 * each searched by its own member from its centre). The GiST index on the stored earth point walks nearest first,
 * index only (it INCLUDEs the member and the time, so the 24-hour freshness and "not the searcher" are checked
 * inside it), so a page must cost what it costs at 1,000. The plan
 * of the page statement is printed so a lost index shows.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startApp, type App } from '../support/app';
import { explainWithoutBitmapScans } from './support/explain';
import { p50Row } from './support/measure';
import { QUICK, record } from './support/results';
import { sessionToken } from './support/seed';
import { centreOf, LARGE_RADAR, SMALL_RADAR, seedRadar, type RadarWorld } from './support/seed-radar';
import { httpLinkBody, webOperation } from './support/web-document';

const ROUNDS = 3;
const LATENCY_MS = QUICK ? 2_000 : 6_000;
const WARMUP_MS = QUICK ? 500 : 1_000;
const RADIUS_KM = 50;
const NEARBY = webOperation('web/src/features/radar/radar.graphql', 'NearbyUsers');
const headersOf = (w: RadarWorld) => ({
  'content-type': 'application/json',
  cookie: `saffa.sid=${sessionToken(w.searcher)}`,
});
const BODY = httpLinkBody('NearbyUsers', NEARBY, { radiusKm: RADIUS_KM, first: 20 });

let app: App;
let seeded: Record<string, number>;
const plans: Record<string, string> = {};
const inRadius: Record<string, number> = {};

beforeAll(async () => {
  const url = inject('benchDatabaseUrl');
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    seeded = await seedRadar(db);
    for (const world of [SMALL_RADAR, LARGE_RADAR]) {
      const c = centreOf(world);
      const me = (await db.query(`SELECT md5('member-' || $1::int)::uuid AS id`, [world.searcher])).rows[0].id;
      // The statement of radar_nearby_page (migration LocationPrecision), with the function's setting: the walk
      // nearest first to the ring of the page's last member, then the rings up to it sorted by (ring, tie-break).
      const candidates =
        `earth_box(ll_to_earth($1::float8, $2::float8), $3::float8) @> r.place
            AND r.place <-> ll_to_earth($1::float8, $2::float8) <= 2 * earth() * sin($3::float8 / (2 * earth()))
            AND r.located_at >= now() - interval '24 hours'
            AND r.member_id <> $4::uuid
            AND NOT EXISTS (SELECT 1 FROM user_blocks ub WHERE ub.blocker_id = $4::uuid AND ub.blocked_id = r.member_id)
            AND NOT EXISTS (SELECT 1 FROM user_blocks ub WHERE ub.blocker_id = r.member_id AND ub.blocked_id = $4::uuid)
            AND ($6::int IS NULL OR (radar_ring(r.place <-> ll_to_earth($1::float8, $2::float8)), md5($5::text || ` +
        `r.member_id::text)) > ($6::int, $7::text))`;
      plans[world.name] = await explainWithoutBitmapScans(
        db,
        `WITH walk AS (
           SELECT radar_ring(r.place <-> ll_to_earth($1::float8, $2::float8)) AS ring
             FROM radar_positions r
            WHERE ${candidates}
            ORDER BY r.place <-> ll_to_earth($1::float8, $2::float8)
            LIMIT $8::int
         ), last AS (SELECT max(ring) AS ring FROM walk)
         SELECT r.member_id, radar_ring(r.place <-> ll_to_earth($1::float8, $2::float8)), md5($5::text || ` +
          `r.member_id::text)
           FROM last, radar_positions r
          WHERE last.ring IS NOT NULL
            AND earth_box(ll_to_earth($1::float8, $2::float8), least($3::float8, greatest(1000, (last.ring + 0.5) * ` +
          `1000) + 1)) @> r.place
            AND radar_ring(r.place <-> ll_to_earth($1::float8, $2::float8)) <= last.ring
            AND ${candidates}
          ORDER BY 2, 3
          LIMIT $8::int`,
        [c.lat, c.lon, RADIUS_KM * 1000, me, 'bench-tie-key', null, null, 21],
      );
      const count = await db.query(
        `SELECT count(*)::int AS n FROM radar_positions r WHERE earth_box(ll_to_earth($1::float8, $2::float8), ` +
          `$3::float8) @> r.place
            AND r.place <-> ll_to_earth($1::float8, $2::float8) <= 2 * earth() * sin($3::float8 / (2 * earth()))`,
        [c.lat, c.lon, RADIUS_KM * 1000],
      );
      inRadius[world.name] = count.rows[0].n;
      console.log(
        `\nRadar nearby page plan, ${world.name} world (${world.members.toLocaleString('en')} members with radar ` +
          `on, ${inRadius[world.name]} within ${RADIUS_KM} km):\n${plans[world.name]}\n`,
      );
    }
  } finally {
    await db.end();
  }
  app = await startApp({ DATABASE_URL: url, LOG_LEVEL: 'warn' });
}, 300_000);
afterAll(() => app?.stop());

it('the plan walks the GiST index nearest first, index only (freshness and member inside it), and reads about a page and its rings', () => {
  expect(seeded.positions).toBeGreaterThanOrEqual(SMALL_RADAR.members + LARGE_RADAR.members);
  for (const world of ['small', 'large']) {
    // Index-only scans: the index carries the member and the time (INCLUDE), so no row is read from the table.
    const scans = [...plans[world].matchAll(/Index Only Scan using "IDX_radar_positions_place".*rows=(\d+)/g)].map(
      (m) => Number(m[1]),
    );
    expect(scans, plans[world]).toHaveLength(2);
    expect(plans[world]).toMatch(/Order By: \(place <-> /);
    expect(plans[world]).not.toMatch(/Seq Scan on radar_positions/);
    // The walk reads about a page; the rings up to the page's last member (their box) are read and sorted, no more.
    expect(scans[0]).toBeLessThanOrEqual(40);
    expect(scans[1]).toBeLessThanOrEqual(150);
    for (const m of plans[world].matchAll(/Sort \(actual time=\S+ rows=(\d+)/g))
      expect(Number(m[1])).toBeLessThanOrEqual(100);
  }
});

it(`nearby page (${RADIUS_KM} km, nearest 20) at 100,000 members with radar on vs 1,000`, async () => {
  const baseline = {
    label: `nearby page at ${SMALL_RADAR.members.toLocaleString('en')} members (${inRadius.small} in radius)`,
    body: BODY,
    headers: headersOf(SMALL_RADAR),
  };
  const other = {
    label: `nearby page at ${LARGE_RADAR.members.toLocaleString('en')} members (${inRadius.large} in radius)`,
    body: BODY,
    headers: headersOf(LARGE_RADAR),
  };
  for (const side of [baseline, other]) {
    const json = await (
      await fetch(`${app.url}/graphql`, { method: 'POST', headers: side.headers, body: side.body })
    ).json();
    expect(json.errors, JSON.stringify(json.errors)).toBeUndefined();
    expect(json.data.nearbyUsers.nodes).toHaveLength(20);
    expect(json.data.nearbyUsers.nodes[0].distanceKm).toBeLessThanOrEqual(json.data.nearbyUsers.nodes[19].distanceKm);
  }
  const result = await p50Row({
    rounds: ROUNDS,
    request: {
      url: `${app.url}/graphql`,
      method: 'POST',
      headers: headersOf(SMALL_RADAR),
      durationMs: LATENCY_MS,
      warmupMs: WARMUP_MS,
      expect: '"distanceKm"',
    },
    baseline,
    other,
    budget: 1.5,
  });
  record([result]);
  expect(result.pass, `${result.figure}: ${result.value} against ${result.baseline}`).toBe(true);
}, 120_000);
