import { authorize, requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput, conflict, DomainError, notFound } from '../../kernel/errors';
import { checkUuid } from '../../kernel/ids';
import { text, url } from '../../kernel/input';
import { deletePrivate, readPrivate, storePrivate } from '../../kernel/media';
import { keysetPage, type Page } from '../../kernel/pagination';
import { limitUploads } from '../../kernel/rate-limit';
import { queryRows } from '../../kernel/rows';
import { decodeDataUrl, DOCUMENT_TYPES, nameForType, sniff } from '../../kernel/upload';
import type { PrivateFile } from '../../kernel/http';
import { notify } from '../notifications/notification.service';
import { enqueueWebhooks, memberSummary, WebhookEvent } from '../webhooks/webhook.outbox';
import { businessNamesByIds } from '../businesses/business-owners';
import { ApplicationStage, JobApplication } from './job-application.entity';
import type { ApplyForJobInput } from './job-application.inputs';
import type { JobVacancy } from './job-vacancy.entity';
import { findVacancy, optionalText } from './job-vacancy.service';
import { jobPolicy } from './job.policy';

export const applications = () => db().getRepository(JobApplication);

export const MISSING_APPLICANT = 'Please fill in your name and email.';
export const CV_WRONG_TYPE = 'Please upload a PDF, DOC, or DOCX file.';
export const CV_TOO_LARGE = 'Please upload a file smaller than 5MB.';
export const CV_MAX_BYTES = 5 * 1024 * 1024;
const CV_TYPES = ['pdf', 'doc', 'docx'] as const;

/** A link the applicant gives (shown to the employer as a link). */
const optionalLink = (v: unknown, field: string) => url(v, field, { max: 500 });

/** The CV's bytes and real type: PDF, DOC or DOCX by their bytes, at most 5 MB (the spec's messages). */
export function checkCv(dataUrl: string): { bytes: Buffer; ext: (typeof CV_TYPES)[number] } {
  const bytes = decodeDataUrl(dataUrl, 'cvFileData', CV_MAX_BYTES, CV_TOO_LARGE);
  const type = sniff(bytes);
  const ext = CV_TYPES.find((t) => t === type?.ext);
  if (!ext) throw new DomainError('BAD_USER_INPUT', CV_WRONG_TYPE, { field: 'cvFileData' });
  return { bytes, ext };
}

/**
 * The vacancy an application is for: by id, or else by the spec's jobTitle and companyName when exactly one open
 * vacancy has that title at that company (several: BAD_USER_INPUT asking for the id; none: NOT_FOUND).
 */
async function vacancyFor(input: ApplyForJobInput): Promise<{ vacancy: JobVacancy; managerId: string }> {
  if (input.vacancyId) return findVacancy(input.vacancyId);
  const title = text(input.jobTitle, 'jobTitle', { max: Infinity });
  const company = text(input.companyName, 'companyName', { max: Infinity });
  if (!title || !company) throw badInput('vacancyId', 'is required (or jobTitle and companyName of one open job)');
  const rows = await queryRows<{ id: string }>(
    `SELECT v.id FROM job_vacancies v LEFT JOIN businesses b ON b.id = v.business_id JOIN users u ON u.id = v.poster_id
      WHERE lower(v.title) = lower($1) AND v.is_active AND (v.application_deadline IS NULL OR v.application_deadline ` +
      `>= CURRENT_DATE)
        AND lower(coalesce(b.name::text, trim(concat_ws(' ', u.first_name, u.last_name)))) = lower($2)
      LIMIT 2`,
    [title, company],
  );
  if (!rows.length) throw notFound('Job');
  if (rows.length > 1) throw badInput('vacancyId', 'is required: several open jobs have this title at this company');
  return findVacancy(rows[0].id);
}

/**
 * Applies for a vacancy: once per member and vacancy (a second is CONFLICT 'Already Applied', also when fifty
 * arrive at once: the unique index decides). The CV goes to the private store; a refused application keeps no file.
 */
