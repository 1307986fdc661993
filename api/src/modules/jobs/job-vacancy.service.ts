import { containsPattern, date, option, text } from '../../kernel/input';
import { authorize, requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput, notFound } from '../../kernel/errors';
import { checkUuid, UUID } from '../../kernel/ids';
import { deletePrivate } from '../../kernel/media';
import { keysetPage, type Page } from '../../kernel/pagination';
import { queryRows } from '../../kernel/rows';
import {
  businessesOwnedBy,
  businessIdsNamedSql,
  isBusinessOwner,
  ownerOfBusiness,
} from '../businesses/business-owners';
import { JobApplication } from './job-application.entity';
import { JobVacancy } from './job-vacancy.entity';
import { JobListingStatus, type CreateJobVacancyInput, type JobPostingBusiness } from './job-vacancy.inputs';
import { CURRENCIES, DEFAULT_CURRENCY, EXPERIENCE_LEVELS, JOB_TYPES } from './job.options';
import { jobPolicy } from './job.policy';

export const vacancies = () => db().getRepository(JobVacancy);

export const MIN_DESCRIPTION = 10;

/** The longest text each field of a vacancy takes (the AI helper's draft input is held to the same). */
export const VACANCY_TEXT_MAX = {
  title: 200,
  location: 200,
  department: 120,
  salaryRange: 120,
  description: 10_000,
  requirements: 10_000,
  responsibilities: 10_000,
  benefits: 10_000,
} as const;

/** Optional text: trimmed, null when blank, at most `max` characters. */
export const optionalText = (v: unknown, field: string, max: number) => text(v, field, { max });

/** A vacancy with its manager (the business page's owner, else its poster), or NOT_FOUND. */
export async function findVacancy(id: string): Promise<{ vacancy: JobVacancy; managerId: string }> {
  const vacancy = await vacancies().findOneBy({ id: checkUuid(id, 'id') });
  if (!vacancy) throw notFound('Job vacancy');
  return { vacancy, managerId: await managerOf(vacancy) };
}

export async function managerOf(v: Pick<JobVacancy, 'businessId' | 'posterId'>): Promise<string> {
  return (v.businessId ? await ownerOfBusiness(v.businessId) : null) ?? v.posterId;
}

/** The vacancy by id for a shared /jobs?id= link, or null (also for ids that cannot exist). */
export async function vacancyOrNull(viewer: Viewer | null, id: string): Promise<JobVacancy | null> {
  requireViewer(viewer);
  return UUID.test(id) ? vacancies().findOneBy({ id }) : null;
}

/**
 * Posts a vacancy. For a business page only its owner may (FORBIDDEN otherwise, nothing written); without a
 * business page the member posts under their own name. The spec's validation messages (001 section 5).
 */
export async function createVacancy(viewer: Viewer | null, input: CreateJobVacancyInput): Promise<JobVacancy> {
  const v = requireViewer(viewer);
  // The spec's messages ('Title is required') name the fields as the form labels them.
  const title = text(input.title, 'title', { max: VACANCY_TEXT_MAX.title, required: true, label: 'Title' });
  const location = text(input.location, 'location', {
    max: VACANCY_TEXT_MAX.location,
    required: true,
    label: 'Location',
  });
  const jobType = option(input.jobType, 'jobType', JOB_TYPES, { loose: true, label: 'Job type' });
  if (!jobType) throw badInput('jobType', 'is required', { label: 'Job type' });
  const description =
    text(input.description, 'description', { max: VACANCY_TEXT_MAX.description, label: 'Description' }) ?? '';
  if (description.length < MIN_DESCRIPTION)
    throw badInput('description', `must be at least ${MIN_DESCRIPTION} characters`, { label: 'Description' });
  const row = {
    title,
    location,
    jobType,
    description,
    department: optionalText(input.department, 'department', VACANCY_TEXT_MAX.department),
    experienceLevel: option(input.experienceLevel, 'experienceLevel', EXPERIENCE_LEVELS, { loose: true }),
    currency: option(input.currency, 'currency', CURRENCIES, { loose: true }) ?? DEFAULT_CURRENCY,
    salaryRange: optionalText(input.salaryRange, 'salaryRange', VACANCY_TEXT_MAX.salaryRange),
    requirements: optionalText(input.requirements, 'requirements', VACANCY_TEXT_MAX.requirements),
    responsibilities: optionalText(input.responsibilities, 'responsibilities', VACANCY_TEXT_MAX.responsibilities),
    benefits: optionalText(input.benefits, 'benefits', VACANCY_TEXT_MAX.benefits),
    applicationDeadline: date(input.applicationDeadline, 'applicationDeadline'),
    isActive: input.isActive ?? true,
  };
  const businessId = input.businessId ? checkUuid(input.businessId, 'businessId') : null;
  if (businessId)
    authorize(
      jobPolicy.canPostForBusiness(v, await ownerOfBusiness(businessId)),
      'Only the owner of this business page can post job vacancies for it.',
    );
  const inserted = await vacancies().insert({ ...row, businessId, posterId: v.id });
  return vacancies().findOneByOrFail({ id: inserted.identifiers[0].id });
}

