import type { ApplicationStage } from './job-application.entity';
import { statusOf } from './job-application.service';

/**
 * The member's job applications as their data archive carries them: what the applicant reads through the API,
 * `status` (pending, shortlisted, interviewing, accepted or rejected) and `feedback` (the rejection reason), while
 * the employer's pipeline stage and notes stay out (account.rules.ts `hidden`).
 */
export async function applicationsForArchive(
  rows: Array<Record<string, unknown>>,
): Promise<Array<Record<string, unknown>>> {
  return rows.map((r) => ({
    ...r,
    status: statusOf({ stage: r.stage as ApplicationStage, isRejected: r.is_rejected === true }),
    feedback: r.rejection_reason ?? null,
  }));
}
