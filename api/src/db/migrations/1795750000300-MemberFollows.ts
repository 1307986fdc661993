import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Member-to-member follows: one row per pair, never oneself; counted by the profile's Following. */
export class MemberFollows1795750000300 implements MigrationInterface {
  name = 'MemberFollows1795750000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "member_follows" ("follower_id" uuid NOT NULL, "followee_id" uuid NOT NULL, "created_at" ` +
        `TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_member_follows_not_self" CHECK ` +
        `("follower_id" <> "followee_id"), CONSTRAINT "PK_4ad98330236e87f39023125ae4f" PRIMARY KEY ("follower_id", ` +
        `"followee_id"))`,
    );
    await q.query(`CREATE INDEX "IDX_member_follows_followee" ON "member_follows"  ("followee_id", "created_at") `);
    await q.query(
      `ALTER TABLE "member_follows" ADD CONSTRAINT "FK_32c28890ebc1f470e50e0a0eece" FOREIGN KEY ("follower_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "member_follows" ADD CONSTRAINT "FK_00b7afd252d227233abff1c3bb8" FOREIGN KEY ("followee_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "member_follows" DROP CONSTRAINT "FK_00b7afd252d227233abff1c3bb8"`);
    await q.query(`ALTER TABLE "member_follows" DROP CONSTRAINT "FK_32c28890ebc1f470e50e0a0eece"`);
    await q.query(`DROP INDEX "public"."IDX_member_follows_followee"`);
    await q.query(`DROP TABLE "member_follows"`);
  }
}
