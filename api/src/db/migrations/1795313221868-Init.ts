import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Init1795313221868 implements MigrationInterface {
  name = 'Init1795313221868';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "rate_limits" ("key" character varying(200) NOT NULL, "window_start" TIMESTAMP WITH TIME ZONE ` +
        `NOT NULL, "hits" integer NOT NULL, CONSTRAINT "PK_8cb6aa4831e3e775ccf370521db" PRIMARY KEY ("key"))`,
    );
    await q.query(
      `CREATE TABLE "users" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "first_name" character varying(50), ` +
        `"last_name" character varying(50), "email" citext, "password_hash" text, "profile_image_url" text, "role" ` +
        `character varying(10) NOT NULL DEFAULT 'user', "tutorial_completed" boolean NOT NULL DEFAULT false, ` +
        `"tutorial_step" integer NOT NULL DEFAULT '0', "radar_enabled" boolean NOT NULL DEFAULT false, ` +
        `"created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE ` +
        `NOT NULL DEFAULT now(), CONSTRAINT "UQ_97672ac88f789774dd47f7c8be3" UNIQUE ("email"), CONSTRAINT ` +
        `"PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE TABLE "identities" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "provider" character varying(20) ` +
        `NOT NULL, "subject" character varying(255) NOT NULL, "user_id" uuid NOT NULL, "created_at" TIMESTAMP WITH ` +
        `TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7b2f8cccf4ac6a2d7e6e9e8b1f6" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_88e77c008cfcfa6a87027a99bd" ON "identities"  ("user_id") `);
    await q.query(`CREATE UNIQUE INDEX "IDX_1bc5204ff62050c3d9d946cc57" ON "identities"  ("provider", "subject") `);
    await q.query(
      `CREATE TABLE "password_resets" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "token_hash" character ` +
        `varying(64) NOT NULL, "user_id" uuid NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" ` +
        `TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT ` +
        `"PK_4816377aa98211c1de34469e742" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "IDX_323290a9239ad3d397ad78018e" ON "password_resets"  ("token_hash") `);
    await q.query(`CREATE INDEX "IDX_f7a4c3bc48f24df007936d217b" ON "password_resets"  ("user_id") `);
    await q.query(
      `CREATE TABLE "sessions" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "token_hash" character varying(64) ` +
        `NOT NULL, "user_id" uuid NOT NULL, "user_agent" character varying(300), "created_at" TIMESTAMP WITH TIME ` +
        `ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT ` +
        `"PK_3238ef96f18b355b671619111bc" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "IDX_abaa9e068cdd390bc5210f7988" ON "sessions"  ("token_hash") `);
    await q.query(`CREATE INDEX "IDX_085d540d9f418cfbdc7bd55bb1" ON "sessions"  ("user_id") `);
    await q.query(`CREATE INDEX "IDX_9cfe37d28c3b229a350e086d94" ON "sessions"  ("expires_at") `);
    await q.query(
      `CREATE TABLE "app_meta" ("key" character varying(100) NOT NULL, "value" text NOT NULL, "updated_at" TIMESTAMP ` +
        `WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2517812d17c14a0ecd40dd79d63" PRIMARY KEY ("key"))`,
    );
    await q.query(
      `ALTER TABLE "identities" ADD CONSTRAINT "FK_88e77c008cfcfa6a87027a99bde" FOREIGN KEY ("user_id") REFERENCES ` +
        `"users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "password_resets" ADD CONSTRAINT "FK_f7a4c3bc48f24df007936d217be" FOREIGN KEY ("user_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "sessions" ADD CONSTRAINT "FK_085d540d9f418cfbdc7bd55bb19" FOREIGN KEY ("user_id") REFERENCES ` +
        `"users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "sessions" DROP CONSTRAINT "FK_085d540d9f418cfbdc7bd55bb19"`);
    await q.query(`ALTER TABLE "password_resets" DROP CONSTRAINT "FK_f7a4c3bc48f24df007936d217be"`);
    await q.query(`ALTER TABLE "identities" DROP CONSTRAINT "FK_88e77c008cfcfa6a87027a99bde"`);
    await q.query(`DROP TABLE "app_meta"`);
    await q.query(`DROP INDEX "public"."IDX_9cfe37d28c3b229a350e086d94"`);
    await q.query(`DROP INDEX "public"."IDX_085d540d9f418cfbdc7bd55bb1"`);
    await q.query(`DROP INDEX "public"."IDX_abaa9e068cdd390bc5210f7988"`);
    await q.query(`DROP TABLE "sessions"`);
    await q.query(`DROP INDEX "public"."IDX_f7a4c3bc48f24df007936d217b"`);
    await q.query(`DROP INDEX "public"."IDX_323290a9239ad3d397ad78018e"`);
    await q.query(`DROP TABLE "password_resets"`);
    await q.query(`DROP INDEX "public"."IDX_1bc5204ff62050c3d9d946cc57"`);
    await q.query(`DROP INDEX "public"."IDX_88e77c008cfcfa6a87027a99bd"`);
    await q.query(`DROP TABLE "identities"`);
    await q.query(`DROP TABLE "users"`);
    await q.query(`DROP TABLE "rate_limits"`);
  }
}
