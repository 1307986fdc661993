import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bragging Rights: championships, events with logos, predictions once per member and event, stored standings per
 * leaderboard, badges.
 */

export class BraggingRights1795770300000 implements MigrationInterface {
  name = 'BraggingRights1795770300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "bragging_badges" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "member_id" uuid NOT NULL, ` +
        `"badge_type" character varying(30) NOT NULL, "category" character varying(20) NOT NULL DEFAULT '', ` +
        `"created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT ` +
        `"PK_54820b2d77825ac0d2c8157d566" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "IDX_bragging_badges_once" ON "bragging_badges"  ("member_id", "badge_type", "category") `,
    );
    await q.query(
      `CREATE TABLE "bragging_championships" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "name" character ` +
        `varying(120) NOT NULL, "description" character varying(1000) NOT NULL, "category" character varying(20) NOT ` +
        `NULL, "start_date" date NOT NULL, "end_date" date NOT NULL, "created_by_id" uuid, "created_at" ` +
        `TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3cba193f653541f9048f7e3952f" PRIMARY ` +
        `KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_bragging_championships_created" ON "bragging_championships"  ("created_at", "id") `,
    );
    await q.query(
      `CREATE INDEX "IDX_bragging_championships_category" ON "bragging_championships"  ("category", "created_at", ` +
        `"id") `,
    );
    await q.query(
      `CREATE TABLE "bragging_events" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "title" character varying(200) ` +
        `NOT NULL, "category" character varying(20) NOT NULL, "championship_id" uuid, "team1_name" character ` +
        `varying(100) NOT NULL, "team1_logo" text, "team2_name" character varying(100) NOT NULL, "team2_logo" ` +
        `text, "files" jsonb NOT NULL DEFAULT '[]', "event_date" TIMESTAMP(3) WITH TIME ZONE NOT NULL, ` +
        `"closing_date" TIMESTAMP(3) WITH TIME ZONE NOT NULL, "is_closed" boolean NOT NULL DEFAULT false, ` +
        `"is_scored" boolean NOT NULL DEFAULT false, "winner_team" character varying(5), "team1_score" ` +
        `integer, "team2_score" integer, "actual_margin" integer, "scored_at" TIMESTAMP WITH TIME ZONE, ` +
        `"created_by_id" uuid, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `CONSTRAINT "PK_a977193838cbbc293666015ca91" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_bragging_events_championship" ON "bragging_events"  ("championship_id", "event_date", "id") `,
    );
    await q.query(
      `CREATE INDEX "IDX_bragging_events_category" ON "bragging_events"  ("category", "event_date", "id") `,
    );
    await q.query(`CREATE INDEX "IDX_bragging_events_date" ON "bragging_events"  ("event_date", "id") `);
    await q.query(
      `CREATE TABLE "bragging_predictions" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "event_id" uuid NOT NULL, ` +
        `"member_id" uuid NOT NULL, "predicted_winner" character varying(5) NOT NULL, "predicted_margin" integer, ` +
        `"points" integer, "is_correct" boolean, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `CONSTRAINT "PK_8177a7fa874a10f303350732073" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_bragging_predictions_member" ON "bragging_predictions"  ("member_id", "created_at", "id") `,
    );
    await q.query(
      `CREATE UNIQUE INDEX "IDX_bragging_predictions_once" ON "bragging_predictions"  ("event_id", "member_id") `,
    );
    await q.query(
      `CREATE TABLE "bragging_standings" ("scope" character varying(60) NOT NULL, "member_id" uuid NOT NULL, ` +
        `"points" integer NOT NULL DEFAULT '0', "correct_predictions" integer NOT NULL DEFAULT '0', ` +
        `"total_predictions" integer NOT NULL DEFAULT '0', "streak" integer NOT NULL DEFAULT '0', "updated_at" ` +
        `TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_043ea6ac9e4b755c25fedd11e02" PRIMARY ` +
        `KEY ("scope", "member_id"))`,
    );
    await q.query(`CREATE INDEX "IDX_bragging_standings_member" ON "bragging_standings"  ("member_id") `);
    await q.query(
      `CREATE INDEX "IDX_bragging_standings_board" ON "bragging_standings"  ("scope", "points", ` +
        `"correct_predictions", "member_id") `,
    );
    await q.query(
      `ALTER TABLE "bragging_badges" ADD CONSTRAINT "FK_8c66439b8fe359f57cb97976433" FOREIGN KEY ("member_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "bragging_championships" ADD CONSTRAINT "FK_123588bd8eb75cbb5487c3aa550" FOREIGN KEY ` +
        `("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "bragging_events" ADD CONSTRAINT "FK_3e731b80ff71d6f620f24ad9399" FOREIGN KEY ("championship_id") ` +
        `REFERENCES "bragging_championships"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "bragging_events" ADD CONSTRAINT "FK_1be610e295ae97a7c1a2c122595" FOREIGN KEY ("created_by_id") ` +
        `REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "bragging_predictions" ADD CONSTRAINT "FK_78aa9601ece17b26ecc057bdfd2" FOREIGN KEY ("event_id") ` +
        `REFERENCES "bragging_events"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "bragging_predictions" ADD CONSTRAINT "FK_a73f9de5c366e3d1f9c1357289a" FOREIGN KEY ("member_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "bragging_standings" ADD CONSTRAINT "FK_35120b757c7107648f1d6fa2a20" FOREIGN KEY ("member_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "bragging_standings" DROP CONSTRAINT "FK_35120b757c7107648f1d6fa2a20"`);
    await q.query(`ALTER TABLE "bragging_predictions" DROP CONSTRAINT "FK_a73f9de5c366e3d1f9c1357289a"`);
    await q.query(`ALTER TABLE "bragging_predictions" DROP CONSTRAINT "FK_78aa9601ece17b26ecc057bdfd2"`);
    await q.query(`ALTER TABLE "bragging_events" DROP CONSTRAINT "FK_1be610e295ae97a7c1a2c122595"`);
    await q.query(`ALTER TABLE "bragging_events" DROP CONSTRAINT "FK_3e731b80ff71d6f620f24ad9399"`);
    await q.query(`ALTER TABLE "bragging_championships" DROP CONSTRAINT "FK_123588bd8eb75cbb5487c3aa550"`);
    await q.query(`ALTER TABLE "bragging_badges" DROP CONSTRAINT "FK_8c66439b8fe359f57cb97976433"`);
    await q.query(`DROP INDEX "public"."IDX_bragging_standings_board"`);
    await q.query(`DROP INDEX "public"."IDX_bragging_standings_member"`);
    await q.query(`DROP TABLE "bragging_standings"`);
    await q.query(`DROP INDEX "public"."IDX_bragging_predictions_once"`);
    await q.query(`DROP INDEX "public"."IDX_bragging_predictions_member"`);
    await q.query(`DROP TABLE "bragging_predictions"`);
    await q.query(`DROP INDEX "public"."IDX_bragging_events_date"`);
    await q.query(`DROP INDEX "public"."IDX_bragging_events_category"`);
    await q.query(`DROP INDEX "public"."IDX_bragging_events_championship"`);
    await q.query(`DROP TABLE "bragging_events"`);
    await q.query(`DROP INDEX "public"."IDX_bragging_championships_category"`);
    await q.query(`DROP INDEX "public"."IDX_bragging_championships_created"`);
    await q.query(`DROP TABLE "bragging_championships"`);
    await q.query(`DROP INDEX "public"."IDX_bragging_badges_once"`);
    await q.query(`DROP TABLE "bragging_badges"`);
  }
}
