import type { MigrationInterface, QueryRunner } from 'typeorm';

export class HomeFeed1795313602144 implements MigrationInterface {
  name = 'HomeFeed1795313602144';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "businesses" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "name" citext NOT NULL, "category" ` +
        `character varying(80) NOT NULL, "description" text, "image_url" text, "owner_id" uuid, "created_at" ` +
        `TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_bc1bf63498dd2368ce3dc8686e8" PRIMARY ` +
        `KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "IDX_31e657169754a8feaa08c17bc2" ON "businesses"  ("name") `);
    await q.query(`CREATE INDEX "IDX_bc538bce803c11bd67e979c817" ON "businesses"  ("created_at", "id") `);
    await q.query(
      `CREATE TABLE "posts" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "author_id" uuid NOT NULL, "content" ` +
        `text, "images" jsonb NOT NULL DEFAULT '[]', "video_url" text, "document_url" text, "document_name" ` +
        `character varying(255), "document_type" character varying(10), "location" character varying(200), ` +
        `"latitude" double precision, "longitude" double precision, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT ` +
        `NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT ` +
        `"PK_2829ac61eff60fcec60d7274b9e" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_posts_author_created" ON "posts"  ("author_id", "created_at") `);
    await q.query(`CREATE INDEX "IDX_ffcdd1a2f134b00248f08aef98" ON "posts"  ("created_at", "id") `);
    await q.query(
      `CREATE TABLE "saved_checkins" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "user_id" uuid NOT NULL, ` +
        `"post_id" uuid NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT ` +
        `"PK_e878836ba066f48cf9c5bc22b9b" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_9ba44a6837defc390ca93fb357" ON "saved_checkins"  ("post_id") `);
    await q.query(
      `CREATE INDEX "IDX_031f648ae17ae09a09e2ea2512" ON "saved_checkins"  ("user_id", "created_at", "id") `,
    );
    await q.query(`CREATE UNIQUE INDEX "IDX_683cb747820668d0641757ea56" ON "saved_checkins"  ("user_id", "post_id") `);
    await q.query(
      `CREATE TABLE "comments" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "post_id" uuid NOT NULL, "author_id" ` +
        `uuid NOT NULL, "text" text NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `CONSTRAINT "PK_8bf68bc960f2b69e818bdb90dcb" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_e6d38899c31997c45d128a8973" ON "comments"  ("author_id") `);
    await q.query(`CREATE INDEX "IDX_798e5d967bf2e4e937165202f7" ON "comments"  ("post_id", "created_at", "id") `);
    await q.query(
      `CREATE TABLE "friendships" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "user_low_id" uuid NOT NULL, ` +
        `"user_high_id" uuid NOT NULL, "requester_id" uuid NOT NULL, "status" character varying(10) NOT NULL DEFAULT ` +
        `'pending', "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "accepted_at" TIMESTAMP WITH ` +
        `TIME ZONE, CONSTRAINT "CHK_bb000cb01f591df14d7ef36d34" CHECK ("user_low_id" < "user_high_id"), ` +
        `CONSTRAINT "PK_08af97d0be72942681757f07bc8" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_8d74a919d5522cc283fe7e5a89" ON "friendships"  ("user_high_id") `);
    await q.query(
      `CREATE UNIQUE INDEX "IDX_8ec6d0e2adc0fb61ad328fa158" ON "friendships"  ("user_low_id", "user_high_id") `,
    );
    await q.query(
      `CREATE TABLE "notifications" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "recipient_id" uuid NOT NULL, ` +
        `"type" character varying(10) NOT NULL DEFAULT 'info', "title" character varying(200) NOT NULL, "message" ` +
        `text NOT NULL, "is_read" boolean NOT NULL DEFAULT false, "link" character varying(300), "actor_id" uuid, ` +
        `"broadcast_id" uuid, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT ` +
        `"PK_6a72c3c0f683f6462415e653c3a" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_notifications_unread" ON "notifications"  ("recipient_id") WHERE is_read = false`);
    await q.query(
      `CREATE INDEX "IDX_86fce636485e51f0ff3d5e1038" ON "notifications"  ("recipient_id", "created_at", "id") `,
    );
    await q.query(
      `CREATE TABLE "post_shares" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "post_id" uuid NOT NULL, "user_id" ` +
        `uuid NOT NULL, "target" character varying(12) NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL ` +
        `DEFAULT now(), CONSTRAINT "PK_41290cd17ae407e8d73aaa4fa93" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_604427d3550c7c701024f89f79" ON "post_shares"  ("post_id") `);
    await q.query(
      `CREATE TABLE "reactions" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "post_id" uuid NOT NULL, "user_id" ` +
        `uuid NOT NULL, "reaction_type" character varying(10) NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT ` +
        `NULL DEFAULT now(), CONSTRAINT "PK_0b213d460d0c473bc2fb6ee27f3" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_dde6062145a93649adc5af3946" ON "reactions"  ("user_id") `);
    await q.query(`CREATE UNIQUE INDEX "IDX_17fa6c691d35ceae1b92006696" ON "reactions"  ("post_id", "user_id") `);
    await q.query(
      `CREATE TABLE "reels" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "author_id" uuid NOT NULL, "title" ` +
        `character varying(100) NOT NULL, "caption" text, "thumbnail_url" text, "video_url" text, "created_at" ` +
        `TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e5ecdc818bad986f1eb0a5d7a2d" PRIMARY ` +
        `KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_ce67d7bd97620f0365a07901aa" ON "reels"  ("author_id") `);
    await q.query(`CREATE INDEX "IDX_133f7c5577ae32a2cff7b8da72" ON "reels"  ("created_at", "id") `);
    await q.query(
      `CREATE TABLE "post_reports" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "post_id" uuid NOT NULL, ` +
        `"reporter_id" uuid NOT NULL, "reason" character varying(20) NOT NULL, "status" character varying(10) NOT ` +
        `NULL DEFAULT 'open', "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT ` +
        `"PK_afa7cad2bd08b113aeb519c37b7" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_2f5dd8c4bd4db94e6da3c5833e" ON "post_reports"  ("reporter_id") `);
    await q.query(`CREATE INDEX "IDX_f56803870d223470bbdd532f27" ON "post_reports"  ("created_at", "id") `);
    await q.query(
      `CREATE UNIQUE INDEX "IDX_d465dd4576e97d6f0ff35537fa" ON "post_reports"  ("post_id", "reporter_id") `,
    );
    await q.query(
      `ALTER TABLE "posts" ADD CONSTRAINT "FK_312c63be865c81b922e39c2475e" FOREIGN KEY ("author_id") REFERENCES ` +
        `"users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "saved_checkins" ADD CONSTRAINT "FK_aef6f324d05962e70cc80b117cb" FOREIGN KEY ("user_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "saved_checkins" ADD CONSTRAINT "FK_9ba44a6837defc390ca93fb357c" FOREIGN KEY ("post_id") ` +
        `REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "comments" ADD CONSTRAINT "FK_259bf9825d9d198608d1b46b0b5" FOREIGN KEY ("post_id") REFERENCES ` +
        `"posts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "comments" ADD CONSTRAINT "FK_e6d38899c31997c45d128a8973b" FOREIGN KEY ("author_id") REFERENCES ` +
        `"users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "notifications" ADD CONSTRAINT "FK_5332a4daa46fd3f4e6625dd275d" FOREIGN KEY ("recipient_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "reactions" ADD CONSTRAINT "FK_a1ac38351a456da43cd26d38be8" FOREIGN KEY ("post_id") REFERENCES ` +
        `"posts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "reactions" ADD CONSTRAINT "FK_dde6062145a93649adc5af3946e" FOREIGN KEY ("user_id") REFERENCES ` +
        `"users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "reels" ADD CONSTRAINT "FK_ce67d7bd97620f0365a07901aa3" FOREIGN KEY ("author_id") REFERENCES ` +
        `"users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "post_reports" ADD CONSTRAINT "FK_611b70ef1c1e75943221918b846" FOREIGN KEY ("post_id") REFERENCES ` +
        `"posts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "post_reports" ADD CONSTRAINT "FK_2f5dd8c4bd4db94e6da3c5833e2" FOREIGN KEY ("reporter_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "post_reports" DROP CONSTRAINT "FK_2f5dd8c4bd4db94e6da3c5833e2"`);
    await q.query(`ALTER TABLE "post_reports" DROP CONSTRAINT "FK_611b70ef1c1e75943221918b846"`);
    await q.query(`ALTER TABLE "reels" DROP CONSTRAINT "FK_ce67d7bd97620f0365a07901aa3"`);
    await q.query(`ALTER TABLE "reactions" DROP CONSTRAINT "FK_dde6062145a93649adc5af3946e"`);
    await q.query(`ALTER TABLE "reactions" DROP CONSTRAINT "FK_a1ac38351a456da43cd26d38be8"`);
    await q.query(`ALTER TABLE "notifications" DROP CONSTRAINT "FK_5332a4daa46fd3f4e6625dd275d"`);
    await q.query(`ALTER TABLE "comments" DROP CONSTRAINT "FK_e6d38899c31997c45d128a8973b"`);
    await q.query(`ALTER TABLE "comments" DROP CONSTRAINT "FK_259bf9825d9d198608d1b46b0b5"`);
    await q.query(`ALTER TABLE "saved_checkins" DROP CONSTRAINT "FK_9ba44a6837defc390ca93fb357c"`);
    await q.query(`ALTER TABLE "saved_checkins" DROP CONSTRAINT "FK_aef6f324d05962e70cc80b117cb"`);
    await q.query(`ALTER TABLE "posts" DROP CONSTRAINT "FK_312c63be865c81b922e39c2475e"`);
    await q.query(`DROP INDEX "public"."IDX_d465dd4576e97d6f0ff35537fa"`);
    await q.query(`DROP INDEX "public"."IDX_f56803870d223470bbdd532f27"`);
    await q.query(`DROP INDEX "public"."IDX_2f5dd8c4bd4db94e6da3c5833e"`);
    await q.query(`DROP TABLE "post_reports"`);
    await q.query(`DROP INDEX "public"."IDX_133f7c5577ae32a2cff7b8da72"`);
    await q.query(`DROP INDEX "public"."IDX_ce67d7bd97620f0365a07901aa"`);
    await q.query(`DROP TABLE "reels"`);
    await q.query(`DROP INDEX "public"."IDX_17fa6c691d35ceae1b92006696"`);
    await q.query(`DROP INDEX "public"."IDX_dde6062145a93649adc5af3946"`);
    await q.query(`DROP TABLE "reactions"`);
    await q.query(`DROP INDEX "public"."IDX_604427d3550c7c701024f89f79"`);
    await q.query(`DROP TABLE "post_shares"`);
    await q.query(`DROP INDEX "public"."IDX_86fce636485e51f0ff3d5e1038"`);
    await q.query(`DROP INDEX "public"."IDX_notifications_unread"`);
    await q.query(`DROP TABLE "notifications"`);
    await q.query(`DROP INDEX "public"."IDX_8ec6d0e2adc0fb61ad328fa158"`);
    await q.query(`DROP INDEX "public"."IDX_8d74a919d5522cc283fe7e5a89"`);
    await q.query(`DROP TABLE "friendships"`);
    await q.query(`DROP INDEX "public"."IDX_798e5d967bf2e4e937165202f7"`);
    await q.query(`DROP INDEX "public"."IDX_e6d38899c31997c45d128a8973"`);
    await q.query(`DROP TABLE "comments"`);
    await q.query(`DROP INDEX "public"."IDX_683cb747820668d0641757ea56"`);
    await q.query(`DROP INDEX "public"."IDX_031f648ae17ae09a09e2ea2512"`);
    await q.query(`DROP INDEX "public"."IDX_9ba44a6837defc390ca93fb357"`);
    await q.query(`DROP TABLE "saved_checkins"`);
    await q.query(`DROP INDEX "public"."IDX_ffcdd1a2f134b00248f08aef98"`);
    await q.query(`DROP INDEX "public"."IDX_posts_author_created"`);
    await q.query(`DROP TABLE "posts"`);
    await q.query(`DROP INDEX "public"."IDX_bc538bce803c11bd67e979c817"`);
    await q.query(`DROP INDEX "public"."IDX_31e657169754a8feaa08c17bc2"`);
    await q.query(`DROP TABLE "businesses"`);
  }
}
