import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Up to when each member has read their group's chat (the Klets unread count); existing members start read. */
export class GroupLastRead1795760400000 implements MigrationInterface {
  name = 'GroupLastRead1795760400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "group_members" ADD "last_read_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "group_members" DROP COLUMN "last_read_at"`);
  }
}
