import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The profile (issue 13): a short bio and home town, the cover photo, the country the member chose and the one
 * detected from their request, and the stored files of avatar and cover (removed when replaced).
 */
export class Profile1795760100000 implements MigrationInterface {
  name = 'Profile1795760100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users" ADD "bio" character varying(160)`);
    await q.query(`ALTER TABLE "users" ADD "home_town" character varying(80)`);
    await q.query(`ALTER TABLE "users" ADD "cover_image_url" text`);
    await q.query(`ALTER TABLE "users" ADD "country_code" character(2)`);
    await q.query(`ALTER TABLE "users" ADD "detected_country_code" character(2)`);
    await q.query(`ALTER TABLE "users" ADD "country_checked_at" TIMESTAMP WITH TIME ZONE`);
    await q.query(`ALTER TABLE "users" ADD "profile_media" jsonb NOT NULL DEFAULT '{"cover": [], "avatar": []}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const c of [
      'profile_media',
      'country_checked_at',
      'detected_country_code',
      'country_code',
      'cover_image_url',
      'home_town',
      'bio',
    ]) {
      await q.query(`ALTER TABLE "users" DROP COLUMN "${c}"`);
    }
  }
}
