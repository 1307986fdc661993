import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Dating safety (issue 24, findings 1, 3 and 21):
 * - every alias's stored position becomes the centre of its grid cell of 5 km (dating.position.ts `coarsePosition`,
 *   the same arithmetic in SQL), so no precise position is left to trilaterate; this cannot be undone;
 * - a match can end (unmatch, or a block between the aliases): `ended_at`, after which its chat takes no message.
 */
/** Every stored alias position to the centre of its 5 km cell (exported for dating.safety.test.ts). */
export const COARSEN_POSITIONS = `WITH r AS (SELECT id, longitude, LEAST(90, -90 + (floor((latitude + 90) / $1) + 0.5) * $1) AS lat FROM dating_aliases),
       s AS (SELECT id, lat, longitude, LEAST(360, $2 / ($3 * GREATEST(cos(radians(lat)), 1e-6))) AS step FROM r),
       c AS (SELECT id, lat, -180 + (floor((longitude + 180) / step) + 0.5) * step AS lng FROM s)
  UPDATE dating_aliases a
     SET latitude = round(c.lat::numeric, 6)::float8,
         longitude = round((CASE WHEN c.lng > 180 THEN c.lng - 360 ELSE c.lng END)::numeric, 6)::float8
    FROM c WHERE a.id = c.id`;
const CELL_KM = 5;
const KM_PER_DEGREE = 111.32;
export const COARSEN_PARAMS = [CELL_KM / KM_PER_DEGREE, CELL_KM, KM_PER_DEGREE];

export class DatingSafety1795810000000 implements MigrationInterface {
  name = 'DatingSafety1795810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(COARSEN_POSITIONS, COARSEN_PARAMS);
    await q.query(`ALTER TABLE "dating_matches" ADD "ended_at" TIMESTAMP(3) WITH TIME ZONE`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "dating_matches" DROP COLUMN "ended_at"`);
  }
}
