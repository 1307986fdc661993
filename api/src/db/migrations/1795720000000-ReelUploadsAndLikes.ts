import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Reels members upload: an image reel's full-size URL, every stored file of a reel, and likes once per member. */
export class ReelUploadsAndLikes1795720000000 implements MigrationInterface {
  name = 'ReelUploadsAndLikes1795720000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "reel_likes" ("reel_id" uuid NOT NULL, "member_id" uuid NOT NULL, "created_at" TIMESTAMP(3) WITH ` +
        `TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7e45196b592774f66578618b06a" PRIMARY KEY ("reel_id", ` +
        `"member_id"))`,
    );
    await q.query(`CREATE INDEX "IDX_ac8f2bdab50317638847e090c3" ON "reel_likes"  ("member_id") `);
    await q.query(`DROP INDEX "public"."IDX_ce67d7bd97620f0365a07901aa"`);
    await q.query(`CREATE INDEX "IDX_reels_author" ON "reels"  ("author_id", "created_at", "id") `);
    await q.query(`ALTER TABLE "reels" ADD "image_url" text`);
    await q.query(`ALTER TABLE "reels" ADD "files" jsonb NOT NULL DEFAULT '[]'`);
    await q.query(
      `ALTER TABLE "reel_likes" ADD CONSTRAINT "FK_843ba14e13d0166f180292c6e3f" FOREIGN KEY ("reel_id") REFERENCES ` +
        `"reels"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "reel_likes" ADD CONSTRAINT "FK_ac8f2bdab50317638847e090c32" FOREIGN KEY ("member_id") REFERENCES ` +
        `"users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "reel_likes" DROP CONSTRAINT "FK_ac8f2bdab50317638847e090c32"`);
    await q.query(`ALTER TABLE "reel_likes" DROP CONSTRAINT "FK_843ba14e13d0166f180292c6e3f"`);
    await q.query(`ALTER TABLE "reels" DROP COLUMN "files"`);
    await q.query(`ALTER TABLE "reels" DROP COLUMN "image_url"`);
    await q.query(`DROP INDEX "public"."IDX_ac8f2bdab50317638847e090c3"`);
    await q.query(`DROP TABLE "reel_likes"`);
    await q.query(`DROP INDEX "public"."IDX_reels_author"`);
    await q.query(`CREATE INDEX "IDX_ce67d7bd97620f0365a07901aa" ON "reels"  ("author_id") `);
  }
}
