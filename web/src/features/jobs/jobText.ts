import type { ApplicationStage } from '../../gql/graphql';

/** The spec's option lists (001 section 5); the server checks them again. */
export const VACANCY_JOB_TYPES = ['Full-time', 'Part-time', 'Contract', 'Internship', 'Remote'] as const;
export const EXPERIENCE_LEVELS = ['Entry Level', 'Mid Level', 'Senior Level', 'Executive'] as const;
export const CURRENCIES = ['ZAR', 'USD', 'EUR', 'GBP', 'AUD', 'CAD', 'JPY', 'INR'] as const;
/** The job board's Post Job form: four types, in lower case (spec 001 section 5). */
export const POST_JOB_TYPES = ['full-time', 'part-time', 'contract', 'internship'] as const;
/** The board's type filter: '' is All Types. */
export const BOARD_TYPE_FILTER = [
  { value: '', label: 'All Types' },
  { value: 'Full-time', label: 'Full-time' },
  { value: 'Part-time', label: 'Part-time' },
  { value: 'Contract', label: 'Contract' },
  { value: 'Internship', label: 'Internship' },
] as const;

/** The pipeline, in order, with the spec's labels. */
export const STAGES: ReadonlyArray<{ value: ApplicationStage; label: string }> = [
  { value: 'view_profile', label: 'View Profile' },
  { value: 'shortlisted', label: 'Shortlisted' },
  { value: 'interviewing', label: 'Interviewing' },
  { value: 'offer', label: 'Offer' },
  { value: 'visa_application', label: 'Visa Application' },
];
export const stageLabel = (stage: ApplicationStage) => STAGES.find((s) => s.value === stage)?.label ?? stage;

/** CVs: PDF, DOC or DOCX, at most 5 MB (spec 001 section 9); the server checks the bytes. */
export const CV_MAX_BYTES = 5 * 1024 * 1024;
export const CV_ACCEPT =
  '.pdf,.doc,.docx,application/pdf,application/msword,' +
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A picked CV's problem, as the spec's toast titles and texts; null when it may be sent. */
export function checkCvFile(file: Pick<File, 'name' | 'size'>): { title: string; description: string } | null {
  if (!/\.(pdf|docx?)$/i.test(file.name))
    return { title: 'Invalid File Type', description: 'Please upload a PDF, DOC, or DOCX file.' };
  if (file.size > CV_MAX_BYTES)
    return { title: 'File Too Large', description: 'Please upload a file smaller than 5MB.' };
  return null;
}

/** The address a shared job opens: the site's origin and /jobs?id={id}. */
export const jobShareUrl = (id: string, origin = window.location.origin) =>
  `${origin}/jobs?id=${encodeURIComponent(id)}`;

/** The WhatsApp text: title, company, the first 100 characters of the description, and the link. */
export function jobWhatsAppText(
  job: { id: string; title: string; company: string; description: string },
  origin?: string,
): string {
  const excerpt = job.description.length > 100 ? `${job.description.slice(0, 100)}...` : job.description;
  return `${job.title} at ${job.company}\n${excerpt}\n${jobShareUrl(job.id, origin)}`;
}

/** "R 25 000 per month": a salary as the board shows it, rand with the R sign (spec 001 section 1). */
export function formatSalary(salary: string | null | undefined, currency = 'ZAR'): string | null {
  const s = salary?.trim();
  if (!s) return null;
  if (/^(R|ZAR|USD|EUR|GBP|AUD|CAD|JPY|INR|\$|€|£|¥|₹)\s?/i.test(s)) return s;
  return currency === 'ZAR' ? `R ${s}` : `${currency} ${s}`;
}

/** The job count line of the board: '{n} job(s) found'. */
export const jobsFoundText = (n: number, more: boolean) => `${n}${more ? '+' : ''} job(s) found`;
