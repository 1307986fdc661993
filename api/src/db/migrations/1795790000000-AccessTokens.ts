import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Personal access tokens for integrators: a member's named tokens with a scope and an optional expiry; only the
 * secret's SHA-256 is kept (unique: one lookup per request), with a short prefix to recognise it by. Revoking deletes
 * the row.
 */
export class AccessTokens1795790000000 implements MigrationInterface {
  name = 'AccessTokens1795790000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "access_tokens" (
      "id" uuid NOT NULL DEFAULT uuid_generate_v4(),
      "user_id" uuid NOT NULL,
      "name" character varying(60) NOT NULL,
      "scope" character varying(10) NOT NULL,
      "token_hash" character varying(64) NOT NULL,
      "prefix" character varying(20) NOT NULL,
      "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
      "expires_at" TIMESTAMP WITH TIME ZONE,
      "last_used_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "PK_access_tokens" PRIMARY KEY ("id"),
      CONSTRAINT "FK_09ee750a035b06e0c7f0704687e" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE
    )`);
    await q.query(`CREATE UNIQUE INDEX "IDX_access_tokens_hash" ON "access_tokens" ("token_hash")`);
    // One name per member: a retried or double-clicked create makes no second token (CONFLICT).
    await q.query(`CREATE UNIQUE INDEX "IDX_access_tokens_user_name" ON "access_tokens" ("user_id", "name")`);
    // A token revoked (or gone with its member) is announced like an ended session, so every API process closes the
    // websockets opened with it (the session.ended event names the token's hash either way).
    await q.query(
      `CREATE TRIGGER "TRG_access_tokens_ended" AFTER DELETE ON "access_tokens" FOR EACH ROW EXECUTE FUNCTION ` +
        `"saffa_session_ended"()`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER "TRG_access_tokens_ended" ON "access_tokens"`);
    await q.query(`DROP TABLE "access_tokens"`);
  }
}
