import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Location precision (issue 24, findings 4 and 5).
 *
 * Stored positions are coarsened to the 1 km grid cell of kernel/geo `coarsePosition` (its SQL twin below, same
 * arithmetic in double precision): marketplace listings and groups published their creator's browser position to 6
 * decimals, and radar positions were kept to 3 decimals (about 100 m). The triggers keep each `place` in step.
 *
 * The radar's page no longer orders by the exact distance, nor takes a cursor naming a member (whose exact
 * distance it looked up, without the blocks): `radar_nearby_page` orders by the shown ring (`radar_ring`: whole km,
 * under 1 km 0, as the service shows it) and then by `md5(tie_key || member)`, a per-viewer keyed hash that says
 * nothing of where anyone is; the cursor is that pair (signed by the service). One statement in two steps: the
 * GiST index walks nearest first to the ring of the last row of the page (index only, `lim` rows), then the members
 * of the rings up to it (inside that ring's box) are sorted by (ring, tie): a page reads its rings, no more.
 */
const coarse = (lat: string, lng: string, cellKm: number) => {
  const latStep = `(${cellKm}::float8 / (6378.168::float8 * pi() / 180))`;
  const cLat = `least(90::float8, greatest(-90::float8, (floor(${lat} / ${latStep}) + 0.5) * ${latStep}))`;
  const lngStep = `least(360::float8, ${latStep} / greatest(cos(${cLat} * pi() / 180), 1e-9::float8))`;
  const cLng = `least(180::float8, -180 + (floor((${lng} + 180) / ${lngStep}) + 0.5) * ${lngStep})`;
  const round6 = (x: string) => `(floor(${x} * 1e6::float8 + 0.5) / 1e6::float8)`;
  return { latitude: round6(cLat), longitude: round6(cLng) };
};

/** Coarsens the positions stored in `table` to the cells of kernel/geo `coarsePosition` (exported for its test). */
export function coarsenStoredSql(table: string, cellKm = 1): string {
  const c = coarse('latitude', 'longitude', cellKm);
  return `UPDATE "${table}" SET latitude = ${c.latitude}, longitude = ${c.longitude}
           WHERE latitude IS DISTINCT FROM ${c.latitude} OR longitude IS DISTINCT FROM ${c.longitude}`;
}

const BLOCKS_FILTER = `
            AND NOT EXISTS (SELECT 1 FROM user_blocks ub WHERE ub.blocker_id = me AND ub.blocked_id = r.user_id)
            AND NOT EXISTS (SELECT 1 FROM user_blocks ub WHERE ub.blocker_id = r.user_id AND ub.blocked_id = me)`;

/** The members `me` may see from (lat, lng) within `radius` metres, seen since `since`, after the cursor. */
const CANDIDATES =
  `earth_box(ll_to_earth(lat, lng), radius) @> r.place
            AND r.place <-> ll_to_earth(lat, lng) <= 2 * earth() * sin(radius / (2 * earth()))
            AND r.located_at >= since
            AND r.user_id <> me${BLOCKS_FILTER}
            AND (after_ring IS NULL OR (radar_ring(r.place <-> ll_to_earth(lat, lng)), md5(tie_key || ` +
  `r.user_id::text)) > (after_ring, after_tie))`;

export class LocationPrecision1795820000000 implements MigrationInterface {
  name = 'LocationPrecision1795820000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['marketplace_listings', 'groups', 'radar_positions']) await q.query(coarsenStoredSql(table));
    // The ring a chord distance (metres through the earth, what the GiST index orders by) is shown as: whole km,
    // rounded at the half; under 1 km, 0. radar.service shows exactly this number.
    await q.query(
      `CREATE FUNCTION radar_ring(chord float8) RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
         SELECT CASE WHEN sec_to_gc(chord) < 1000 THEN 0 ELSE floor(sec_to_gc(chord) / 1000 + 0.5)::int END
       $$`,
    );
    await q.query(`DROP FUNCTION radar_nearby_page(float8, float8, float8, timestamptz, uuid, float8, uuid, int)`);
    await q.query(
      `CREATE FUNCTION radar_nearby_page(lat float8, lng float8, radius float8, since timestamptz, me uuid, tie_key ` +
        `text, after_ring int, after_tie text, lim int)
       RETURNS TABLE (id uuid, ring int, tie text) LANGUAGE sql STABLE ROWS 25 SET enable_bitmapscan = off AS $$
         WITH walk AS (
           SELECT radar_ring(r.place <-> ll_to_earth(lat, lng)) AS ring
             FROM radar_positions r
            WHERE ${CANDIDATES}
            ORDER BY r.place <-> ll_to_earth(lat, lng)
            LIMIT lim
         ), last AS (SELECT max(ring) AS ring FROM walk)
         SELECT r.user_id, radar_ring(r.place <-> ll_to_earth(lat, lng)), md5(tie_key || r.user_id::text)
           FROM last, radar_positions r
          WHERE last.ring IS NOT NULL
            AND earth_box(ll_to_earth(lat, lng), least(radius, greatest(1000, (last.ring + 0.5) * 1000) + 1)) @> r.place
            AND radar_ring(r.place <-> ll_to_earth(lat, lng)) <= last.ring
            AND ${CANDIDATES}
          ORDER BY 2, 3
          LIMIT lim
       $$`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION radar_nearby_page(float8, float8, float8, timestamptz, uuid, text, int, text, int)`);
    await q.query(`DROP FUNCTION radar_ring(float8)`);
    // The page function as migration UserBlocks left it (the coarsened positions stay coarse).
    await q.query(
      `CREATE FUNCTION radar_nearby_page(lat float8, lng float8, radius float8, since timestamptz, me uuid, ` +
        `after_chord float8, after_id uuid, lim int)
       RETURNS TABLE (id uuid, chord float8) LANGUAGE sql STABLE ROWS 25 SET enable_bitmapscan = off AS $$
         SELECT r.user_id, r.place <-> ll_to_earth(lat, lng)
           FROM radar_positions r
          WHERE earth_box(ll_to_earth(lat, lng), radius) @> r.place
            AND r.place <-> ll_to_earth(lat, lng) <= 2 * earth() * sin(radius / (2 * earth()))
            AND r.located_at >= since
            AND r.user_id <> me
            AND (after_chord IS NULL OR (r.place <-> ll_to_earth(lat, lng), r.user_id) > (after_chord, ` +
        `after_id))${BLOCKS_FILTER}
          ORDER BY r.place <-> ll_to_earth(lat, lng), r.user_id
          LIMIT lim
       $$`,
    );
  }
}
