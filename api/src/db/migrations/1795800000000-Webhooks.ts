import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks (issue 15 item 4): a member's (or a business page's) HTTPS endpoints for chosen events, each with the
 * secret that signs its deliveries; and the outbox of deliveries, written in the transaction of the write that
 * caused the event (so an event is never lost nor doubled), claimed by the API processes' delivery workers.
 */
export class Webhooks1795800000000 implements MigrationInterface {
  name = 'Webhooks1795800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "webhooks" (
      "id" uuid NOT NULL DEFAULT uuid_generate_v4(),
      "user_id" uuid NOT NULL,
      "business_id" uuid,
      "url" character varying(2000) NOT NULL,
      "events" text array NOT NULL,
      "secret" character varying(100) NOT NULL,
      "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
      "disabled_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "PK_webhooks" PRIMARY KEY ("id"),
      CONSTRAINT "FK_webhooks_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE,
      CONSTRAINT "FK_webhooks_business" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE CASCADE
    )`);
    // One webhook per URL for a member's own events, and one per URL for each page: a double-clicked create makes no
    // second one (CONFLICT). The same indexes serve the enqueue's lookup by member and by page.
    await q.query(
      `CREATE UNIQUE INDEX "IDX_webhooks_member_url" ON "webhooks" ("user_id", "url") WHERE "business_id" IS NULL`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "IDX_webhooks_business_url" ON "webhooks" ("business_id", "url") WHERE "business_id" IS ` +
        `NOT NULL`,
    );
    await q.query(
      `CREATE TABLE "webhook_deliveries" (
      "id" uuid NOT NULL DEFAULT uuid_generate_v4(),
      "webhook_id" uuid NOT NULL,
      "event" character varying(30) NOT NULL,
      "payload" jsonb NOT NULL,
      "status" character varying(10) NOT NULL DEFAULT 'pending',
      "attempts" integer NOT NULL DEFAULT 0,
      "next_attempt_at" TIMESTAMP(3) WITH TIME ZONE DEFAULT now(),
      "last_status_code" integer,
      "last_error" character varying(500),
      "delivered_at" TIMESTAMP(3) WITH TIME ZONE,
      "replay_of_id" uuid,
      "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_webhook_deliveries" PRIMARY KEY ("id"),
      CONSTRAINT "CHK_webhook_deliveries_status" CHECK ("status" IN ('pending', 'succeeded', 'failed')),
      CONSTRAINT "FK_webhook_deliveries_webhook" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE ` +
        `CASCADE,
      CONSTRAINT "FK_webhook_deliveries_replay_of" FOREIGN KEY ("replay_of_id") REFERENCES ` +
        `"webhook_deliveries"("id") ON DELETE SET NULL
    )`,
    );
    // The due-work query: pending deliveries by when they are due (a partial index: finished ones are not in it).
    await q.query(
      `CREATE INDEX "IDX_webhook_deliveries_due" ON "webhook_deliveries" ("next_attempt_at") WHERE "status" = ` +
        `'pending'`,
    );
    // Housekeeping: finished deliveries by age (kept 30 days).
    await q.query(
      `CREATE INDEX "IDX_webhook_deliveries_finished" ON "webhook_deliveries" ("created_at") WHERE "status" <> ` +
        `'pending'`,
    );
    // A webhook's deliveries, newest first (keyset pages).
    await q.query(
      `CREATE INDEX "IDX_webhook_deliveries_webhook" ON "webhook_deliveries" ("webhook_id", "created_at", "id")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "webhook_deliveries"`);
    await q.query(`DROP TABLE "webhooks"`);
  }
}
