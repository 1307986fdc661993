import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One moderation queue for everything members report: `reports` (kind, subject_id, reporter_id, reason, status,
 * resolution) replaces `post_reports`, whose rows move over as reports of kind `post` (and back on revert).
 */
export class ReportsForEveryKind1795780000000 implements MigrationInterface {
  name = 'ReportsForEveryKind1795780000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "reports" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "kind" character varying(20) NOT NULL, ` +
        `"subject_id" uuid NOT NULL, "reporter_id" uuid NOT NULL, "reason" character varying(20) NOT NULL, "status" ` +
        `character varying(10) NOT NULL DEFAULT 'open', "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT ` +
        `now(), "resolved_at" TIMESTAMP(3) WITH TIME ZONE, "resolved_by" uuid, CONSTRAINT ` +
        `"PK_d9013193989303580053c0b5ef6" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_9459b9bf907a3807ef7143d2ea" ON "reports"  ("reporter_id") `);
    await q.query(`CREATE INDEX "IDX_f7790853594bca5892d390e1da" ON "reports"  ("resolved_by") `);
    await q.query(
      `CREATE INDEX "IDX_cb1a51a079ac5f0342bf5d8678" ON "reports"  ("kind", "subject_id", "status", "created_at") `,
    );
    await q.query(
      `CREATE INDEX "IDX_872e18159c36734e836b65bba5" ON "reports"  ("status", "kind", "created_at", "id") `,
    );
    await q.query(`CREATE INDEX "IDX_0b77535c9c382d16329a44f2d2" ON "reports"  ("status", "created_at", "id") `);
    await q.query(
      `CREATE UNIQUE INDEX "IDX_74ee4775c2880b19b00c02d2cc" ON "reports"  ("kind", "subject_id", "reporter_id") `,
    );
    await q.query(
      `ALTER TABLE "reports" ADD CONSTRAINT "FK_9459b9bf907a3807ef7143d2ead" FOREIGN KEY ("reporter_id") REFERENCES ` +
        `"users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "reports" ADD CONSTRAINT "FK_f7790853594bca5892d390e1daf" FOREIGN KEY ("resolved_by") REFERENCES ` +
        `"users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await q.query(
      `INSERT INTO "reports" ("id", "kind", "subject_id", "reporter_id", "reason", "status", "created_at")
       SELECT "id", 'post', "post_id", "reporter_id", "reason", "status", "created_at" FROM "post_reports"`,
    );
    await q.query(`DROP TABLE "post_reports"`);
  }

  async down(q: QueryRunner): Promise<void> {
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
      `ALTER TABLE "post_reports" ADD CONSTRAINT "FK_611b70ef1c1e75943221918b846" FOREIGN KEY ("post_id") REFERENCES ` +
        `"posts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "post_reports" ADD CONSTRAINT "FK_2f5dd8c4bd4db94e6da3c5833e2" FOREIGN KEY ("reporter_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `INSERT INTO "post_reports" ("id", "post_id", "reporter_id", "reason", "status", "created_at")
       SELECT r."id", r."subject_id", r."reporter_id", r."reason", r."status", r."created_at"
         FROM "reports" r JOIN "posts" p ON p."id" = r."subject_id" WHERE r."kind" = 'post'`,
    );
    await q.query(`DROP TABLE "reports"`);
  }
}
