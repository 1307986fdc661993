import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every column that names a member is a foreign key, so deleting an account (and the export's completeness test,
 * which reads the foreign keys) reaches friendships, post shares and notifications too. Rows naming a member or post
 * that no longer exists are removed first; an actor's notifications keep living when the actor goes (SET NULL).
 */
export class AccountDeletionKeys1795770100000 implements MigrationInterface {
  name = 'AccountDeletionKeys1795770100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `DELETE FROM "friendships" f WHERE NOT EXISTS (SELECT 1 FROM "users" u WHERE u.id = f.user_low_id) OR NOT ` +
        `EXISTS (SELECT 1 FROM "users" u WHERE u.id = f.user_high_id) OR NOT EXISTS (SELECT 1 FROM "users" u WHERE ` +
        `u.id = f.requester_id)`,
    );
    await q.query(
      `DELETE FROM "post_shares" s WHERE NOT EXISTS (SELECT 1 FROM "users" u WHERE u.id = s.user_id) OR NOT EXISTS ` +
        `(SELECT 1 FROM "posts" p WHERE p.id = s.post_id)`,
    );
    await q.query(
      `UPDATE "notifications" n SET "actor_id" = NULL WHERE "actor_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ` +
        `"users" u WHERE u.id = n.actor_id)`,
    );
    await q.query(`CREATE INDEX "IDX_4cf3c68ed4a5a9fde8d4c2b731" ON "friendships"  ("requester_id") `);
    await q.query(`CREATE INDEX "IDX_20f8b51fd9655c0b69feed5efc" ON "notifications"  ("actor_id") `);
    await q.query(`CREATE INDEX "IDX_7337042728d8e163edcc2be13a" ON "post_shares"  ("user_id") `);
    await q.query(
      `ALTER TABLE "friendships" ADD CONSTRAINT "FK_bd96af74c9e984cc718ac0739f4" FOREIGN KEY ("user_low_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "friendships" ADD CONSTRAINT "FK_8d74a919d5522cc283fe7e5a895" FOREIGN KEY ("user_high_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "friendships" ADD CONSTRAINT "FK_4cf3c68ed4a5a9fde8d4c2b7319" FOREIGN KEY ("requester_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "notifications" ADD CONSTRAINT "FK_20f8b51fd9655c0b69feed5efc6" FOREIGN KEY ("actor_id") ` +
        `REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "post_shares" ADD CONSTRAINT "FK_604427d3550c7c701024f89f79c" FOREIGN KEY ("post_id") REFERENCES ` +
        `"posts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "post_shares" ADD CONSTRAINT "FK_7337042728d8e163edcc2be13af" FOREIGN KEY ("user_id") REFERENCES ` +
        `"users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "post_shares" DROP CONSTRAINT "FK_7337042728d8e163edcc2be13af"`);
    await q.query(`ALTER TABLE "post_shares" DROP CONSTRAINT "FK_604427d3550c7c701024f89f79c"`);
    await q.query(`ALTER TABLE "notifications" DROP CONSTRAINT "FK_20f8b51fd9655c0b69feed5efc6"`);
    await q.query(`ALTER TABLE "friendships" DROP CONSTRAINT "FK_4cf3c68ed4a5a9fde8d4c2b7319"`);
    await q.query(`ALTER TABLE "friendships" DROP CONSTRAINT "FK_8d74a919d5522cc283fe7e5a895"`);
    await q.query(`ALTER TABLE "friendships" DROP CONSTRAINT "FK_bd96af74c9e984cc718ac0739f4"`);
    await q.query(`DROP INDEX "public"."IDX_7337042728d8e163edcc2be13a"`);
    await q.query(`DROP INDEX "public"."IDX_20f8b51fd9655c0b69feed5efc"`);
    await q.query(`DROP INDEX "public"."IDX_4cf3c68ed4a5a9fde8d4c2b731"`);
  }
}
