import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A share counts once per member and post, and the photo network's notice (it cannot share from the web) is
 * no share: keep each member's first share of a post, drop the rest and the photo rows, then make it a rule.
 */
export class ShareOncePerMember1795407007384 implements MigrationInterface {
  name = 'ShareOncePerMember1795407007384';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "post_shares" WHERE "target" = 'photo'`);
    await q.query(
      `DELETE FROM "post_shares" s USING "post_shares" k
       WHERE s."post_id" = k."post_id" AND s."user_id" = k."user_id" AND (k."created_at", k."id") < (s."created_at", ` +
        `s."id")`,
    );
    await q.query(`DROP INDEX "public"."IDX_604427d3550c7c701024f89f79"`);
    await q.query(`CREATE UNIQUE INDEX "UQ_post_shares_post_user" ON "post_shares" ("post_id", "user_id") `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "public"."UQ_post_shares_post_user"`);
    await q.query(`CREATE INDEX "IDX_604427d3550c7c701024f89f79" ON "post_shares" ("post_id") `);
  }
}
