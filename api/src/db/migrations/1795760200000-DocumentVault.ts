import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The document vault: each member's password verifier and wrapped data key, their encrypted documents (the reminder
 * job's partial index on the day the reminder is due), and the sessions with an unlocked vault.
 */
export class DocumentVault1795760200000 implements MigrationInterface {
  name = 'DocumentVault1795760200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "vault_documents" ("id" uuid NOT NULL, "owner_id" uuid NOT NULL, "document_name" character ` +
        `varying(120) NOT NULL, "document_type" character varying(10) NOT NULL, "expiration_date" date, ` +
        `"reminder_days" integer NOT NULL DEFAULT '30', "mime_type" character varying(40) NOT NULL, "file_size" ` +
        `integer NOT NULL, "file_key" text NOT NULL, "reminded_at" TIMESTAMP WITH TIME ZONE, "created_at" ` +
        `TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_09a35822af7006cf4e1e934503b" ` +
        `PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_vault_documents_owner_created" ON "vault_documents"  ("owner_id", "created_at", "id") `,
    );
    // The reminder job: documents with an expiry not yet reminded, by the day their reminder is due.
    await q.query(
      `CREATE INDEX "IDX_vault_documents_due" ON "vault_documents" (("expiration_date" - "reminder_days")) WHERE ` +
        `"reminded_at" IS NULL AND "expiration_date" IS NOT NULL`,
    );
    await q.query(
      `CREATE TABLE "vault_keys" ("member_id" uuid NOT NULL, "verifier" text NOT NULL, "kek_salt" bytea NOT NULL, ` +
        `"wrapped_key" bytea NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" ` +
        `TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_338db98b623a5fdfdfbfb09c13a" PRIMARY KEY ` +
        `("member_id"))`,
    );
    await q.query(
      `CREATE TABLE "vault_unlocks" ("session_id" uuid NOT NULL, "member_id" uuid NOT NULL, "wrapped_key" bytea NOT ` +
        `NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_a7f2dff5e52c5a76f2051de5009" PRIMARY ` +
        `KEY ("session_id"))`,
    );
    await q.query(`CREATE INDEX "IDX_5d89cd3fa2bd0231edc4bd95a4" ON "vault_unlocks"  ("member_id") `);
    await q.query(`CREATE INDEX "IDX_28ab4314f10844ff23efa4170b" ON "vault_unlocks"  ("expires_at") `);
    await q.query(
      `ALTER TABLE "vault_documents" ADD CONSTRAINT "FK_5e9f74211f1e9b2f6264032e87e" FOREIGN KEY ("owner_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "vault_keys" ADD CONSTRAINT "FK_338db98b623a5fdfdfbfb09c13a" FOREIGN KEY ("member_id") REFERENCES ` +
        `"users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "vault_unlocks" ADD CONSTRAINT "FK_a7f2dff5e52c5a76f2051de5009" FOREIGN KEY ("session_id") ` +
        `REFERENCES "sessions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "vault_unlocks" ADD CONSTRAINT "FK_5d89cd3fa2bd0231edc4bd95a46" FOREIGN KEY ("member_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "vault_unlocks"`);
    await q.query(`DROP TABLE "vault_keys"`);
    await q.query(`DROP TABLE "vault_documents"`);
  }
}
