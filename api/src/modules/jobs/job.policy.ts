import type { Viewer } from '../../kernel/context';

/**
 * Who may do what with vacancies and applications. `managerId` is the business page's owner for a business's
 * vacancy, else the member who posted it (job.facts.ts and `managerOf` compute it the same way).
 */
export const jobPolicy = {
  canPostForBusiness: (viewer: Viewer, ownerId: string | null) => ownerId === viewer.id,
  canManage: (viewer: Viewer | null, managerId: string) => !!viewer && viewer.id === managerId,
  /** The CV: the applicant and the vacancy's manager, nobody else. */
  canReadCv: (viewer: Viewer | null, application: { applicantId: string }, managerId: string) =>
    !!viewer && (viewer.id === application.applicantId || viewer.id === managerId),
  canApply: (viewer: Viewer, managerId: string) => viewer.id !== managerId,
};
