import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Groups and Klets (issue 12): groups at a place with a type, an image and "requires approval"; members with a
 * role (the creator is an admin); join requests (pending, then approved or declined by an admin); favourites; and
 * each group's stored chat. The radius query and nearest-first order run on a GiST index over `place`, the group's
 * stored earth point (kept by a trigger, as for businesses); `groups_near_page` answers one page nearest first
 * through that index (see its comment).
 */
export class GroupsMembersChat1795750000000 implements MigrationInterface {
  name = 'GroupsMembersChat1795750000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "groups" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "name" character varying(120) NOT NULL, ` +
        `"description" text, "type" character varying(40) NOT NULL, "location_name" character varying(200) NOT NULL, ` +
        `"latitude" double precision NOT NULL, "longitude" double precision NOT NULL, "place" cube NOT NULL, ` +
        `"image_url" text, "media" jsonb NOT NULL DEFAULT '[]', "requires_approval" boolean NOT NULL DEFAULT ` +
        `false, "creator_id" uuid, "member_count" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP(3) WITH ` +
        `TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_659d1483316afb28afd3a90646e" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE FUNCTION group_place() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         NEW.place := ll_to_earth(NEW.latitude, NEW.longitude);
         RETURN NEW;
       END $$`,
    );
    await q.query(
      `CREATE TRIGGER "TRG_groups_place" BEFORE INSERT OR UPDATE OF latitude, longitude, place ON "groups" FOR EACH ` +
        `ROW EXECUTE FUNCTION group_place()`,
    );
    await q.query(`CREATE INDEX "IDX_groups_place" ON "groups" USING gist ("place") `);
    // One page of groups within radius metres of (lat, lng), of one type or any (group_type NULL), after the cursor
    // (after_chord, after_id), nearest first by chord distance (the great-circle order) then id. As for the business
    // directory: the GiST index answers it in order (a nearest-neighbour scan bounded by the radius's box), so a page
    // costs what it returns however many groups lie in the radius; bitmap scans stay off for this one statement.
    await q.query(
      `CREATE FUNCTION groups_near_page(lat float8, lng float8, radius float8, group_type text, after_chord float8, ` +
        `after_id uuid, lim int)
       RETURNS TABLE (id uuid, chord float8) LANGUAGE sql STABLE ROWS 25 SET enable_bitmapscan = off AS $$
         SELECT g.id, g.place <-> ll_to_earth(lat, lng)
           FROM groups g
          WHERE earth_box(ll_to_earth(lat, lng), radius) @> g.place
            AND g.place <-> ll_to_earth(lat, lng) <= 2 * earth() * sin(radius / (2 * earth()))
            AND (group_type IS NULL OR g.type = group_type)
            AND (after_chord IS NULL OR (g.place <-> ll_to_earth(lat, lng), g.id) > (after_chord, after_id))
          ORDER BY g.place <-> ll_to_earth(lat, lng), g.id
          LIMIT lim
       $$`,
    );
    await q.query(`CREATE INDEX "IDX_74ad4c7946102d086b45945c09" ON "groups"  ("created_at", "id") `);
    await q.query(
      `CREATE TABLE "group_favorites" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "member_id" uuid NOT NULL, ` +
        `"group_id" uuid NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT ` +
        `"PK_3dafc7f0b0f3cd0325815bf9fde" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_52a8a8590ae70969d0b81740f5" ON "group_favorites"  ("group_id") `);
    await q.query(
      `CREATE UNIQUE INDEX "IDX_83c8c3bdc8db7ce7f3f2d73783" ON "group_favorites"  ("member_id", "group_id") `,
    );
    await q.query(
      `CREATE TABLE "group_join_requests" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "group_id" uuid NOT NULL, ` +
        `"member_id" uuid NOT NULL, "status" character varying(10) NOT NULL DEFAULT 'pending', "created_at" ` +
        `TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "decided_at" TIMESTAMP(3) WITH TIME ZONE, CONSTRAINT ` +
        `"PK_74ce5e0752a5ec73ed19fe2a55d" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_7afcb153b628070d1cfaaaedba" ON "group_join_requests"  ("group_id", "status", "created_at", ` +
        `"id") `,
    );
    await q.query(
      `CREATE UNIQUE INDEX "IDX_9867093e274fb1b9e15e579ee0" ON "group_join_requests"  ("group_id", "member_id") `,
    );
    await q.query(
      `CREATE TABLE "group_members" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "group_id" uuid NOT NULL, ` +
        `"member_id" uuid NOT NULL, "role" character varying(10) NOT NULL DEFAULT 'member', "created_at" ` +
        `TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_86446139b2c96bfd0f3b8638852" PRIMARY ` +
        `KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_a7a5b5d4c2a404ea6f560c8e12" ON "group_members"  ("member_id", "created_at", "id") `,
    );
    await q.query(
      `CREATE INDEX "IDX_5da763029b0c1c9b36957e21b3" ON "group_members"  ("group_id", "created_at", "id") `,
    );
    await q.query(
      `CREATE UNIQUE INDEX "IDX_8946f8ffbdde443c5849b6060a" ON "group_members"  ("group_id", "member_id") `,
    );
    await q.query(
      `CREATE TABLE "group_messages" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "group_id" uuid NOT NULL, ` +
        `"sender_id" uuid NOT NULL, "body" text NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT ` +
        `now(), CONSTRAINT "PK_f4b396868f303fa38023b61d742" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_ada93de56050fe469b3c53fe49" ON "group_messages"  ("sender_id") `);
    await q.query(
      `CREATE INDEX "IDX_607f1b4a1c1f47377dfed4b67f" ON "group_messages"  ("group_id", "created_at", "id") `,
    );
    await q.query(
      `ALTER TABLE "groups" ADD CONSTRAINT "FK_33b49cd404bac777f795028c3b0" FOREIGN KEY ("creator_id") REFERENCES ` +
        `"users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "group_favorites" ADD CONSTRAINT "FK_1a51132a83ca437f42ae154d7ed" FOREIGN KEY ("member_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "group_favorites" ADD CONSTRAINT "FK_52a8a8590ae70969d0b81740f54" FOREIGN KEY ("group_id") ` +
        `REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "group_join_requests" ADD CONSTRAINT "FK_afc16af49bbe9e779b1da017d32" FOREIGN KEY ("group_id") ` +
        `REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "group_join_requests" ADD CONSTRAINT "FK_f0a530ab41fcbb5c70529f949d2" FOREIGN KEY ("member_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "group_members" ADD CONSTRAINT "FK_2c840df5db52dc6b4a1b0b69c6e" FOREIGN KEY ("group_id") ` +
        `REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "group_members" ADD CONSTRAINT "FK_dd36c2f163638fffa2edd4e44f2" FOREIGN KEY ("member_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "group_messages" ADD CONSTRAINT "FK_be264b91ac62d3b00c01212f565" FOREIGN KEY ("group_id") ` +
        `REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "group_messages" ADD CONSTRAINT "FK_ada93de56050fe469b3c53fe49f" FOREIGN KEY ("sender_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "group_messages" DROP CONSTRAINT "FK_ada93de56050fe469b3c53fe49f"`);
    await q.query(`ALTER TABLE "group_messages" DROP CONSTRAINT "FK_be264b91ac62d3b00c01212f565"`);
    await q.query(`ALTER TABLE "group_members" DROP CONSTRAINT "FK_dd36c2f163638fffa2edd4e44f2"`);
    await q.query(`ALTER TABLE "group_members" DROP CONSTRAINT "FK_2c840df5db52dc6b4a1b0b69c6e"`);
    await q.query(`ALTER TABLE "group_join_requests" DROP CONSTRAINT "FK_f0a530ab41fcbb5c70529f949d2"`);
    await q.query(`ALTER TABLE "group_join_requests" DROP CONSTRAINT "FK_afc16af49bbe9e779b1da017d32"`);
    await q.query(`ALTER TABLE "group_favorites" DROP CONSTRAINT "FK_52a8a8590ae70969d0b81740f54"`);
    await q.query(`ALTER TABLE "group_favorites" DROP CONSTRAINT "FK_1a51132a83ca437f42ae154d7ed"`);
    await q.query(`ALTER TABLE "groups" DROP CONSTRAINT "FK_33b49cd404bac777f795028c3b0"`);
    await q.query(`DROP INDEX "public"."IDX_607f1b4a1c1f47377dfed4b67f"`);
    await q.query(`DROP INDEX "public"."IDX_ada93de56050fe469b3c53fe49"`);
    await q.query(`DROP TABLE "group_messages"`);
    await q.query(`DROP INDEX "public"."IDX_8946f8ffbdde443c5849b6060a"`);
    await q.query(`DROP INDEX "public"."IDX_5da763029b0c1c9b36957e21b3"`);
    await q.query(`DROP INDEX "public"."IDX_a7a5b5d4c2a404ea6f560c8e12"`);
    await q.query(`DROP TABLE "group_members"`);
    await q.query(`DROP INDEX "public"."IDX_9867093e274fb1b9e15e579ee0"`);
    await q.query(`DROP INDEX "public"."IDX_7afcb153b628070d1cfaaaedba"`);
    await q.query(`DROP TABLE "group_join_requests"`);
    await q.query(`DROP INDEX "public"."IDX_83c8c3bdc8db7ce7f3f2d73783"`);
    await q.query(`DROP INDEX "public"."IDX_52a8a8590ae70969d0b81740f5"`);
    await q.query(`DROP TABLE "group_favorites"`);
    await q.query(`DROP INDEX "public"."IDX_74ad4c7946102d086b45945c09"`);
    await q.query(`DROP FUNCTION groups_near_page(float8, float8, float8, text, float8, uuid, int)`);
    await q.query(`DROP INDEX "public"."IDX_groups_place"`);
    await q.query(`DROP TRIGGER "TRG_groups_place" ON "groups"`);
    await q.query(`DROP FUNCTION group_place()`);
    await q.query(`DROP TABLE "groups"`);
  }
}
