import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Account access across recovery (issue 24, findings 7, 15, 18): why a webhook was switched off (a password reset
 * switches off the member's webhooks, told why), and when a session was last seen (written at most once every few
 * minutes per session). Access tokens gain the `admin` scope, which fits the scope column as it is.
 */
export class AccountAccess1795840000000 implements MigrationInterface {
  name = 'AccountAccess1795840000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "webhooks" ADD "disabled_reason" character varying(20)`);
    await q.query(`ALTER TABLE "sessions" ADD "last_seen_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`);
    await q.query(`UPDATE "sessions" SET "last_seen_at" = "created_at"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "sessions" DROP COLUMN "last_seen_at"`);
    await q.query(`ALTER TABLE "webhooks" DROP COLUMN "disabled_reason"`);
  }
}
