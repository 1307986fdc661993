// Test data of the jobs feature (imported by *.test.tsx only).
import type { MockLink } from '@apollo/client/testing';
import { JobBoardDocument, type JobCard_JobFragment, type TrackedApplicationFragment } from './jobs.generated';

export function makeJob(
  overrides: Partial<JobCard_JobFragment> = {},
): JobCard_JobFragment & { __typename: 'JobVacancy' } {
  return {
    __typename: 'JobVacancy',
    id: 'job-1',
    title: 'Braai Chef',
    company: 'Mzansi Braai House',
    companyLogo: null,
    businessId: 'biz-1',
    location: 'London',
    jobType: 'Part-time',
    experienceLevel: null,
    department: null,
    currency: 'ZAR',
    salary: '25 000 per month',
    description: 'Run our weekend braais for the whole community.',
    requirements: '• Fire\n• Tongs',
    responsibilities: null,
    benefits: null,
    applicationDeadline: null,
    isActive: true,
    postedAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    applicantCount: 3,
    viewerHasApplied: false,
    viewerCanManage: false,
    ...overrides,
  };
}

export function makeApplication(
  overrides: Partial<TrackedApplicationFragment> = {},
): TrackedApplicationFragment & { __typename: 'JobApplication' } {
  return {
    __typename: 'JobApplication',
    id: 'app-1',
    vacancyId: 'job-1',
    applicantName: 'Lerato Mokoena',
    applicantEmail: 'lerato@example.com',
    applicantPhone: null,
    appliedAt: new Date().toISOString(),
    stage: 'view_profile',
    notes: null,
    isRejected: false,
    rejectionReason: null,
    resumeUrl: null,
    linkedinUrl: null,
    portfolioUrl: null,
    coverLetter: null,
    cvFileName: null,
    cvUrl: null,
    ...overrides,
  };
}

export function boardMock(
  jobs: ReturnType<typeof makeJob>[],
  variables: { search?: string | null; location?: string | null; type?: string | null } = {},
  { hasNextPage = false, delay = 0 } = {},
): MockLink.MockedResponse {
  return {
    request: {
      query: JobBoardDocument,
      variables: { first: 20, search: null, location: null, type: null, ...variables },
    },
    result: {
      data: {
        jobListings: {
          __typename: 'JobVacancyConnection',
          nodes: jobs,
          pageInfo: { __typename: 'PageInfo', endCursor: hasNextPage ? 'c1' : null, hasNextPage },
        },
      },
    },
    delay,
  };
}
