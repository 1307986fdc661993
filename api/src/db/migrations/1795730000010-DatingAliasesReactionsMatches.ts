/**
 * Dating (issue 10): one alias per member, kept apart from the member; likes, winks and passes once per ordered pair;
 * matches once per pair (the smaller alias id first), listed newest first for either side; Discover's radius filter
 * through a GiST index on the alias's earth point.
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DatingAliasesReactionsMatches1795730000010 implements MigrationInterface {
  name = 'DatingAliasesReactionsMatches1795730000010';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "dating_aliases" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "member_id" uuid NOT NULL, ` +
        `"alias_name" character varying(60) NOT NULL, "age" smallint NOT NULL, "bio" text NOT NULL, "interests" text ` +
        `array NOT NULL DEFAULT '{}', "photos" jsonb NOT NULL DEFAULT '[]', "media" jsonb NOT NULL DEFAULT '[]', ` +
        `"looking_for" character varying(20) NOT NULL, "gender" character varying(10) NOT NULL, "interested_in" ` +
        `character varying(10) NOT NULL, "min_age" smallint NOT NULL DEFAULT '18', "max_age" smallint NOT NULL ` +
        `DEFAULT '99', "radius_km" smallint NOT NULL DEFAULT '50', "latitude" double precision NOT NULL, ` +
        `"longitude" double precision NOT NULL, "likes_newcomers" boolean NOT NULL DEFAULT false, ` +
        `"created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH ` +
        `TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c5d10771419289a0827ab5e94f7" PRIMARY KEY ` +
        `("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_dating_aliases_member" ON "dating_aliases"  ("member_id") `);
    await q.query(
      `CREATE INDEX "IDX_dating_aliases_point" ON "dating_aliases" USING gist (ll_to_earth("latitude", "longitude"))`,
    );
    await q.query(
      `CREATE TABLE "dating_matches" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "first_alias_id" uuid NOT NULL, ` +
        `"second_alias_id" uuid NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `CONSTRAINT "PK_624f145b1bff6c30fa91c8aa64e" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_dating_matches_first" ON "dating_matches"  ("first_alias_id", "created_at", "id") `,
    );
    await q.query(
      `CREATE INDEX "IDX_dating_matches_second" ON "dating_matches"  ("second_alias_id", "created_at", "id") `,
    );
    await q.query(
      `CREATE UNIQUE INDEX "UQ_dating_matches_pair" ON "dating_matches"  ("first_alias_id", "second_alias_id") `,
    );
    await q.query(
      `CREATE TABLE "dating_reactions" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "from_alias_id" uuid NOT ` +
        `NULL, "to_alias_id" uuid NOT NULL, "kind" character varying(10) NOT NULL, "created_at" TIMESTAMP(3) WITH ` +
        `TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_77c096f05a180bf7f7b83ce674e" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_dating_reactions_to" ON "dating_reactions"  ("to_alias_id") `);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_dating_reactions_pair" ON "dating_reactions"  ("from_alias_id", "to_alias_id") `,
    );
    await q.query(
      `ALTER TABLE "dating_aliases" ADD CONSTRAINT "FK_f4743529c2ca34f1cf55b3afd9c" FOREIGN KEY ("member_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "dating_matches" ADD CONSTRAINT "FK_574508f501d5ebead3b0994eed0" FOREIGN KEY ("first_alias_id") ` +
        `REFERENCES "dating_aliases"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "dating_matches" ADD CONSTRAINT "FK_f77dcb1a31c79212f597bec8919" FOREIGN KEY ("second_alias_id") ` +
        `REFERENCES "dating_aliases"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "dating_reactions" ADD CONSTRAINT "FK_f8295ac027fd4b62da8d4b1f378" FOREIGN KEY ("from_alias_id") ` +
        `REFERENCES "dating_aliases"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "dating_reactions" ADD CONSTRAINT "FK_784ee59e6db17c717ad295a551b" FOREIGN KEY ("to_alias_id") ` +
        `REFERENCES "dating_aliases"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "dating_reactions" DROP CONSTRAINT "FK_784ee59e6db17c717ad295a551b"`);
    await q.query(`ALTER TABLE "dating_reactions" DROP CONSTRAINT "FK_f8295ac027fd4b62da8d4b1f378"`);
    await q.query(`ALTER TABLE "dating_matches" DROP CONSTRAINT "FK_f77dcb1a31c79212f597bec8919"`);
    await q.query(`ALTER TABLE "dating_matches" DROP CONSTRAINT "FK_574508f501d5ebead3b0994eed0"`);
    await q.query(`ALTER TABLE "dating_aliases" DROP CONSTRAINT "FK_f4743529c2ca34f1cf55b3afd9c"`);
    await q.query(`DROP INDEX "public"."UQ_dating_reactions_pair"`);
    await q.query(`DROP INDEX "public"."IDX_dating_reactions_to"`);
    await q.query(`DROP TABLE "dating_reactions"`);
    await q.query(`DROP INDEX "public"."UQ_dating_matches_pair"`);
    await q.query(`DROP INDEX "public"."IDX_dating_matches_second"`);
    await q.query(`DROP INDEX "public"."IDX_dating_matches_first"`);
    await q.query(`DROP TABLE "dating_matches"`);
    await q.query(`DROP INDEX "public"."IDX_dating_aliases_point"`);
    await q.query(`DROP INDEX "public"."UQ_dating_aliases_member"`);
    await q.query(`DROP TABLE "dating_aliases"`);
  }
}