/** Deletes a vacancy with its applications and their CVs: its manager only. */
export async function deleteVacancy(viewer: Viewer | null, id: string): Promise<void> {
  const v = requireViewer(viewer);
  const { vacancy, managerId } = await findVacancy(id);
  authorize(jobPolicy.canManage(v, managerId), 'Only the owner of this job vacancy can delete it.');
  const cvs = await db()
    .getRepository(JobApplication)
    .find({ select: { cvKey: true }, where: { vacancyId: vacancy.id } });
  await vacancies().delete({ id: vacancy.id });
  await deletePrivate(cvs.map((a) => a.cvKey));
}

/**
 * The job board (status available): active vacancies whose deadline has not passed, newest first, filtered on
 * the server. `upcoming`: the vacancies for which the viewer's application reached the Offer stage.
 */
export async function jobListings(
  viewer: Viewer | null,
  args: {
    status?: JobListingStatus;
    search?: string | null;
    location?: string | null;
    type?: string | null;
    first?: number | null;
    after?: string | null;
  },
): Promise<Page<JobVacancy>> {
  const v = requireViewer(viewer);
  const qb = vacancies().createQueryBuilder('v');
  if (args.status === JobListingStatus.upcoming) {
    qb.where(
      `v.id IN (SELECT a.vacancy_id FROM job_applications a WHERE a.applicant_id = :me AND a.stage IN ('offer', ` +
        `'visa_application') AND NOT a.is_rejected)`,
      { me: v.id },
    );
  } else {
    qb.where('v.is_active AND (v.application_deadline IS NULL OR v.application_deadline >= CURRENT_DATE)');
  }
  const type = option(args.type === 'all' ? null : args.type, 'type', JOB_TYPES, { loose: true });
  if (type) qb.andWhere('v.job_type = :type', { type });
  const location = optionalText(args.location, 'location', 200);
  if (location) qb.andWhere(`v.location ILIKE :location`, { location: containsPattern(location) });
  const search = optionalText(args.search, 'search', 200);
  if (search) {
    // The company is the business page's name, or the poster's name for a job posted under their own name.
    qb.andWhere(
      `(v.title ILIKE :q
        OR v.business_id IN (${businessIdsNamedSql(':q')})
        OR (v.business_id IS NULL AND v.poster_id IN (SELECT u.id FROM users u WHERE concat_ws(' ', u.first_name, ` +
        `u.last_name) ILIKE :q)))`,
      { q: containsPattern(search) },
    );
  }
  return keysetPage(qb, 'v', args);
}

/**
 * A business page's vacancies, newest first: all of them for its owner, the ones open to applications for
 * everyone else (spec 001 section 2.3).
 */
export async function businessVacancies(
  viewer: Viewer | null,
  businessId: string,
  args: { first?: number | null; after?: string | null },
): Promise<Page<JobVacancy>> {
  const v = requireViewer(viewer);
  const owner = await isBusinessOwner(businessId, v.id);
  const qb = vacancies().createQueryBuilder('v').where('v.business_id = :businessId', { businessId });
  if (!owner) qb.andWhere('v.is_active AND (v.application_deadline IS NULL OR v.application_deadline >= CURRENT_DATE)');
  return keysetPage(qb, 'v', args);
}

/** The business pages the viewer owns, to post a job for one of them from the board. */
export async function myJobPostingBusinesses(viewer: Viewer | null): Promise<JobPostingBusiness[]> {
  const v = requireViewer(viewer);
  return businessesOwnedBy(v.id);
}

/** The Jobs badge counts at most this many (it shows "99+" above). */
export const NEW_JOBS_CAP = 100;
/** A member who never opened the job board sees the vacancies of this many days as new. */
export const NEW_JOBS_WINDOW_DAYS = 7;

/**
 * The Jobs badge: open vacancies others posted since the viewer last opened the job board (or in the last
 * NEW_JOBS_WINDOW_DAYS days before the first visit), counted up to NEW_JOBS_CAP so the cost stays bounded.
 */
export async function newJobsCount(viewer: Viewer | null): Promise<number> {
  const v = requireViewer(viewer);
  const rows = await queryRows<{ n: number }>(
    `SELECT count(*)::int AS n FROM (
       SELECT 1 FROM job_vacancies jv
        WHERE jv.is_active AND (jv.application_deadline IS NULL OR jv.application_deadline >= CURRENT_DATE)
          AND jv.poster_id <> $1
          AND jv.created_at > COALESCE((SELECT seen_at FROM job_board_visits WHERE member_id = $1), now() - ` +
      `make_interval(days => $2))
        ORDER BY jv.created_at DESC LIMIT $3) recent`,
    [v.id, NEW_JOBS_WINDOW_DAYS, NEW_JOBS_CAP],
  );
  return rows[0].n;
}

/** The viewer opened the job board: nothing posted until now is new to them any more. Answers the new count (0). */
export async function markJobsSeen(viewer: Viewer | null): Promise<number> {
  const v = requireViewer(viewer);
  await queryRows(
    `INSERT INTO job_board_visits (member_id, seen_at) VALUES ($1, now())
     ON CONFLICT (member_id) DO UPDATE SET seen_at = GREATEST(job_board_visits.seen_at, EXCLUDED.seen_at)`,
    [v.id],
  );
  return newJobsCount(v);
}
