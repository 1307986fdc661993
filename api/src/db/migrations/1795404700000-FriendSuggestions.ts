import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Friend suggestions read the newest members and check-ins near a place: index both. */
export class FriendSuggestions1795404700000 implements MigrationInterface {
  name = 'FriendSuggestions1795404700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX "IDX_users_created" ON "users" ("created_at", "id") `);
    await q.query(
      `CREATE INDEX "IDX_posts_place" ON "posts" USING gist (ll_to_earth("latitude", "longitude")) WHERE "latitude" ` +
        `IS NOT NULL AND "longitude" IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "public"."IDX_posts_place"`);
    await q.query(`DROP INDEX "public"."IDX_users_created"`);
  }
}
