import type { MigrationInterface, QueryRunner } from 'typeorm';
import { coarsenStoredSql } from './1795820000000-LocationPrecision';

/**
 * Dating safety (issue 24, findings 1, 3 and 21):
 * - every alias's stored position becomes the centre of its 5 km grid cell (kernel/geo `coarsePosition`, through the
 *   SQL twin in migration LocationPrecision), so no precise position is left to trilaterate; this cannot be undone;
 * - a match can end (unmatch, or a block between the aliases): `ended_at`, after which its chat takes no message.
 */
/**
 * Every stored alias position to the centre of its 5 km cell, as kernel/geo `coarsePosition` (exported for
 * dating.safety.test.ts).
 */
export const COARSEN_POSITIONS = coarsenStoredSql('dating_aliases', 5);

export class DatingSafety1795810000000 implements MigrationInterface {
  name = 'DatingSafety1795810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(COARSEN_POSITIONS);
    await q.query(`ALTER TABLE "dating_matches" ADD "ended_at" TIMESTAMP(3) WITH TIME ZONE`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "dating_matches" DROP COLUMN "ended_at"`);
  }
}
