import { defineModule } from '../../kernel/module';
import { JobApplicationResolver } from './job-application.resolver';
import { JobVacancyResolver } from './job-vacancy.resolver';
import { JobApplication } from './job-application.entity';
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
});
