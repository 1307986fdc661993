import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two-factor sign-in (issue 24 item 16): a member's authenticator-app secret, their single-use recovery codes (hashed),
 * their passkeys, the pending sign-ins waiting for a second step (hashed tokens), the WebAuthn challenges the server
 * issued (single-use, short-lived, in PostgreSQL so several API processes agree) and the site's security settings
 * (one row: "require two-factor sign-in for admins").
 */
export class TwoFactorSignIn1795870000000 implements MigrationInterface {
  name = 'TwoFactorSignIn1795870000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "member_totp" ("user_id" uuid NOT NULL, "secret" character varying(200) NOT NULL, "confirmed_at" ` +
        `TIMESTAMP WITH TIME ZONE, "last_step" bigint, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `CONSTRAINT "PK_member_totp" PRIMARY KEY ("user_id"))`,
    );
    await q.query(
      `CREATE TABLE "recovery_codes" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "user_id" uuid NOT NULL, ` +
        `"code_hash" character varying(64) NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT ` +
        `"PK_recovery_codes" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "IDX_recovery_codes_user_hash" ON "recovery_codes" ("user_id", "code_hash")`);
    await q.query(
      `CREATE TABLE "passkeys" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "user_id" uuid NOT NULL, "name" ` +
        `character varying(60) NOT NULL, "credential_id" character varying(1400) NOT NULL, "public_key" text NOT ` +
        `NULL, "counter" bigint NOT NULL DEFAULT '0', "transports" text array NOT NULL DEFAULT '{}', "created_at" ` +
        `TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT ` +
        `"PK_passkeys" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "IDX_passkeys_credential" ON "passkeys" ("credential_id")`);
    await q.query(`CREATE INDEX "IDX_passkeys_user" ON "passkeys" ("user_id", "created_at")`);
    await q.query(
      `CREATE TABLE "pending_sign_ins" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "token_hash" character ` +
        `varying(64) NOT NULL, "user_id" uuid NOT NULL, "failures" integer NOT NULL DEFAULT '0', "expires_at" ` +
        `TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_pending_sign_ins" ` +
        `PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "IDX_pending_sign_ins_token" ON "pending_sign_ins" ("token_hash")`);
    await q.query(`CREATE INDEX "IDX_pending_sign_ins_user" ON "pending_sign_ins" ("user_id")`);
    await q.query(
      `CREATE TABLE "webauthn_challenges" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "user_id" uuid, "purpose" ` +
        `character varying(20) NOT NULL, "challenge" character varying(200) NOT NULL, "expires_at" TIMESTAMP WITH ` +
        `TIME ZONE NOT NULL, CONSTRAINT "PK_webauthn_challenges" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_webauthn_challenges_expires" ON "webauthn_challenges" ("expires_at")`);
    await q.query(
      `CREATE TABLE "security_settings" ("id" integer NOT NULL, "require_two_factor_for_admins" boolean NOT NULL ` +
        `DEFAULT false, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT ` +
        `"PK_security_settings" PRIMARY KEY ("id"))`,
    );
    await q.query(`INSERT INTO "security_settings" ("id") VALUES (1)`);
    for (const table of ['member_totp', 'recovery_codes', 'passkeys', 'pending_sign_ins', 'webauthn_challenges']) {
      await q.query(
        `ALTER TABLE "${table}" ADD CONSTRAINT "FK_${table}_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ` +
          `ON DELETE CASCADE ON UPDATE NO ACTION`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'security_settings',
      'webauthn_challenges',
      'pending_sign_ins',
      'passkeys',
      'recovery_codes',
      'member_totp',
    ]) {
      await q.query(`DROP TABLE "${table}"`);
    }
  }
}