export async function applyForJob(viewer: Viewer | null, input: ApplyForJobInput): Promise<JobApplication> {
  const v = requireViewer(viewer);
  const fullName = optionalText(input.fullName, 'fullName', 200);
  const email = optionalText(input.email, 'email', 254);
  if (!fullName || !email)
    throw new DomainError('BAD_USER_INPUT', MISSING_APPLICANT, {
      field: fullName ? 'email' : 'fullName',
      reason: 'APPLICANT_MISSING',
    });
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw badInput('email', 'must be an e-mail address');
  const row = {
    applicantName: fullName,
    applicantEmail: email,
    applicantPhone: optionalText(input.phone, 'phone', 40),
    resumeUrl: optionalLink(input.resume, 'resume'),
    linkedinUrl: optionalLink(input.linkedIn, 'linkedIn'),
    portfolioUrl: optionalLink(input.portfolio, 'portfolio'),
    coverLetter: optionalText(input.coverLetter, 'coverLetter', 10_000),
  };
  const cv = input.cvFileData ? checkCv(input.cvFileData) : null;
  // The file is offered under the uploader's name with the extension of its real type, never the one they gave.
  const cvFileName = cv ? nameForType(optionalText(input.cvFileName, 'cvFileName', 255), cv.ext, 'cv') : null;
  const { vacancy, managerId } = await vacancyFor(input);
  if (
    !vacancy.isActive ||
    (vacancy.applicationDeadline && vacancy.applicationDeadline < new Date().toISOString().slice(0, 10))
  ) {
    throw badInput('vacancyId', 'is a job that no longer takes applications', { reason: 'VACANCY_CLOSED' });
  }
  authorize(jobPolicy.canApply(v, managerId), 'You cannot apply for your own job.');
  if (cv) await limitUploads(v.id, 1);
  const cvKey = cv ? await storePrivate(cv.bytes, { folder: 'cvs', ext: cv.ext }) : null;
  try {
    // The vacancy's webhooks (its page's, or its poster's own) hear of the application in its transaction.
    const id = await db().transaction(async (tx) => {
      const inserted = await tx
        .createQueryBuilder()
        .insert()
        .into(JobApplication)
        .values({
          ...row,
          vacancyId: vacancy.id,
          applicantId: v.id,
          cvFileName,
          cvKey,
          cvType: cv?.ext ?? null,
          stage: ApplicationStage.view_profile,
        })
        .orIgnore()
        .returning(['id', 'createdAt'])
        .execute();
      const made = inserted.raw[0] as { id: string; created_at: Date } | undefined;
      if (!made) throw conflict('ALREADY_APPLIED', 'Already Applied');
      await enqueueWebhooks(
        tx,
        WebhookEvent.newApplication,
        vacancy.businessId ? { businessId: vacancy.businessId } : { memberId: managerId },
        async () => ({
          application: {
            id: made.id,
            appliedAt: made.created_at,
            applicantName: row.applicantName,
            coverLetter: row.coverLetter,
            hasCv: !!cvKey,
          },
          applicant: await memberSummary(tx, v.id),
          vacancy: { id: vacancy.id, title: vacancy.title, businessId: vacancy.businessId },
        }),
      );
      return made.id;
    });
    return await applications().findOneByOrFail({ id });
  } catch (err) {
    await deletePrivate([cvKey]);
    throw err;
  }
}

/** An application with its vacancy's manager; NOT_FOUND when there is none. */
async function findApplication(
  id: string,
): Promise<{ application: JobApplication; vacancy: JobVacancy; managerId: string }> {
  const application = await applications().findOneBy({ id: checkUuid(id, 'id') });
  if (!application) throw notFound('Application');
  const { vacancy, managerId } = await findVacancy(application.vacancyId);
  return { application, vacancy, managerId };
}

/** An application its vacancy's manager may act on; FORBIDDEN for anyone else. */
async function managedApplication(viewer: Viewer | null, id: string) {
  const v = requireViewer(viewer);
  const found = await findApplication(id);
  authorize(jobPolicy.canManage(v, found.managerId), 'Only the owner of this job vacancy can manage its applicants.');
  return { ...found, viewer: v };
}

/** The applications for a vacancy, newest first: its manager only (the applicant tracking board). */
export async function vacancyApplications(
  viewer: Viewer | null,
  vacancyId: string,
  args: { first?: number | null; after?: string | null },
): Promise<Page<JobApplication>> {
  const v = requireViewer(viewer);
  const { vacancy, managerId } = await findVacancy(vacancyId);
  authorize(jobPolicy.canManage(v, managerId), 'Only the owner of this job vacancy can see its applicants.');
  return keysetPage(applications().createQueryBuilder('a').where('a.vacancy_id = :id', { id: vacancy.id }), 'a', args);
}

