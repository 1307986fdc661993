import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Job vacancies (of a business page, or posted by a member under their own name) and applications with their
 * hiring pipeline (issue 9). The job board filters on active vacancies: partial indexes newest first, by type, and
 * trigram indexes for substring search on title and location. One application per member and vacancy.
 */
export class JobVacanciesAndApplications1795710000001 implements MigrationInterface {
  name = 'JobVacanciesAndApplications1795710000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "job_vacancies" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "business_id" uuid, "poster_id" ` +
        `uuid NOT NULL, "title" character varying(200) NOT NULL, "department" character varying(120), "location" ` +
        `character varying(200) NOT NULL, "job_type" character varying(20) NOT NULL, "experience_level" character ` +
        `varying(20), "currency" character varying(3) NOT NULL DEFAULT 'ZAR', "salary_range" character ` +
        `varying(120), "description" text NOT NULL, "requirements" text, "responsibilities" text, "benefits" ` +
        `text, "application_deadline" date, "is_active" boolean NOT NULL DEFAULT true, "created_at" ` +
        `TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_fc522f942bcf87c1b49a951dcc9" ` +
        `PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_job_vacancies_board_type" ON "job_vacancies"  ("job_type", "created_at", "id") WHERE ` +
        `is_active`,
    );
    await q.query(`CREATE INDEX "IDX_job_vacancies_board" ON "job_vacancies"  ("created_at", "id") WHERE is_active`);
    await q.query(`CREATE INDEX "IDX_job_vacancies_poster" ON "job_vacancies"  ("poster_id", "created_at", "id") `);
    await q.query(`CREATE INDEX "IDX_job_vacancies_business" ON "job_vacancies"  ("business_id", "created_at", "id") `);
    await q.query(`CREATE INDEX "IDX_job_vacancies_title_trgm" ON "job_vacancies" USING gin ("title" gin_trgm_ops)`);
    await q.query(
      `CREATE INDEX "IDX_job_vacancies_location_trgm" ON "job_vacancies" USING gin ("location" gin_trgm_ops)`,
    );
    await q.query(
      `CREATE TABLE "job_applications" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "vacancy_id" uuid NOT NULL, ` +
        `"applicant_id" uuid NOT NULL, "applicant_name" character varying(200) NOT NULL, "applicant_email" character ` +
        `varying(254) NOT NULL, "applicant_phone" character varying(40), "resume_url" character varying(500), ` +
        `"linkedin_url" character varying(500), "portfolio_url" character varying(500), "cover_letter" text, ` +
        `"cv_file_name" character varying(255), "cv_key" character varying(200), "cv_type" character ` +
        `varying(10), "stage" character varying(20) NOT NULL DEFAULT 'view_profile', "notes" text, ` +
        `"is_rejected" boolean NOT NULL DEFAULT false, "rejection_reason" text, "created_at" TIMESTAMP(3) ` +
        `WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL ` +
        `DEFAULT now(), CONSTRAINT "PK_c56a5e86707d0f0df18fa111280" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_job_applications_applicant" ON "job_applications"  ("applicant_id", "created_at", "id") `,
    );
    await q.query(
      `CREATE INDEX "IDX_job_applications_vacancy" ON "job_applications"  ("vacancy_id", "created_at", "id") `,
    );
    await q.query(
      `CREATE UNIQUE INDEX "UQ_job_applications_vacancy_applicant" ON "job_applications"  ("vacancy_id", ` +
        `"applicant_id") `,
    );
    await q.query(
      `ALTER TABLE "job_vacancies" ADD CONSTRAINT "FK_10ef746ae11a1523f0b8934eed5" FOREIGN KEY ("business_id") ` +
        `REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "job_vacancies" ADD CONSTRAINT "FK_6047bde85b2f79936c2f2b0ea05" FOREIGN KEY ("poster_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "job_applications" ADD CONSTRAINT "FK_3366b15d34d6b7e014743373d0b" FOREIGN KEY ("vacancy_id") ` +
        `REFERENCES "job_vacancies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "job_applications" ADD CONSTRAINT "FK_7f3ce1d43bc6112e38e3e49ef23" FOREIGN KEY ("applicant_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "job_applications"`);
    await q.query(`DROP TABLE "job_vacancies"`);
  }
}
