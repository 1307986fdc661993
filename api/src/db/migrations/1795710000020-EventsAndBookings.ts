/**
 * Events with their ticket stock and the bookings of members (issue 10): the browse list newest first and by category
 * (partial indexes without cancelled events), by day, a host's events and a member's tickets; one code per ticket.
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class EventsAndBookings1795710000020 implements MigrationInterface {
  name = 'EventsAndBookings1795710000020';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "events" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "host_id" uuid NOT NULL, "title" ` +
        `character varying(200) NOT NULL, "description" text NOT NULL DEFAULT '', "date" date NOT NULL, "time" ` +
        `character varying(5), "location" character varying(200) NOT NULL, "category" character varying(30) NOT ` +
        `NULL, "ticket_price_cents" integer NOT NULL DEFAULT '0', "total_tickets" integer NOT NULL DEFAULT '50', ` +
        `"tickets_sold" integer NOT NULL DEFAULT '0', "image_url" character varying(300), "media" jsonb NOT ` +
        `NULL DEFAULT '[]', "is_cancelled" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP(3) WITH ` +
        `TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_40731c7151fe4be3116e45ddf73" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_events_host" ON "events"  ("host_id", "created_at", "id") `);
    await q.query(`CREATE INDEX "IDX_events_date" ON "events"  ("date") WHERE NOT is_cancelled`);
    await q.query(
      `CREATE INDEX "IDX_events_browse_category" ON "events"  ("category", "created_at", "id") WHERE NOT is_cancelled`,
    );
    await q.query(`CREATE INDEX "IDX_events_browse" ON "events"  ("created_at", "id") WHERE NOT is_cancelled`);
    await q.query(
      `CREATE TABLE "event_bookings" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "event_id" uuid NOT NULL, ` +
        `"member_id" uuid NOT NULL, "quantity" integer NOT NULL, "ticket_code" character varying(20) NOT NULL, ` +
        `"created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT ` +
        `"PK_4dc8a88e1e0e70fd7687d57acde" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_event_bookings_ticket_code" ON "event_bookings"  ("ticket_code") `);
    await q.query(`CREATE INDEX "IDX_event_bookings_event" ON "event_bookings"  ("event_id") `);
    await q.query(`CREATE INDEX "IDX_event_bookings_member" ON "event_bookings"  ("member_id", "created_at", "id") `);
    await q.query(
      `ALTER TABLE "events" ADD CONSTRAINT "FK_a612b523901cc5dd938ff3bdb03" FOREIGN KEY ("host_id") REFERENCES ` +
        `"users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "event_bookings" ADD CONSTRAINT "FK_5b809dcb91587b57423cdd8f01b" FOREIGN KEY ("event_id") ` +
        `REFERENCES "events"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "event_bookings" ADD CONSTRAINT "FK_ddd7fb783f3743568493d49d4cd" FOREIGN KEY ("member_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "event_bookings" DROP CONSTRAINT "FK_ddd7fb783f3743568493d49d4cd"`);
    await q.query(`ALTER TABLE "event_bookings" DROP CONSTRAINT "FK_5b809dcb91587b57423cdd8f01b"`);
    await q.query(`ALTER TABLE "events" DROP CONSTRAINT "FK_a612b523901cc5dd938ff3bdb03"`);
    await q.query(`DROP INDEX "public"."IDX_event_bookings_member"`);
    await q.query(`DROP INDEX "public"."IDX_event_bookings_event"`);
    await q.query(`DROP INDEX "public"."UQ_event_bookings_ticket_code"`);
    await q.query(`DROP TABLE "event_bookings"`);
    await q.query(`DROP INDEX "public"."IDX_events_browse"`);
    await q.query(`DROP INDEX "public"."IDX_events_browse_category"`);
    await q.query(`DROP INDEX "public"."IDX_events_date"`);
    await q.query(`DROP INDEX "public"."IDX_events_host"`);
    await q.query(`DROP TABLE "events"`);
  }
}
