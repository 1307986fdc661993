import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Settings and radar (issue 13).
 *
 * `member_feature_choices`: the sidebar features a member turned on or off, one row per member and feature (only
 * the choices made: a feature without a row takes the default of modules/settings, so a changed default reaches
 * everyone who never chose). The feature names are checked here as well as in the service.
 *
 * `radar_positions`: where a member with radar on was last seen, coarsened to 3 decimals of a degree (about
 * 100 m) by the service before it is stored. A row exists only while the member's radar is on: turning it off
 * deletes it in the same transaction that clears `users.radar_enabled`, so the member vanishes from every search
 * at once and no position is kept. `place` is the earth point (`ll_to_earth`, kept by a trigger) under a GiST
 * index that also carries `user_id` and `located_at` (INCLUDE): a page is an index-only scan, the 24-hour freshness
 * and "not the searcher" checked inside the index (tests/bench/radar.bench.ts prints the plan).
 * `radar_nearby_page` answers one page nearest first, as marketplace_listing_page does.
 */
export class FeatureChoicesAndRadar1795760300000 implements MigrationInterface {
  name = 'FeatureChoicesAndRadar1795760300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "member_feature_choices" ("user_id" uuid NOT NULL, "feature" character varying(30) NOT NULL, ` +
        `"enabled" boolean NOT NULL, "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT ` +
        `"CHK_member_feature_choices_feature" CHECK ("feature" IN ('klets', 'saffaRadar', 'dating', 'recipes', ` +
        `'thingsToDoList', 'radio', 'nootVirNoot', 'jobs', 'news', 'braggingRights')), CONSTRAINT ` +
        `"PK_member_feature_choices" PRIMARY KEY ("user_id", "feature"))`,
    );
    await q.query(
      `ALTER TABLE "member_feature_choices" ADD CONSTRAINT "FK_member_feature_choices_user" FOREIGN KEY ("user_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `CREATE TABLE "radar_positions" ("user_id" uuid NOT NULL, "latitude" double precision NOT NULL, "longitude" ` +
        `double precision NOT NULL, "place" cube, "located_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `CONSTRAINT "PK_radar_positions" PRIMARY KEY ("user_id"))`,
    );
    await q.query(
      `ALTER TABLE "radar_positions" ADD CONSTRAINT "FK_radar_positions_user" FOREIGN KEY ("user_id") REFERENCES ` +
        `"users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `CREATE FUNCTION radar_position_place() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         NEW.place := ll_to_earth(NEW.latitude, NEW.longitude);
         RETURN NEW;
       END $$`,
    );
    await q.query(
      `CREATE TRIGGER "TRG_radar_positions_place" BEFORE INSERT OR UPDATE OF latitude, longitude, place ON ` +
        `"radar_positions" FOR EACH ROW EXECUTE FUNCTION radar_position_place()`,
    );
    await q.query(
      `CREATE INDEX "IDX_radar_positions_place" ON "radar_positions" USING GiST ("place") INCLUDE ("user_id", ` +
        `"located_at")`,
    );
    // One page of members seen since `since` within `radius` metres of (lat, lng), never `me`, after the cursor
    // (after_chord, after_id), nearest first (chord distance, then id): the GiST index answers in distance order
    // bounded by the radius's box, so a page costs what it reads, not what the radius holds.
    await q.query(
      `CREATE FUNCTION radar_nearby_page(lat float8, lng float8, radius float8, since timestamptz, me uuid, ` +
        `after_chord float8, after_id uuid, lim int)
       RETURNS TABLE (id uuid, chord float8) LANGUAGE sql STABLE ROWS 25 SET enable_bitmapscan = off AS $$
         SELECT r.user_id, r.place <-> ll_to_earth(lat, lng)
           FROM radar_positions r
          WHERE earth_box(ll_to_earth(lat, lng), radius) @> r.place
            AND r.place <-> ll_to_earth(lat, lng) <= 2 * earth() * sin(radius / (2 * earth()))
            AND r.located_at >= since
            AND r.user_id <> me
            AND (after_chord IS NULL OR (r.place <-> ll_to_earth(lat, lng), r.user_id) > (after_chord, after_id))
          ORDER BY r.place <-> ll_to_earth(lat, lng), r.user_id
          LIMIT lim
       $$`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION radar_nearby_page(float8, float8, float8, timestamptz, uuid, float8, uuid, int)`);
    await q.query(`DROP INDEX "public"."IDX_radar_positions_place"`);
    await q.query(`DROP TRIGGER "TRG_radar_positions_place" ON "radar_positions"`);
    await q.query(`DROP FUNCTION radar_position_place()`);
    await q.query(`ALTER TABLE "radar_positions" DROP CONSTRAINT "FK_radar_positions_user"`);
    await q.query(`DROP TABLE "radar_positions"`);
    await q.query(`ALTER TABLE "member_feature_choices" DROP CONSTRAINT "FK_member_feature_choices_user"`);
    await q.query(`DROP TABLE "member_feature_choices"`);
  }
}
