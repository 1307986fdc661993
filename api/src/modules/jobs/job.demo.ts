import { db } from '../../kernel/database';
import type { DemoPart } from '../../kernel/demo';
import { storePrivate } from '../../kernel/media';
import { DEMO_BUSINESSES } from '../businesses/business.demo';
import { businessesNamed } from '../businesses/business-owners';
import { DEMO_MEMBERS } from '../users/user.demo';
import { User } from '../users/user.entity';
import { ApplicationStage, JobApplication } from './job-application.entity';
import { builtInDraft } from './job-draft';
import { JobVacancy } from './job-vacancy.entity';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);

/** A one-page PDF, as a demo applicant's CV. */
const demoCv = (name: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 ` +
      `obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj 4 0 ` +
      `obj<</Length 44>>stream\nBT /F1 24 Tf 72 700 Td (CV of ${name}) Tj ET\nendstream endobj 5 0 ` +
      `obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

interface DemoJob {
  business?: string;
  poster: string;
  title: string;
  department?: string;
  location: string;
  jobType: string;
  experienceLevel?: string;
  salaryRange?: string;
  hours: number;
  deadlineDays?: number;
}

/** Vacancies of the demo businesses (found by name) and jobs members posted, with applications at every stage. */
export const jobsDemo: DemoPart = {
  name: 'jobs',
  async load() {
    const byEmail = new Map<string, User>();
    for (const u of await db().getRepository(User).find()) if (u.email) byEmail.set(u.email, u);
    const [thandi, pieter, lerato, sipho, annelie, ayesha, johan, naledi] = DEMO_MEMBERS.map((d) =>
      byEmail.get(d.email)!,
    );
    const names = DEMO_BUSINESSES.map((b) => b.name);
    const businesses = new Map((await businessesNamed(names)).map((b) => [b.name, b]));
    const jobs: DemoJob[] = [
      {
        business: 'Biltong & Co',
        poster: pieter.id,
        title: 'Butcher and Biltong Maker',
        department: 'Production',
        location: 'Perth, Australia',
        jobType: 'Full-time',
        experienceLevel: 'Mid Level',
        salaryRange: 'AUD 60 000 - 70 000 per year',
        hours: 70,
      },
      {
        business: 'Mzansi Braai House',
        poster: pieter.id,
        title: 'Braai Chef',
        department: 'Kitchen',
        location: 'London, United Kingdom',
        jobType: 'Part-time',
        experienceLevel: 'Entry Level',
        salaryRange: '£12 - £15 per hour',
        hours: 50,
        deadlineDays: 30,
      },
      {
        business: 'Rooibos Corner Café',
        poster: thandi.id,
        title: 'Barista',
        department: 'Front of house',
        location: 'Toronto, Canada',
        jobType: 'Full-time',
        experienceLevel: 'Entry Level',
        salaryRange: 'CAD 38 000 per year',
        hours: 30,
      },
      {
        business: 'Springbok Movers',
        poster: sipho.id,
        title: 'Relocation Coordinator',
        department: 'Operations',
        location: 'Johannesburg',
        jobType: 'Full-time',
        experienceLevel: 'Senior Level',
        salaryRange: '35 000 - 45 000 per month',
        hours: 20,
        deadlineDays: 45,
      },
      {
        business: 'Ubuntu Legal Services',
        poster: annelie.id,
        title: 'Immigration Paralegal',
        department: 'Legal',
        location: 'Remote',
        jobType: 'Remote',
        experienceLevel: 'Mid Level',
        salaryRange: '28 000 - 34 000 per month',
        hours: 10,
      },
      {
        poster: thandi.id,
        title: 'Community Manager',
        department: 'Community',
        location: 'Cape Town',
        jobType: 'Contract',
        experienceLevel: 'Mid Level',
        salaryRange: '25 000 per month',
        hours: 6,
      },
      {
        poster: johan.id,
        title: 'Maths Tutor for Matric',
        location: 'Pretoria',
        jobType: 'Part-time',
        salaryRange: '250 per hour',
        hours: 3,
      },
      {
        poster: naledi.id,
        title: 'Marketing Intern',
        department: 'Marketing',
        location: 'Durban',
        jobType: 'Internship',
        experienceLevel: 'Entry Level',
        salaryRange: '8 000 per month',
        hours: 1,
      },
    ];
    const vacancies = new Map<string, JobVacancy>();
    for (const j of jobs) {
      const business = j.business ? businesses.get(j.business) : undefined;
      if (j.business && !business) continue; // the business part changed its names: nothing to hang the job on
      const draft = builtInDraft({
        title: j.title,
        department: j.department ?? '',
        location: j.location,
        jobType: j.jobType,
        experienceLevel: j.experienceLevel ?? '',
        requirements: '',
        responsibilities: '',
      });
      const row = db()
        .getRepository(JobVacancy)
        .create({
          businessId: business?.id ?? null,
          posterId: business?.ownerId ?? j.poster,
          title: j.title,
          department: j.department ?? null,
          location: j.location,
          jobType: j.jobType,
          experienceLevel: j.experienceLevel ?? null,
          currency: 'ZAR',
          salaryRange: j.salaryRange ?? null,
          ...draft,
          applicationDeadline: j.deadlineDays ? inDays(j.deadlineDays) : null,
          isActive: true,
          createdAt: hoursAgo(j.hours),
        });
      vacancies.set(j.title, await db().getRepository(JobVacancy).save(row));
    }

    const apply = async (title: string, who: User, stage: ApplicationStage, extra: Partial<JobApplication> = {}) => {
      const vacancy = vacancies.get(title);
      if (!vacancy || vacancy.posterId === who.id) return;
      const repo = db().getRepository(JobApplication);
      await repo.save(
        repo.create({
          vacancyId: vacancy.id,
          applicantId: who.id,
          applicantName: `${who.firstName} ${who.lastName}`,
          applicantEmail: who.email!,
          coverLetter:
            `I would love to join you as ${title}. I have lived abroad for years and know what our ` +
            `community needs.`,
          stage,
          createdAt: new Date(vacancy.createdAt.getTime() + 3_600_000),
          ...extra,
        }),
      );
    };
    const withCv = async (who: User) => ({
      cvKey: await storePrivate(demoCv(`${who.firstName} ${who.lastName}`), { folder: 'cvs', ext: 'pdf' }),
      cvType: 'pdf',
      cvFileName: `${who.firstName}-${who.lastName}-CV.pdf`,
    });
    await apply('Community Manager', lerato, ApplicationStage.view_profile, {
      ...(await withCv(lerato)),
      linkedinUrl: 'https://www.linkedin.com/in/lerato-mokoena',
      applicantPhone: '+27 82 555 0101',
    });
    await apply('Community Manager', sipho, ApplicationStage.shortlisted);
    await apply('Community Manager', ayesha, ApplicationStage.interviewing, {
      notes: 'Great references from the Dubai group.',
    });
    await apply('Community Manager', johan, ApplicationStage.offer);
    await apply('Community Manager', naledi, ApplicationStage.view_profile, {
      isRejected: true,
      rejectionReason: 'We need someone based in Cape Town.',
    });
    await apply('Barista', ayesha, ApplicationStage.shortlisted, await withCv(ayesha));
    await apply('Barista', naledi, ApplicationStage.view_profile);
    await apply('Braai Chef', johan, ApplicationStage.interviewing);
    await apply('Relocation Coordinator', thandi, ApplicationStage.offer, await withCv(thandi));
    await apply('Immigration Paralegal', thandi, ApplicationStage.view_profile);
    await apply('Maths Tutor for Matric', lerato, ApplicationStage.visa_application);
  },
};
