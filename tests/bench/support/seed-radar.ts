/**
 * The radar's bench rows, in SQL with generate_series: two "worlds" of the same size on the map, one with 1,000
 * members whose radar is on and one with 100,000, spread evenly (by a hash) over a 2° × 2° square at the same
 * distance from the equator (same shape on the sphere), every position fresh and rounded to 3 decimals as the
 * service stores it. Bench member 1 searches from the centre of the small world, member 2 from the centre of the
 * large one (both with radar on). Seeding twice changes nothing.
 */
import type pg from 'pg';

export interface RadarWorld {
  name: string;
  members: number;
  /** The square's south-west corner; the searcher stands at its centre. */
  lat: number;
  lon: number;
  /** The bench member (seed.ts) who searches this world. */
  searcher: number;
}
export const SQUARE_DEGREES = 2;
export const SMALL_RADAR: RadarWorld = { name: 'small', members: 1_000, lat: -31, lon: 24, searcher: 1 };
export const LARGE_RADAR: RadarWorld = { name: 'large', members: 100_000, lat: 29, lon: 24, searcher: 2 };
export const centreOf = (w: RadarWorld) => ({ lat: w.lat + SQUARE_DEGREES / 2, lon: w.lon + SQUARE_DEGREES / 2 });

/**
 * Member n of world w is md5('radar-' || w || '-' || n)::uuid, named 'Radarbench' (no search of another bench matches
 * it).
 */
export async function seedRadar(db: pg.Client): Promise<Record<string, number>> {
  const done = await db.query(`SELECT count(*)::int AS n FROM radar_positions`);
  if (done.rows[0].n >= SMALL_RADAR.members + LARGE_RADAR.members) return { positions: done.rows[0].n };
  await db.query('BEGIN');
  for (const w of [SMALL_RADAR, LARGE_RADAR]) {
    const unit = (salt: string) =>
      `(('x' || substr(md5('${salt}-${w.name}-' || n), 1, 8))::bit(32)::bigint / 4294967296.0)`;
    await db.query(
      `INSERT INTO users (id, first_name, last_name, radar_enabled)
       SELECT md5('radar-${w.name}-' || n)::uuid, 'Radarbench', 'R' || n, true FROM generate_series(1, $1::int) n`,
      [w.members],
    );
    await db.query(
      `INSERT INTO radar_positions (member_id, latitude, longitude, located_at)
       SELECT md5('radar-${w.name}-' || n)::uuid,
              round(($2::float8 + ${SQUARE_DEGREES} * ${unit('lat')})::numeric, 3)::float8,
              round(($3::float8 + ${SQUARE_DEGREES} * ${unit('lon')})::numeric, 3)::float8,
              now() - make_interval(mins => n % 600)
         FROM generate_series(1, $1::int) n`,
      [w.members, w.lat, w.lon],
    );
    const c = centreOf(w);
    await db.query(`UPDATE users SET radar_enabled = true WHERE id = md5('member-' || $1::int)::uuid`, [w.searcher]);
    await db.query(
      `INSERT INTO radar_positions (member_id, latitude, longitude) VALUES (md5('member-' || $1::int)::uuid, $2, $3)
       ON CONFLICT (member_id) DO UPDATE SET latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude, ` +
        `located_at ` +
        `= now()`,
      [w.searcher, c.lat, c.lon],
    );
  }
  await db.query('COMMIT');
  await db.query('VACUUM ANALYZE users, radar_positions');
  return (await db.query(`SELECT count(*)::int AS positions FROM radar_positions`)).rows[0];
}
