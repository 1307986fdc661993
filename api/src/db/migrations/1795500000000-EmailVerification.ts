import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * E-mail verification (issue 7, item 1): members carry the time their address was proven, by a mailed link or by
 * a provider's `email_verified`; links live in email_verifications. Members linked to a provider before this were
 * linked by a provider-verified address, so they count as verified.
 */
export class EmailVerification1795500000000 implements MigrationInterface {
  name = 'EmailVerification1795500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users" ADD "email_verified_at" TIMESTAMP WITH TIME ZONE`);
    await q.query(
      `UPDATE "users" SET "email_verified_at" = now() WHERE "email" IS NOT NULL AND "password_hash" IS NULL AND ` +
        `EXISTS (SELECT 1 FROM "identities" i WHERE i."user_id" = "users"."id")`,
    );
    await q.query(
      `CREATE TABLE "email_verifications" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "token_hash" character ` +
        `varying(64) NOT NULL, "user_id" uuid NOT NULL, "email" citext NOT NULL, "expires_at" TIMESTAMP WITH TIME ` +
        `ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT ` +
        `now(), CONSTRAINT "PK_email_verifications" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "IDX_7939cc2e493281f265179fa86c" ON "email_verifications" ("token_hash") `);
    await q.query(`CREATE INDEX "IDX_c4f1838323ae1dff5aa0014891" ON "email_verifications" ("user_id") `);
    await q.query(
      `ALTER TABLE "email_verifications" ADD CONSTRAINT "FK_c4f1838323ae1dff5aa00148915" FOREIGN KEY ("user_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "email_verifications"`);
    await q.query(`ALTER TABLE "users" DROP COLUMN "email_verified_at"`);
  }
}
