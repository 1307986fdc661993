import { ApplicationStage, JobApplication } from '../../modules/jobs/job-application.entity';
import { JobVacancy } from '../../modules/jobs/job-vacancy.entity';
import { JobBoardVisit } from '../../modules/jobs/job-board-visit.entity';
import { insert, insertByKey, next, memberRef } from './core';

/** A job vacancy, posted by a new member under their own name unless `posterId` / `businessId` say otherwise. */
export async function buildJobVacancy(overrides: Partial<JobVacancy> = {}): Promise<JobVacancy> {
  const n = next();
  return insert(JobVacancy, {
    title: `Job ${n}`,
    location: 'Cape Town',
    jobType: 'Full-time',
    description: `A good job, number ${n}.`,
    currency: 'ZAR',
    isActive: true,
    businessId: null,
    ...overrides,
    posterId: await memberRef(overrides.posterId),
  });
}

/** An application for a vacancy (a new one unless given) by a member (a new one unless given), at View Profile. */
export async function buildJobApplication(overrides: Partial<JobApplication> = {}): Promise<JobApplication> {
  const applicantId = await memberRef(overrides.applicantId);
  return insert(JobApplication, {
    applicantName: 'Test Applicant',
    applicantEmail: `applicant${next()}@example.com`,
    stage: ApplicationStage.view_profile,
    ...overrides,
    applicantId,
    vacancyId: overrides.vacancyId ?? (await buildJobVacancy()).id,
  });
}

/** When a member (a new one unless given) last looked at the job board: now unless `seenAt` says otherwise. */
export async function buildJobBoardVisit(overrides: Partial<JobBoardVisit> = {}): Promise<JobBoardVisit> {
  return insertByKey(
    JobBoardVisit,
    { memberId: await memberRef(overrides.memberId) },
    { seenAt: new Date(), ...overrides },
  );
}
