import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The marketplace (issue 12): stored listings with their seller, price, condition, category, photo (original,
 * thumbnail and every stored file) and position. The radius query and nearest-first order run on a GiST index over
 * `place`, the listing's stored earth point (`ll_to_earth(latitude, longitude)`, kept by a trigger), the pattern of
 * the business directory (migration BusinessPages). `marketplace_listing_page` answers one page nearest first.
 */
export class MarketplaceListings1795750000100 implements MigrationInterface {
  name = 'MarketplaceListings1795750000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "marketplace_listings" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "seller_id" uuid NOT ` +
        `NULL, "name" character varying(120) NOT NULL, "price" numeric(12,2) NOT NULL, "condition" character ` +
        `varying(20) NOT NULL, "category" character varying(20) NOT NULL, "description" text NOT NULL, "image_url" ` +
        `text, "thumbnail_url" text, "files" jsonb NOT NULL DEFAULT '[]', "location_name" character ` +
        `varying(120), "latitude" double precision NOT NULL, "longitude" double precision NOT NULL, "place" ` +
        `cube, "status" character varying(10) NOT NULL DEFAULT 'available', "created_at" TIMESTAMP(3) WITH ` +
        `TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT ` +
        `now(), CONSTRAINT "PK_marketplace_listings" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_marketplace_listings_seller_created" ON "marketplace_listings" ("seller_id", "created_at", ` +
        `"id") `,
    );
    await q.query(
      `CREATE FUNCTION marketplace_listing_place() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         NEW.place := ll_to_earth(NEW.latitude, NEW.longitude);
         RETURN NEW;
       END $$`,
    );
    await q.query(
      `CREATE TRIGGER "TRG_marketplace_listings_place" BEFORE INSERT OR UPDATE OF latitude, longitude, place ON ` +
        `"marketplace_listings" FOR EACH ROW EXECUTE FUNCTION marketplace_listing_place()`,
    );
    await q.query(
      `CREATE INDEX "IDX_marketplace_listings_place" ON "marketplace_listings" USING GiST ("place") INCLUDE ` +
        `("category")`,
    );
    // One page of listings within `radius` metres of (lat, lng), of one category or all (cat NULL), after the cursor
    // (after_chord, after_id), nearest first (chord distance, then id). As business_directory_page: the GiST index
    // answers in distance order bounded by the radius's box, so a page costs what it reads, not what the radius holds.
    await q.query(
      `CREATE FUNCTION marketplace_listing_page(lat float8, lng float8, radius float8, cat text, after_chord float8, ` +
        `after_id uuid, lim int)
       RETURNS TABLE (id uuid, chord float8) LANGUAGE sql STABLE ROWS 25 SET enable_bitmapscan = off AS $$
         SELECT l.id, l.place <-> ll_to_earth(lat, lng)
           FROM marketplace_listings l
          WHERE earth_box(ll_to_earth(lat, lng), radius) @> l.place
            AND l.place <-> ll_to_earth(lat, lng) <= 2 * earth() * sin(radius / (2 * earth()))
            AND (cat IS NULL OR l.category = cat)
            AND (after_chord IS NULL OR (l.place <-> ll_to_earth(lat, lng), l.id) > (after_chord, after_id))
          ORDER BY l.place <-> ll_to_earth(lat, lng), l.id
          LIMIT lim
       $$`,
    );
    await q.query(
      `ALTER TABLE "marketplace_listings" ADD CONSTRAINT "FK_6d1dfe0ca83aefa503ea8cc8be9" FOREIGN KEY ("seller_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "marketplace_listings" DROP CONSTRAINT "FK_6d1dfe0ca83aefa503ea8cc8be9"`);
    await q.query(`DROP FUNCTION marketplace_listing_page(float8, float8, float8, text, float8, uuid, int)`);
    await q.query(`DROP INDEX "public"."IDX_marketplace_listings_place"`);
    await q.query(`DROP TRIGGER "TRG_marketplace_listings_place" ON "marketplace_listings"`);
    await q.query(`DROP FUNCTION marketplace_listing_place()`);
    await q.query(`DROP INDEX "public"."IDX_marketplace_listings_seller_created"`);
    await q.query(`DROP TABLE "marketplace_listings"`);
  }
}
