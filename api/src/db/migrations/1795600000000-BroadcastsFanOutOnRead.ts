import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Broadcasts fan out on read (issue 8, item 3): a broadcast is ONE notifications row with no recipient, seen by
 * every member who joined at or before it; a member has read it when their notification_reads row exists. Rows of
 * earlier broadcasts (one per member) stay as they are: ordinary notifications of their recipient.
 */
export class BroadcastsFanOutOnRead1795600000000 implements MigrationInterface {
  name = 'BroadcastsFanOutOnRead1795600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "notifications" ALTER COLUMN "recipient_id" DROP NOT NULL`);
    await q.query(
      `CREATE INDEX "IDX_notifications_broadcasts" ON "notifications" ("created_at", "id") WHERE recipient_id IS NULL`,
    );
    await q.query(
      `CREATE TABLE "notification_reads" ("member_id" uuid NOT NULL, "notification_id" uuid NOT NULL, "created_at" ` +
        `TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_notification_reads" PRIMARY KEY ` +
        `("member_id", "notification_id"))`,
    );
    // Deleting a broadcast removes its read rows through this index, not a scan of every member's reads.
    await q.query(`CREATE INDEX "IDX_notification_reads_notification" ON "notification_reads" ("notification_id")`);
    await q.query(
      `ALTER TABLE "notification_reads" ADD CONSTRAINT "FK_notification_reads_member" FOREIGN KEY ("member_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "notification_reads" ADD CONSTRAINT "FK_notification_reads_notification" FOREIGN KEY ` +
        `("notification_id") REFERENCES "notifications"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  /** Back to one row per member: each broadcast becomes a row for every member who saw it, read as they had it. */
  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `INSERT INTO "notifications" ("id", "recipient_id", "type", "title", "message", "is_read", "link", "actor_id", ` +
        `"broadcast_id", "created_at")
       SELECT md5(n.id::text || u.id::text)::uuid, u.id, n.type, n.title, n.message, r.member_id IS NOT NULL, ` +
        `n.link, n.actor_id, n.id, n.created_at
       FROM "notifications" n
       JOIN "users" u ON n.created_at >= u.created_at::timestamptz(3)
       LEFT JOIN "notification_reads" r ON r.notification_id = n.id AND r.member_id = u.id
       WHERE n.recipient_id IS NULL`,
    );
    await q.query(`DROP TABLE "notification_reads"`);
    await q.query(`DELETE FROM "notifications" WHERE "recipient_id" IS NULL`);
    await q.query(`DROP INDEX "public"."IDX_notifications_broadcasts"`);
    await q.query(`ALTER TABLE "notifications" ALTER COLUMN "recipient_id" SET NOT NULL`);
  }
}
