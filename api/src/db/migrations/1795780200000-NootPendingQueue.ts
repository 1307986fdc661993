import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin panel's Noot Approvals queue: the pending uploads of every playlist, oldest first, read from a partial
 * index.
 */
export class NootPendingQueue1795780200000 implements MigrationInterface {
  name = 'NootPendingQueue1795780200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX "IDX_noot_songs_pending" ON "noot_songs"  ("created_at", "id") WHERE NOT is_admin_approved`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "public"."IDX_noot_songs_pending"`);
  }
}
