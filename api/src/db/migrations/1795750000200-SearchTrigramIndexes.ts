import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Trigram GIN indexes behind Explore's search (modules/search): members by name, businesses by name and category,
 * events by title, category and location, groups by name, type and location. Jobs' title and location already have
 * theirs; a job's company is found through the businesses' and members' name indexes. The members' name is the
 * expression the people kind searches (search.kinds.ts `MEMBER_NAME`): it must stay identical for the index to serve
 * it.
 */
export class SearchTrigramIndexes1795750000200 implements MigrationInterface {
  name = 'SearchTrigramIndexes1795750000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX "IDX_users_name_trgm" ON "users" USING gin ((coalesce("first_name", '') || ' ' || ` +
        `coalesce("last_name", '')) gin_trgm_ops)`,
    );
    await q.query(`CREATE INDEX "IDX_businesses_name_trgm" ON "businesses" USING gin (("name"::text) gin_trgm_ops)`);
    await q.query(`CREATE INDEX "IDX_businesses_category_trgm" ON "businesses" USING gin ("category" gin_trgm_ops)`);
    await q.query(
      `CREATE INDEX "IDX_events_title_trgm" ON "events" USING gin ("title" gin_trgm_ops) WHERE NOT "is_cancelled"`,
    );
    await q.query(
      `CREATE INDEX "IDX_events_category_trgm" ON "events" USING gin ("category" gin_trgm_ops) WHERE NOT ` +
        `"is_cancelled"`,
    );
    await q.query(
      `CREATE INDEX "IDX_events_location_trgm" ON "events" USING gin ("location" gin_trgm_ops) WHERE NOT ` +
        `"is_cancelled"`,
    );
    await q.query(`CREATE INDEX "IDX_groups_name_trgm" ON "groups" USING gin ("name" gin_trgm_ops)`);
    await q.query(`CREATE INDEX "IDX_groups_type_trgm" ON "groups" USING gin ("type" gin_trgm_ops)`);
    await q.query(`CREATE INDEX "IDX_groups_location_name_trgm" ON "groups" USING gin ("location_name" gin_trgm_ops)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const name of [
      'IDX_groups_location_name_trgm',
      'IDX_groups_type_trgm',
      'IDX_groups_name_trgm',
      'IDX_events_location_trgm',
      'IDX_events_category_trgm',
      'IDX_events_title_trgm',
      'IDX_businesses_category_trgm',
      'IDX_businesses_name_trgm',
      'IDX_users_name_trgm',
    ]) {
      await q.query(`DROP INDEX "public"."${name}"`);
    }
  }
}
