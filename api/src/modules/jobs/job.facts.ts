import type { FactSql } from '../../kernel/facts';
import { businessOwnerSql } from '../businesses/business-owners';

/** The company a vacancy shows, its logo, who manages it, and the row's own applications: `v` joined to `b` and `u`. */
const ofVacancy = (expression: string) =>
  `SELECT ${expression} FROM job_vacancies v LEFT JOIN businesses b ON b.id = v.business_id JOIN users u ON u.id = ` +
  `v.poster_id WHERE v.id = t.id`;

/** What a page of vacancies shows beyond its own columns, in one statement for the page (kernel/facts.ts). */
export interface JobVacancyFacts {
  /** The business page's name, or the poster's display name for a job posted under their own name. */
  company: string;
  companyLogo: string | null;
  /** Who manages the vacancy and its applicants: the business page's owner, else the member who posted it. */
  managerId: string;
  applicantCount: number;
  viewerHasApplied: boolean;
}

export const jobVacancyFacts: FactSql<JobVacancyFacts> = {
  company: ofVacancy(
    `coalesce(b.name::text, nullif(trim(concat_ws(' ', nullif(trim(u.first_name), ''), nullif(trim(u.last_name), ` +
      `''))), ''), 'User')`,
  ),
  companyLogo: ofVacancy('CASE WHEN v.business_id IS NULL THEN u.profile_image_url ELSE b.image_url END'),
  managerId: ofVacancy(`coalesce(${businessOwnerSql('v.business_id')}, v.poster_id)`),
  applicantCount: 'SELECT count(*)::int FROM job_applications WHERE vacancy_id = t.id',
  viewerHasApplied: 'SELECT EXISTS (SELECT 1 FROM job_applications WHERE vacancy_id = t.id AND applicant_id = $2)',
};
