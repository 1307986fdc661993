import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Neither the searcher (`me`) nor the candidate blocked the other: two primary-key lookups per candidate (two
 * anti-joins rather than one OR, which without bitmap scans, off in this function, could not use the key).
 */
const BLOCKS_FILTER = `
            AND NOT EXISTS (SELECT 1 FROM user_blocks ub WHERE ub.blocker_id = me AND ub.blocked_id = r.user_id)
            AND NOT EXISTS (SELECT 1 FROM user_blocks ub WHERE ub.blocker_id = r.user_id AND ub.blocked_id = me)`;

/** The radar's page function of migration FeatureChoicesAndRadar with `extra` conditions (none: as it was). */
const radarNearbyPage = (extra: string) =>
  `CREATE OR REPLACE FUNCTION radar_nearby_page(lat float8, lng float8, radius float8, since timestamptz, me uuid, ` +
  `after_chord float8, after_id uuid, lim int)
       RETURNS TABLE (id uuid, chord float8) LANGUAGE sql STABLE ROWS 25 SET enable_bitmapscan = off AS $$
         SELECT r.user_id, r.place <-> ll_to_earth(lat, lng)
           FROM radar_positions r
          WHERE earth_box(ll_to_earth(lat, lng), radius) @> r.place
            AND r.place <-> ll_to_earth(lat, lng) <= 2 * earth() * sin(radius / (2 * earth()))
            AND r.located_at >= since
            AND r.user_id <> me
            AND (after_chord IS NULL OR (r.place <-> ll_to_earth(lat, lng), r.user_id) > (after_chord, ` +
  `after_id))${extra}
          ORDER BY r.place <-> ll_to_earth(lat, lng), r.user_id
          LIMIT lim
       $$`;

/**
 * Members blocking members: one row per pair, never oneself; both members cascade. The radar leaves blocked pairs out.
 */
export class UserBlocks1795770000000 implements MigrationInterface {
  name = 'UserBlocks1795770000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "user_blocks" ("blocker_id" uuid NOT NULL, "blocked_id" uuid NOT NULL, "created_at" TIMESTAMP(3) ` +
        `WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_user_blocks_not_self" CHECK ("blocker_id" <> ` +
        `"blocked_id"), CONSTRAINT "PK_48667515438e7d0f0fed998b193" PRIMARY KEY ("blocker_id", "blocked_id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_user_blocks_blocker_created" ON "user_blocks"  ("blocker_id", "created_at", "blocked_id") `,
    );
    await q.query(`CREATE INDEX "IDX_user_blocks_blocked" ON "user_blocks"  ("blocked_id", "blocker_id") `);
    await q.query(
      `ALTER TABLE "user_blocks" ADD CONSTRAINT "FK_dfcd8a81016d1de587fbd2d70bf" FOREIGN KEY ("blocker_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "user_blocks" ADD CONSTRAINT "FK_7a0806a54f0ad9ced3e247cacd1" FOREIGN KEY ("blocked_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    // The radar never shows a member either side of a block with the searcher: filtered inside the page's own
    // query (two primary-key lookups per candidate), so a page stays full and its cursor right.
    await q.query(radarNearbyPage(BLOCKS_FILTER));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(radarNearbyPage(''));
    await q.query(`ALTER TABLE "user_blocks" DROP CONSTRAINT "FK_7a0806a54f0ad9ced3e247cacd1"`);
    await q.query(`ALTER TABLE "user_blocks" DROP CONSTRAINT "FK_dfcd8a81016d1de587fbd2d70bf"`);
    await q.query(`DROP INDEX "public"."IDX_user_blocks_blocked"`);
    await q.query(`DROP INDEX "public"."IDX_user_blocks_blocker_created"`);
    await q.query(`DROP TABLE "user_blocks"`);
  }
}
