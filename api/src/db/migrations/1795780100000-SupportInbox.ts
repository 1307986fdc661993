import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The support inbox: one thread per member with the admin team (unique per member), its messages (from the member
 * or from an admin, whose id goes NULL when that admin's account is deleted), and the read state of each side.
 * IDX_support_threads_waiting serves the inbox's "unread only" filter and the admins' unread count: threads whose
 * latest member message is newer than what the admin team has read.
 */
export class SupportInbox1795780100000 implements MigrationInterface {
  name = 'SupportInbox1795780100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "support_threads" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "member_id" uuid NOT NULL, ` +
        `"last_message_id" uuid, "last_message_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `"last_member_message_at" TIMESTAMP(3) WITH TIME ZONE, "last_support_message_at" TIMESTAMP(3) WITH TIME ` +
        `ZONE, "member_read_at" TIMESTAMP(3) WITH TIME ZONE, "support_read_at" TIMESTAMP(3) WITH TIME ZONE, ` +
        `"created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT ` +
        `"PK_079837444b1d0c8907809fc5b25" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "IDX_03469e7c30627d29c260b51111" ON "support_threads"  ("member_id") `);
    await q.query(`CREATE INDEX "IDX_4cbc13caae2862a3090f7e2739" ON "support_threads"  ("last_message_at", "id") `);
    await q.query(
      `CREATE TABLE "support_messages" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "thread_id" uuid NOT NULL, ` +
        `"author_id" uuid, "from_support" boolean NOT NULL, "body" text NOT NULL, "created_at" TIMESTAMP(3) WITH ` +
        `TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2aa37479e71ef29cbf4dba2b1a2" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_51fce57579a166be1dabe59a7c" ON "support_messages"  ("author_id") `);
    await q.query(
      `CREATE INDEX "IDX_2ba96617fe3594d2b5db5f6177" ON "support_messages"  ("thread_id", "created_at", "id") `,
    );
    await q.query(
      `ALTER TABLE "support_threads" ADD CONSTRAINT "FK_03469e7c30627d29c260b511117" FOREIGN KEY ("member_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "support_messages" ADD CONSTRAINT "FK_0275cf8d73cc01f87da8ffcf77f" FOREIGN KEY ("thread_id") ` +
        `REFERENCES "support_threads"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "support_messages" ADD CONSTRAINT "FK_51fce57579a166be1dabe59a7c3" FOREIGN KEY ("author_id") ` +
        `REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await q.query(
      `CREATE INDEX "IDX_support_threads_waiting" ON "support_threads" ("last_message_at", "id")
        WHERE "last_member_message_at" > COALESCE("support_read_at", '-infinity'::timestamptz)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "public"."IDX_support_threads_waiting"`);
    await q.query(`ALTER TABLE "support_messages" DROP CONSTRAINT "FK_51fce57579a166be1dabe59a7c3"`);
    await q.query(`ALTER TABLE "support_messages" DROP CONSTRAINT "FK_0275cf8d73cc01f87da8ffcf77f"`);
    await q.query(`ALTER TABLE "support_threads" DROP CONSTRAINT "FK_03469e7c30627d29c260b511117"`);
    await q.query(`DROP INDEX "public"."IDX_2ba96617fe3594d2b5db5f6177"`);
    await q.query(`DROP INDEX "public"."IDX_51fce57579a166be1dabe59a7c"`);
    await q.query(`DROP TABLE "support_messages"`);
    await q.query(`DROP INDEX "public"."IDX_4cbc13caae2862a3090f7e2739"`);
    await q.query(`DROP INDEX "public"."IDX_03469e7c30627d29c260b51111"`);
    await q.query(`DROP TABLE "support_threads"`);
  }
}
