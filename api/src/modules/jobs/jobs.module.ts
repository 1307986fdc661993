import { defineModule } from '../../kernel/module';
import { memberName, SearchKind } from '../search/search.kinds';
import { JobApplicationResolver } from './job-application.resolver';
import { JobVacancyResolver } from './job-vacancy.resolver';
import { JobApplication } from './job-application.entity';
import { applicationsForArchive } from './job-application.export';
import { JobBoardVisit } from './job-board-visit.entity';
import { JobVacancy } from './job-vacancy.entity';
import { jobsDemo } from './job.demo';
import { jobVacancyFacts } from './job.facts';
import { jobLoaders } from './job.loaders';
import { jobRest } from './job.rest';

/** The job board: vacancies, applications and the employer's pipeline. */
export const jobsModule = defineModule({
  name: 'jobs',
  resolvers: [JobVacancyResolver, JobApplicationResolver],
  entities: [JobVacancy, JobBoardVisit, JobApplication],
  loaders: { jobs: jobLoaders },
  facts: { jobVacancyFacts },
  rest: jobRest,
  // Vacancies of the demo's business pages, after the posts' part (the order the demo has always loaded in).
  demo: [{ ...jobsDemo, after: ['business-pages', 'posts'] }],
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    job_board_visits: { member: ['member_id'] },
    job_vacancies: { member: ['poster_id'] },
    // The employer's notes and pipeline stage (and when they last touched the row) are theirs: the applicant reads
    // `status` and `feedback` through the API, both from is_rejected, rejection_reason and the stage's outcome.
    job_applications: {
      member: ['applicant_id'],
      private: ['cv_key'],
      hidden: ['notes', 'stage', 'updated_at'],
      shape: applicationsForArchive,
    },
  },
  searchKinds: [
    {
      kind: SearchKind.jobs,
      entity: JobVacancy,
      visible: 't.is_active AND (t.application_deadline IS NULL OR t.application_deadline >= CURRENT_DATE)',
      // The company is the business page's name, or the poster's name for a job posted under their own name.
      fields: [
        { sql: 't.title' },
        { sql: 't.location' },
        { sql: 'b.name::text', join: 'JOIN businesses b ON b.id = t.business_id' },
        { sql: memberName('u'), join: 'JOIN users u ON u.id = t.poster_id AND t.business_id IS NULL' },
      ],
    },
  ],
});
