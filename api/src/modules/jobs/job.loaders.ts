import { createLoader } from '../../kernel/loaders';
import { byIds } from '../../kernel/rows';
import { JobVacancy } from './job-vacancy.entity';

export function jobLoaders() {
  return {
    byId: createLoader<string, JobVacancy>(
      (ids) => byIds(JobVacancy, ids),
      (v) => v.id,
    ),
  };
}

declare module '../../kernel/context' {
  interface Loaders {
    jobs: ReturnType<typeof jobLoaders>;
  }
}
