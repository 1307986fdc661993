/**
 * The job board's bench rows, in SQL with generate_series, next to (never instead of) seed.ts's data: business
 * pages owned by seeded members, vacancies (every other one of a business page, the rest posted by members under
 * their own name, some inactive or past their deadline) and applications. Seeding twice changes nothing.
 */
import type pg from 'pg';

export interface JobSeedSize {
  businesses: number;
  vacancies: number;
  /** Applications per open vacancy: 0 to 3, from distinct members. */
  members: number;
}
export const JOBS_FULL: JobSeedSize = { businesses: 2_000, vacancies: 100_000, members: 10_000 };
export const JOBS_SMALL: JobSeedSize = { businesses: 400, vacancies: 20_000, members: 2_000 };

/** Vacancy n is md5('vacancy-' || n)::uuid; vacancy n is newer than n - 1 (one a minute up to now). */
export async function seedJobs(db: pg.Client, size: JobSeedSize): Promise<Record<string, number>> {
  const { rows } = await db.query(`SELECT count(*)::int AS n FROM job_vacancies`);
  if (rows[0].n > 0) return { vacancies: rows[0].n };
  const { businesses: B, vacancies: V, members: M } = size;
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO businesses (id, name, category, description, owner_id, created_at)
     SELECT md5('business-' || n)::uuid, 'Bench Business ' || n, ` +
      `(ARRAY['Restaurant','Legal','Relocation','Café','Retail'])[1 + n % 5],
            'A business of the bench', md5('member-' || (1 + n % $2))::uuid, now() - make_interval(days => n)
       FROM generate_series(1, $1) n
     ON CONFLICT DO NOTHING`,
    [B, M],
  );
  await db.query(
    `INSERT INTO job_vacancies (id, business_id, poster_id, title, location, job_type, experience_level, currency, ` +
      `salary_range,
                                description, is_active, application_deadline, created_at)
     SELECT md5('vacancy-' || n)::uuid,
            CASE WHEN n % 2 = 0 THEN md5('business-' || (1 + n % $2))::uuid END,
            md5('member-' || (1 + n % $3))::uuid,
            (ARRAY['Braai Chef','Barista','Software Developer','Paralegal','Relocation Coordinator','Maths ` +
      `Tutor','Driver','Nurse'])[1 + n % 8] || ' ' || n,
            (ARRAY['Cape Town','Johannesburg','Durban','London','Perth','Toronto','Dubai','Auckland','Pretoria'])[1 ` +
      `+ n % 9],
            (ARRAY['Full-time','Part-time','Contract','Internship','Remote'])[1 + n % 5],
            (ARRAY['Entry Level','Mid Level','Senior Level','Executive'])[1 + n % 4],
            'ZAR', (10 + n % 40) || ' 000 per month',
            'A job of the bench, number ' || n || ', with a description long enough to read like a real one on the ` +
      `board.',
            n % 17 <> 0,
            CASE WHEN n % 23 = 0 THEN current_date - 1 WHEN n % 3 = 0 THEN current_date + 30 END,
            date_trunc('milliseconds', now()) - make_interval(mins => $1 - n)
       FROM generate_series(1, $1) n`,
    [V, B, M],
  );
  await db.query(
    `INSERT INTO job_applications (vacancy_id, applicant_id, applicant_name, applicant_email, stage, created_at)
     SELECT md5('vacancy-' || n)::uuid, md5('member-' || (1 + (n * 7 + k * 131) % $2))::uuid, 'Bench Applicant', ` +
      `'applicant@bench.example',
            (ARRAY['view_profile','shortlisted','interviewing','offer','visa_application'])[1 + (n + k) % 5],
            date_trunc('milliseconds', now()) - make_interval(mins => $1 - n) + interval '1 minute'
       FROM generate_series(1, $1) n, generate_series(0, 2) k
      WHERE k < n % 4
     ON CONFLICT DO NOTHING`,
    [V, M],
  );
  await db.query('COMMIT');
  await db.query('VACUUM ANALYZE businesses, job_vacancies, job_applications');
  const counts = await db.query(
    `SELECT (SELECT count(*) FROM businesses)::int AS businesses, (SELECT count(*) FROM job_vacancies)::int AS ` +
      `vacancies, (SELECT count(*) FROM job_applications)::int AS applications`,
  );
  return counts.rows[0];
}