/** Moves an application to a stage; a rejected one stays where it is (BAD_USER_INPUT). */
export async function moveStage(viewer: Viewer | null, id: string, stage: ApplicationStage): Promise<JobApplication> {
  if (!Object.values(ApplicationStage).includes(stage))
    throw badInput('stage', `must be one of ${Object.values(ApplicationStage).join(', ')}`);
  const { application } = await managedApplication(viewer, id);
  // Guarded: a rejection that lands at the same moment wins.
  const moved = await applications()
    .createQueryBuilder()
    .update()
    .set({ stage })
    .where('id = :id AND is_rejected = false', { id: application.id })
    .execute();
  if (!moved.affected) throw badInput('stage', 'cannot change: the application was rejected');
  return applications().findOneByOrFail({ id: application.id });
}

/** Saves the hiring side's notes (non-blank); allowed on a rejected application too. */
export async function saveNotes(viewer: Viewer | null, id: string, rawNotes: string): Promise<JobApplication> {
  const notes = optionalText(rawNotes, 'notes', 10_000);
  if (!notes) throw badInput('notes', 'must not be blank');
  const { application } = await managedApplication(viewer, id);
  await applications().update({ id: application.id }, { notes });
  return applications().findOneByOrFail({ id: application.id });
}

/** Rejects an application with an optional reason and tells the applicant (live, in their bell). Once only. */
export async function rejectApplication(
  viewer: Viewer | null,
  id: string,
  rawReason?: string | null,
): Promise<JobApplication> {
  const rejectionReason = optionalText(rawReason, 'rejectionReason', 2000);
  const { application, vacancy, viewer: v } = await managedApplication(viewer, id);
  const done = await applications()
    .createQueryBuilder()
    .update()
    .set({ isRejected: true, rejectionReason })
    .where('id = :id AND is_rejected = false', { id: application.id })
    .execute();
  if (!done.affected) throw badInput('application', 'is already rejected');
  const [company] = vacancy.businessId ? await businessNamesByIds([vacancy.businessId]) : [];
  await notify(application.applicantId, {
    title: 'Application update',
    message:
      `Your application for ${vacancy.title}${company ? ` at ${company.name}` : ''} was not successful.` +
      (rejectionReason ? ` Feedback: ${rejectionReason}` : ''),
    link: '/profile?tab=jobs',
    actorId: v.id,
  });
  return applications().findOneByOrFail({ id: application.id });
}

/** The viewer's own applications, newest first (the profile's Jobs tab). */
export async function myApplications(
  viewer: Viewer | null,
  args: { first?: number | null; after?: string | null },
): Promise<Page<JobApplication>> {
  const v = requireViewer(viewer);
  return keysetPage(applications().createQueryBuilder('a').where('a.applicant_id = :me', { me: v.id }), 'a', args);
}

/** The CV of an application: for the applicant and the vacancy's manager only; NOT_FOUND when it has none. */
export async function readCv(viewer: Viewer | null, id: string): Promise<PrivateFile> {
  const v = requireViewer(viewer);
  const { application, managerId } = await findApplication(id);
  authorize(jobPolicy.canReadCv(v, application, managerId), 'Only the applicant and the employer can open this CV.');
  const bytes = application.cvKey ? await readPrivate(application.cvKey) : null;
  if (!bytes || !application.cvType) throw notFound('CV');
  return {
    bytes,
    mime: DOCUMENT_TYPES[application.cvType as (typeof CV_TYPES)[number]],
    fileName: nameForType(application.cvFileName, application.cvType, 'cv'),
  };
}

/** The status a member sees of their application (spec 002 "Job application (profile view)"). */
export function statusOf(a: Pick<JobApplication, 'stage' | 'isRejected'>): string {
  if (a.isRejected) return 'rejected';
  if (a.stage === ApplicationStage.offer || a.stage === ApplicationStage.visa_application) return 'accepted';
  if (a.stage === ApplicationStage.view_profile) return 'pending';
  return a.stage;
}
