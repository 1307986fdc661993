import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Idempotency keys of creating requests: one per member, operation and key, with what it created; kept a day. */
export class IdempotencyKeys1795408119232 implements MigrationInterface {
  name = 'IdempotencyKeys1795408119232';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "idempotency_keys" ("member_id" uuid NOT NULL, "operation" character varying(40) NOT NULL, "key" ` +
        `character varying(200) NOT NULL, "result_id" uuid NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT ` +
        `NULL DEFAULT now(), CONSTRAINT "PK_idempotency_keys" PRIMARY KEY ("member_id", "operation", "key"))`,
    );
    await q.query(`CREATE INDEX "IDX_idempotency_keys_created" ON "idempotency_keys" ("created_at") `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "public"."IDX_idempotency_keys_created"`);
    await q.query(`DROP TABLE "idempotency_keys"`);
  }
}
