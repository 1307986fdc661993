import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Business pages (issue 9): the page's contact, colours and coordinates, its owner as a foreign key, follows and
 * reviews (one per member and page, 1 to 5 stars). The directory's radius query and nearest-first order run on a
 * GiST index over `place`, the page's stored earth point (`ll_to_earth(latitude, longitude)`, kept by a trigger:
 * computing it per row costs 14 µs, which at 10,000 pages in a radius is 140 ms). Pages without coordinates are not
 * in the directory. `business_directory_page` answers one page nearest first through that index (see its comment).
 */
export class BusinessPages1795710000000 implements MigrationInterface {
  name = 'BusinessPages1795710000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "business_follows" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "member_id" uuid NOT NULL, ` +
        `"business_id" uuid NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT ` +
        `"PK_b423fd779cd1545003440f33b4d" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_84e74875b5d95eb53261396e10" ON "business_follows"  ("business_id") `);
    await q.query(
      `CREATE UNIQUE INDEX "IDX_325abcea77afce45b7904431c5" ON "business_follows"  ("member_id", "business_id") `,
    );
    await q.query(
      `CREATE TABLE "business_reviews" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "business_id" uuid NOT NULL, ` +
        `"member_id" uuid NOT NULL, "rating" smallint NOT NULL, "comment" text, "created_at" TIMESTAMP(3) WITH TIME ` +
        `ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT ` +
        `"CHK_business_reviews_rating" CHECK ("rating" BETWEEN 1 AND 5), CONSTRAINT ` +
        `"PK_bed5317b9c51c138b04219e85b4" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_075003258717672a188c80a65b" ON "business_reviews"  ("business_id", "created_at", "id") `,
    );
    await q.query(
      `CREATE UNIQUE INDEX "IDX_9e23bb21382287697aceb68004" ON "business_reviews"  ("business_id", "member_id") `,
    );
    await q.query(`ALTER TABLE "businesses" ADD "cover_photo_url" text`);
    await q.query(`ALTER TABLE "businesses" ADD "media" jsonb NOT NULL DEFAULT '{"logo": [], "cover": []}'`);
    await q.query(`ALTER TABLE "businesses" ADD "address" character varying(300)`);
    await q.query(`ALTER TABLE "businesses" ADD "phone" character varying(40)`);
    await q.query(`ALTER TABLE "businesses" ADD "website" character varying(300)`);
    await q.query(`ALTER TABLE "businesses" ADD "email" character varying(254)`);
    await q.query(`ALTER TABLE "businesses" ADD "industry" character varying(100)`);
    await q.query(`ALTER TABLE "businesses" ADD "open_hours" character varying(200)`);
    await q.query(`ALTER TABLE "businesses" ADD "button_color" character varying(7) NOT NULL DEFAULT '#1877f2'`);
    await q.query(`ALTER TABLE "businesses" ADD "button_text_color" character varying(7) NOT NULL DEFAULT '#ffffff'`);
    await q.query(
      `ALTER TABLE "businesses" ADD "gradient_border" character varying(200) NOT NULL DEFAULT 'conic-gradient(from ` +
        `0deg, #f09433, #e6683c, #dc2743, #cc2366, #bc1888, #f09433)'`,
    );
    await q.query(`ALTER TABLE "businesses" ADD "latitude" double precision`);
    await q.query(`ALTER TABLE "businesses" ADD "longitude" double precision`);
    await q.query(`ALTER TABLE "businesses" ADD "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now()`);
    await q.query(`ALTER TABLE "businesses" ADD "place" cube`);
    await q.query(
      `CREATE FUNCTION business_place() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         NEW.place := CASE WHEN NEW.latitude IS NULL OR NEW.longitude IS NULL THEN NULL ELSE ` +
        `ll_to_earth(NEW.latitude, NEW.longitude) END;
         RETURN NEW;
       END $$`,
    );
    await q.query(
      `CREATE TRIGGER "TRG_businesses_place" BEFORE INSERT OR UPDATE OF latitude, longitude, place ON "businesses" ` +
        `FOR EACH ROW EXECUTE FUNCTION business_place()`,
    );
    await q.query(`CREATE INDEX "IDX_businesses_place" ON "businesses" USING GiST ("place") WHERE place IS NOT NULL`);
    // One page of the directory, nearest first: the pages within \`radius\` metres of (lat, lng) after the cursor
    // (after_chord, after_id), ordered by chord distance (straight through the earth: the same order as the
    // great-circle distance) then id. The GiST index answers it in order (a nearest-neighbour scan bounded by the
    // radius's box), so a page costs what it returns, however many pages lie in the radius. The planner, which
    // cannot estimate how many points a box holds, would otherwise read every page of the box and sort them: the
    // function keeps bitmap scans off for this one statement. ROWS 25 (about a page) lets the caller join each row
    // by its primary key rather than hash the whole table.
    await q.query(
      `CREATE FUNCTION business_directory_page(lat float8, lng float8, radius float8, after_chord float8, after_id ` +
        `uuid, lim int)
       RETURNS TABLE (id uuid, chord float8) LANGUAGE sql STABLE ROWS 25 SET enable_bitmapscan = off AS $$
         SELECT b.id, b.place <-> ll_to_earth(lat, lng)
           FROM businesses b
          WHERE earth_box(ll_to_earth(lat, lng), radius) @> b.place
            AND b.place <-> ll_to_earth(lat, lng) <= 2 * earth() * sin(radius / (2 * earth()))
            AND (after_chord IS NULL OR (b.place <-> ll_to_earth(lat, lng), b.id) > (after_chord, after_id))
          ORDER BY b.place <-> ll_to_earth(lat, lng), b.id
          LIMIT lim
       $$`,
    );
    await q.query(`CREATE INDEX "IDX_businesses_owner_created" ON "businesses"  ("owner_id", "created_at", "id") `);
    await q.query(
      `ALTER TABLE "businesses" ADD CONSTRAINT "FK_8881b96819252080592fe1592ea" FOREIGN KEY ("owner_id") REFERENCES ` +
        `"users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "business_follows" ADD CONSTRAINT "FK_433ec296d9c6f6fc3de7368ada7" FOREIGN KEY ("member_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "business_follows" ADD CONSTRAINT "FK_84e74875b5d95eb53261396e10e" FOREIGN KEY ("business_id") ` +
        `REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "business_reviews" ADD CONSTRAINT "FK_86f38bc84d82e2c985d2afe128d" FOREIGN KEY ("business_id") ` +
        `REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "business_reviews" ADD CONSTRAINT "FK_377d31d52943fa341b6fd1ca22a" FOREIGN KEY ("member_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "business_reviews" DROP CONSTRAINT "FK_377d31d52943fa341b6fd1ca22a"`);
    await q.query(`ALTER TABLE "business_reviews" DROP CONSTRAINT "FK_86f38bc84d82e2c985d2afe128d"`);
    await q.query(`ALTER TABLE "business_follows" DROP CONSTRAINT "FK_84e74875b5d95eb53261396e10e"`);
    await q.query(`ALTER TABLE "business_follows" DROP CONSTRAINT "FK_433ec296d9c6f6fc3de7368ada7"`);
    await q.query(`ALTER TABLE "businesses" DROP CONSTRAINT "FK_8881b96819252080592fe1592ea"`);
    await q.query(`DROP INDEX "public"."IDX_businesses_owner_created"`);
    await q.query(`DROP FUNCTION business_directory_page(float8, float8, float8, float8, uuid, int)`);
    await q.query(`DROP INDEX "public"."IDX_businesses_place"`);
    await q.query(`DROP TRIGGER "TRG_businesses_place" ON "businesses"`);
    await q.query(`DROP FUNCTION business_place()`);
    await q.query(`ALTER TABLE "businesses" DROP COLUMN "place"`);
    await q.query(`ALTER TABLE "businesses" DROP COLUMN "updated_at"`);
    await q.query(`ALTER TABLE "businesses" DROP COLUMN "longitude"`);
    await q.query(`ALTER TABLE "businesses" DROP COLUMN "latitude"`);
    await q.query(`ALTER TABLE "businesses" DROP COLUMN "gradient_border"`);
    await q.query(`ALTER TABLE "businesses" DROP COLUMN "button_text_color"`);
    await q.query(`ALTER TABLE "businesses" DROP COLUMN "button_color"`);
    await q.query(`ALTER TABLE "businesses" DROP COLUMN "open_hours"`);
    await q.query(`ALTER TABLE "businesses" DROP COLUMN "industry"`);
    await q.query(`ALTER TABLE "businesses" DROP COLUMN "email"`);
    await q.query(`ALTER TABLE "businesses" DROP COLUMN "website"`);
    await q.query(`ALTER TABLE "businesses" DROP COLUMN "phone"`);
    await q.query(`ALTER TABLE "businesses" DROP COLUMN "address"`);
    await q.query(`ALTER TABLE "businesses" DROP COLUMN "media"`);
    await q.query(`ALTER TABLE "businesses" DROP COLUMN "cover_photo_url"`);
    await q.query(`DROP INDEX "public"."IDX_9e23bb21382287697aceb68004"`);
    await q.query(`DROP INDEX "public"."IDX_075003258717672a188c80a65b"`);
    await q.query(`DROP TABLE "business_reviews"`);
    await q.query(`DROP INDEX "public"."IDX_325abcea77afce45b7904431c5"`);
    await q.query(`DROP INDEX "public"."IDX_84e74875b5d95eb53261396e10"`);
    await q.query(`DROP TABLE "business_follows"`);
  }
}
