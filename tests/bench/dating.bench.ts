/**
 * Dating Discover (issue 10): the web app's DatingProfiles query (20 aliases, nearest first, with compatibility and
 * distance) over real HTTP at 1 connection, for a viewer with LARGE aliases within the radius against one with 100
 * (support/seed-dating.ts). The GiST expression index serves the radius box and the nearest-first order, so the
 * larger crowd must not cost much more.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startApp, type App } from '../support/app';
import { alternate, fmt, load, median } from './support/measure';
import { QUICK, record, type BenchRow } from './support/results';
import { sessionToken } from './support/seed';
import { DATING_SMALL, seedDating } from './support/seed-dating';
import { httpLinkBody, webOperation } from './support/web-document';

const ROUNDS = 3;
const LATENCY_MS = QUICK ? 3_000 : 6_000;
const WARMUP_MS = QUICK ? 1_000 : 500;
const LARGE = QUICK ? 1_500 : 9_000;
const PROFILES = webOperation('web/src/features/dating/dating.graphql', 'DatingProfiles');
const BODY = httpLinkBody('DatingProfiles', PROFILES, { first: 50 });
const as = (member: number) => ({ 'content-type': 'application/json', cookie: `saffa.sid=${sessionToken(member)}` });

let app: App;
let sql: pg.Client;

beforeAll(async () => {
  const databaseUrl = inject('benchDatabaseUrl');
  sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  const started = performance.now();
  const counts = await seedDating(sql, LARGE);
  process.stdout.write(
    `dating bench: ${counts.aliases.toLocaleString('en')} aliases seeded ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );
  // The plan of Discover's statement (dating.service.ts, without bitmap scans as there) for the viewer with the large
  // crowd.
  const [viewer] = (
    await sql.query(`SELECT id, latitude, longitude FROM dating_aliases WHERE member_id = md5('member-2')::uuid`)
  ).rows;
  await sql.query('BEGIN');
  await sql.query('SET LOCAL enable_bitmapscan = off');
  const plan = await sql.query(
    `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) SELECT a.id, earth_distance(ll_to_earth($2::float8, $3::float8), ` +
      `ll_to_earth(a.latitude, a.longitude)) AS metres
       FROM dating_aliases a
      WHERE a.id <> $1 AND ('everyone' = 'everyone' OR a.gender = 'x') AND a.age BETWEEN 18 AND 99
        AND earth_box(ll_to_earth($2::float8, $3::float8), 100000::float8) @> ll_to_earth(a.latitude, a.longitude)
        AND earth_distance(ll_to_earth($2::float8, $3::float8), ll_to_earth(a.latitude, a.longitude)) <= 100000::float8
        AND NOT EXISTS (SELECT 1 FROM dating_reactions r WHERE r.from_alias_id = $1 AND r.to_alias_id = a.id)
      ORDER BY ll_to_earth(a.latitude, a.longitude) <-> ll_to_earth($2::float8, $3::float8), a.id LIMIT 50`,
    [viewer.id, viewer.latitude, viewer.longitude],
  );
  await sql.query('COMMIT');
  process.stdout.write(`--- Discover, ${LARGE} in radius ---\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`);
  app = await startApp({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', NODE_ENV: 'production' });
});

afterAll(async () => {
  await Promise.all([app?.stop(), sql?.end()]);
});

it(`Discover: ${LARGE.toLocaleString('en')} aliases within the radius vs ${DATING_SMALL.size}`, async () => {
  for (const member of [1, 2]) {
    const res = await fetch(`${app.url}/graphql`, { method: 'POST', headers: as(member), body: BODY });
    const json = await res.json();
    expect(json.errors, JSON.stringify(json.errors)).toBeUndefined();
    expect(json.data.datingProfiles).toHaveLength(50);
  }
  const base = {
    url: `${app.url}/graphql`,
    method: 'POST' as const,
    connections: 1,
    durationMs: LATENCY_MS,
    warmupMs: WARMUP_MS,
    expect: '"compatibility"',
    body: BODY,
  };
  const rounds = await alternate(ROUNDS, {
    small: () => load({ ...base, headers: as(1) }).then((r) => r.p50),
    large: () => load({ ...base, headers: as(2) }).then((r) => r.p50),
  });
  const ratio = median(rounds.small.map((s, i) => s / rounds.large[i]));
  const row: BenchRow = {
    figure:
      `dating Discover: ${LARGE.toLocaleString('en')} aliases in radius, page of 50, p50 at 1 conn ` +
      `[${rounds.large.map((t) => t.toFixed(1)).join(', ')} ms]`,
    baseline:
      `${DATING_SMALL.size} aliases ${fmt.ms(median(rounds.small))} ` +
      `[${rounds.small.map((t) => t.toFixed(1)).join(', ')}]`,
    value: fmt.ms(median(rounds.large)),
    ratio,
    budget: '≥ 0.5× (≤ 2× 100 aliases)',
    pass: ratio >= 1 / 2,
  };
  record([row]);
  expect(row.pass, `${row.figure}: ${row.value} against ${row.baseline}`).toBe(true);
});
