import type { MigrationInterface, QueryRunner } from 'typeorm';

/** When each member last opened the job board (the Jobs badge counts vacancies posted since). */
export class JobBoardVisits1795770400000 implements MigrationInterface {
  name = 'JobBoardVisits1795770400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "job_board_visits" ("member_id" uuid NOT NULL, "seen_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, ` +
        `CONSTRAINT "PK_job_board_visits" PRIMARY KEY ("member_id"))`,
    );
    await q.query(
      `ALTER TABLE "job_board_visits" ADD CONSTRAINT "FK_job_board_visits_member" FOREIGN KEY ("member_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "job_board_visits"`);
  }
}
