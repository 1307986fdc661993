import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Conversations (one per origin key), their two sides (alias, how far read) and their messages. */
export class Messages1795730000000 implements MigrationInterface {
  name = 'Messages1795730000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "conversations" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "origin_key" character ` +
        `varying(200) NOT NULL, "last_message_id" uuid, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT ` +
        `now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT ` +
        `"PK_ee34f4f7ced4ec8681f26bf04ef" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "IDX_7388272070d05b80944d71d46d" ON "conversations"  ("origin_key") `);
    await q.query(`CREATE INDEX "IDX_0187d461177eddfe8aaa73fe5e" ON "conversations"  ("updated_at", "id") `);
    await q.query(
      `CREATE TABLE "conversation_members" ("conversation_id" uuid NOT NULL, "member_id" uuid NOT NULL, ` +
        `"persona_name" character varying(100), "persona_photo_url" text, "last_read_at" TIMESTAMP(3) WITH TIME ` +
        `ZONE, CONSTRAINT "PK_2fd3cd9d83930cce7ccfef6eb26" PRIMARY KEY ("conversation_id", "member_id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_2fd3cd9d83930cce7ccfef6eb2" ON "conversation_members"  ("member_id", "conversation_id") `,
    );
    await q.query(
      `CREATE TABLE "messages" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "conversation_id" uuid NOT NULL, ` +
        `"sender_id" uuid NOT NULL, "body" text NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT ` +
        `now(), CONSTRAINT "PK_18325f38ae6de43878487eff986" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_22133395bd13b970ccd0c34ab2" ON "messages"  ("sender_id") `);
    await q.query(
      `CREATE INDEX "IDX_5deeed58d981db539765baebd5" ON "messages"  ("conversation_id", "created_at", "id") `,
    );
    await q.query(
      `ALTER TABLE "conversation_members" ADD CONSTRAINT "FK_36340a1704b039608e34244511f" FOREIGN KEY ` +
        `("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "conversation_members" ADD CONSTRAINT "FK_d379e789f06de157aed8c7a8a70" FOREIGN KEY ("member_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "messages" ADD CONSTRAINT "FK_3bc55a7c3f9ed54b520bb5cfe23" FOREIGN KEY ("conversation_id") ` +
        `REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "messages" ADD CONSTRAINT "FK_22133395bd13b970ccd0c34ab22" FOREIGN KEY ("sender_id") REFERENCES ` +
        `"users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "messages" DROP CONSTRAINT "FK_22133395bd13b970ccd0c34ab22"`);
    await q.query(`ALTER TABLE "messages" DROP CONSTRAINT "FK_3bc55a7c3f9ed54b520bb5cfe23"`);
    await q.query(`ALTER TABLE "conversation_members" DROP CONSTRAINT "FK_d379e789f06de157aed8c7a8a70"`);
    await q.query(`ALTER TABLE "conversation_members" DROP CONSTRAINT "FK_36340a1704b039608e34244511f"`);
    await q.query(`DROP INDEX "public"."IDX_5deeed58d981db539765baebd5"`);
    await q.query(`DROP INDEX "public"."IDX_22133395bd13b970ccd0c34ab2"`);
    await q.query(`DROP TABLE "messages"`);
    await q.query(`DROP INDEX "public"."IDX_2fd3cd9d83930cce7ccfef6eb2"`);
    await q.query(`DROP TABLE "conversation_members"`);
    await q.query(`DROP INDEX "public"."IDX_0187d461177eddfe8aaa73fe5e"`);
    await q.query(`DROP INDEX "public"."IDX_7388272070d05b80944d71d46d"`);
    await q.query(`DROP TABLE "conversations"`);
  }
}
