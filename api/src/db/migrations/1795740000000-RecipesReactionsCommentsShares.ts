/**
 * Recipes members share (issue 11): five texts and up to five stored photos, newest first and by author; one
 * reaction per member and recipe (the unique key the toggle relies on), comments oldest first, and one counted
 * share per member and recipe.
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class RecipesReactionsCommentsShares1795740000000 implements MigrationInterface {
  name = 'RecipesReactionsCommentsShares1795740000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "recipes" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "author_id" uuid NOT NULL, ` +
        `"recipe_name" character varying(200) NOT NULL, "prep_time" character varying(100) NOT NULL, "servings" ` +
        `character varying(100) NOT NULL, "ingredients" text NOT NULL, "instructions" text NOT NULL, "images" ` +
        `jsonb NOT NULL DEFAULT '[]', "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `CONSTRAINT "PK_8f09680a51bf3669c1598a21682" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_recipes_author" ON "recipes"  ("author_id", "created_at", "id") `);
    await q.query(`CREATE INDEX "IDX_0d894d60e0e6665fa185cafadf" ON "recipes"  ("created_at", "id") `);
    await q.query(
      `CREATE TABLE "recipe_comments" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "recipe_id" uuid NOT NULL, ` +
        `"author_id" uuid NOT NULL, "text" text NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT ` +
        `now(), CONSTRAINT "PK_683420d21fb633b51aa7174f264" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_cb16692946eedd566fcb703cfa" ON "recipe_comments"  ("author_id") `);
    await q.query(
      `CREATE INDEX "IDX_da1a3582a62c9f44e99dd0dca6" ON "recipe_comments"  ("recipe_id", "created_at", "id") `,
    );
    await q.query(
      `CREATE TABLE "recipe_reactions" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "recipe_id" uuid NOT NULL, ` +
        `"user_id" uuid NOT NULL, "reaction_type" character varying(10) NOT NULL, "created_at" TIMESTAMP(3) WITH ` +
        `TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b0272c0fdfbbbc57aefa633557d" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_589c5cdd6865df12875995b27d" ON "recipe_reactions"  ("user_id") `);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_recipe_reactions_recipe_user" ON "recipe_reactions"  ("recipe_id", "user_id") `,
    );
    await q.query(
      `CREATE TABLE "recipe_shares" ("recipe_id" uuid NOT NULL, "user_id" uuid NOT NULL, "target" character ` +
        `varying(12) NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT ` +
        `"PK_cd51895cb1a90e9901027b3419f" PRIMARY KEY ("recipe_id", "user_id"))`,
    );
    await q.query(`CREATE INDEX "IDX_62b4fbab5cac6c62e0b5d7b00d" ON "recipe_shares"  ("user_id") `);
    await q.query(
      `ALTER TABLE "recipes" ADD CONSTRAINT "FK_266ecb7f0041e1327919f36f964" FOREIGN KEY ("author_id") REFERENCES ` +
        `"users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "recipe_comments" ADD CONSTRAINT "FK_24aa333ec9829d6ae006fa4cbf3" FOREIGN KEY ("recipe_id") ` +
        `REFERENCES "recipes"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "recipe_comments" ADD CONSTRAINT "FK_cb16692946eedd566fcb703cfaf" FOREIGN KEY ("author_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "recipe_reactions" ADD CONSTRAINT "FK_e5ad9aceefa61fc1cb4030437dc" FOREIGN KEY ("recipe_id") ` +
        `REFERENCES "recipes"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "recipe_reactions" ADD CONSTRAINT "FK_589c5cdd6865df12875995b27dd" FOREIGN KEY ("user_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "recipe_shares" ADD CONSTRAINT "FK_da9c9b94d5d6df69856d090dc6f" FOREIGN KEY ("recipe_id") ` +
        `REFERENCES "recipes"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "recipe_shares" ADD CONSTRAINT "FK_62b4fbab5cac6c62e0b5d7b00d4" FOREIGN KEY ("user_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "recipe_shares" DROP CONSTRAINT "FK_62b4fbab5cac6c62e0b5d7b00d4"`);
    await q.query(`ALTER TABLE "recipe_shares" DROP CONSTRAINT "FK_da9c9b94d5d6df69856d090dc6f"`);
    await q.query(`ALTER TABLE "recipe_reactions" DROP CONSTRAINT "FK_589c5cdd6865df12875995b27dd"`);
    await q.query(`ALTER TABLE "recipe_reactions" DROP CONSTRAINT "FK_e5ad9aceefa61fc1cb4030437dc"`);
    await q.query(`ALTER TABLE "recipe_comments" DROP CONSTRAINT "FK_cb16692946eedd566fcb703cfaf"`);
    await q.query(`ALTER TABLE "recipe_comments" DROP CONSTRAINT "FK_24aa333ec9829d6ae006fa4cbf3"`);
    await q.query(`ALTER TABLE "recipes" DROP CONSTRAINT "FK_266ecb7f0041e1327919f36f964"`);
    await q.query(`DROP INDEX "public"."IDX_62b4fbab5cac6c62e0b5d7b00d"`);
    await q.query(`DROP TABLE "recipe_shares"`);
    await q.query(`DROP INDEX "public"."UQ_recipe_reactions_recipe_user"`);
    await q.query(`DROP INDEX "public"."IDX_589c5cdd6865df12875995b27d"`);
    await q.query(`DROP TABLE "recipe_reactions"`);
    await q.query(`DROP INDEX "public"."IDX_da1a3582a62c9f44e99dd0dca6"`);
    await q.query(`DROP INDEX "public"."IDX_cb16692946eedd566fcb703cfa"`);
    await q.query(`DROP TABLE "recipe_comments"`);
    await q.query(`DROP INDEX "public"."IDX_0d894d60e0e6665fa185cafadf"`);
    await q.query(`DROP INDEX "public"."IDX_recipes_author"`);
    await q.query(`DROP TABLE "recipes"`);
  }
}
