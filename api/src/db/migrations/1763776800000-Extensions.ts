import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The extensions the schema relies on: case-insensitive text, geography, trigram search. */
export class Extensions1763776800000 implements MigrationInterface {
  name = 'Extensions1763776800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE EXTENSION IF NOT EXISTS "uuid-ossp"');
    await q.query('CREATE EXTENSION IF NOT EXISTS citext');
    await q.query('CREATE EXTENSION IF NOT EXISTS cube');
    await q.query('CREATE EXTENSION IF NOT EXISTS earthdistance');
    await q.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP EXTENSION IF EXISTS pg_trgm');
    await q.query('DROP EXTENSION IF EXISTS earthdistance');
    await q.query('DROP EXTENSION IF EXISTS cube');
    await q.query('DROP EXTENSION IF EXISTS citext');
  }
}
