import { restTable, type RestRequest } from '../../rest/route';

/** A vacancy as the documented answers carry it (spec 001 section 3 "Job vacancy" and "Job listing"). */
export const VACANCY_FIELDS =
  `id businessId title department location jobType experienceLevel currency salaryRange ` +
  `salary description
  requirements responsibilities benefits applicationDeadline isActive createdAt postedAt company companyLogo ` +
  `applicantCount viewerHasApplied`;

/** An application in the tracking pipeline (spec 001 section 3), with its job for the member's own list. */
export const APPLICATION_FIELDS =
  `id vacancyId applicantName applicantEmail applicantPhone appliedAt stage notes ` +
  `isRejected rejectionReason
  resumeUrl linkedinUrl portfolioUrl coverLetter cvFileName cvUrl status feedback`;

const restVacancy = (v: Record<string, unknown>) => {
  const { viewerHasApplied, ...rest } = v;
  return { ...rest, businessPageId: v.businessId, hasApplied: viewerHasApplied };
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a GraphQL answer
const restApplication = (a: Record<string, any>) => {
  const { vacancy, ...rest } = a;
  return vacancy
    ? {
        ...rest,
        jobTitle: vacancy.title,
        companyName: vacancy.company,
        location: vacancy.location,
        jobType: vacancy.jobType,
        salary: vacancy.salary,
        description: vacancy.description,
        requirements: vacancy.requirements,
      }
    : rest;
};

const str = (v: unknown) => (typeof v === 'string' ? v : null);
const limitOf = (req: RestRequest, fallback: number) => (req.query.limit ? Number(req.query.limit) : fallback);

const VACANCY_BODY = {
  businessPageId: 'string?',
  businessId: 'string?',
  title: 'string?',
  department: 'string?',
  location: 'string?',
  jobType: 'string?',
  experienceLevel: 'string?',
  currency: 'string?',
  salaryRange: 'string?',
  description: 'string?',
  requirements: 'string?',
  responsibilities: 'string?',
  benefits: 'string?',
  applicationDeadline: 'string?',
  isActive: 'boolean?',
} as const;

export const jobRest = restTable([
  {
    method: 'GET',
    path: '/api/job-listings',
    operation:
      `query JobListings($status: JobListingStatus!, $search: String, $location: String, $type: String, ` +
      `$limit: Int, $after: String) {
      jobListings(status: $status, search: $search, location: $location, type: $type, first: $limit, after: $after) ` +
      `{ nodes { ${VACANCY_FIELDS} } pageInfo { endCursor hasNextPage } } }`,
    variables: (req) => ({
      status: str(req.query.status) ?? 'available',
      search: str(req.query.search),
      location: str(req.query.location),
      type: str(req.query.type),
      limit: limitOf(req, 50),
      after: str(req.query.after),
    }),
    result: (d) => d.jobListings.nodes.map(restVacancy),
    headers: (d) => ({ 'X-Next-Cursor': d.jobListings.pageInfo.hasNextPage ? d.jobListings.pageInfo.endCursor : null }),
  },
  {
    method: 'GET',
    path: '/api/job-vacancies/business/:businessId',
    operation:
      `query BusinessJobVacancies($id: ID!, $limit: Int, $after: String) { businessJobVacancies(businessId: ` +
      `$id, first: $limit, after: $after) { nodes { ${VACANCY_FIELDS} } pageInfo { endCursor hasNextPage } } }`,
    variables: (req) => ({ id: req.params.businessId, limit: limitOf(req, 100), after: str(req.query.after) }),
    result: (d) => d.businessJobVacancies.nodes.map(restVacancy),
    headers: (d) => ({
      'X-Next-Cursor': d.businessJobVacancies.pageInfo.hasNextPage ? d.businessJobVacancies.pageInfo.endCursor : null,
    }),
  },
  {
    method: 'POST',
    path: '/api/job-vacancies',
    operation:
      `mutation CreateJobVacancy($input: CreateJobVacancyInput!) { createJobVacancy(input: $input) ` +
      `{ ${VACANCY_FIELDS} } }`,
    body: VACANCY_BODY,
    variables: ({ body }) => {
      const { businessPageId, businessId, ...rest } = body;
      return { input: { ...rest, businessId: businessId ?? businessPageId ?? null } };
    },
    result: (d) => restVacancy(d.createJobVacancy),
    status: 201,
  },
  {
    method: 'DELETE',
    path: '/api/job-vacancies/:id',
    operation: `mutation DeleteJobVacancy($id: ID!) { deleteJobVacancy(id: $id) }`,
    variables: ({ params }) => ({ id: params.id }),
    status: 204,
  },
  {
    method: 'POST',
    path: '/api/job-vacancies/generate-description',
    operation:
      `mutation GenerateJobDescription($input: JobDraftInput!) { generateJobDescription(input: $input) { ` +
      `description requirements responsibilities benefits } }`,
    body: {
      title: 'string?',
      department: 'string?',
      location: 'string?',
      jobType: 'string?',
      experienceLevel: 'string?',
      requirements: 'string?',
      responsibilities: 'string?',
    },
  },
  {
    method: 'GET',
    path: '/api/job-applications-ats/vacancy/:vacancyId',
    operation:
      `query VacancyApplications($id: ID!, $limit: Int, $after: String) { vacancyApplications(vacancyId: ` +
      `$id, first: $limit, after: $after) { nodes { ${APPLICATION_FIELDS} } pageInfo { endCursor hasNextPage } } }`,
    variables: (req) => ({ id: req.params.vacancyId, limit: limitOf(req, 100), after: str(req.query.after) }),
    result: (d) => d.vacancyApplications.nodes,
    headers: (d) => ({
      'X-Next-Cursor': d.vacancyApplications.pageInfo.hasNextPage ? d.vacancyApplications.pageInfo.endCursor : null,
    }),
  },
  {
    method: 'PATCH',
    path: '/api/job-applications-ats/:id/stage',
    operation:
      `mutation MoveApplicationStage($id: ID!, $stage: ApplicationStage!) { moveApplicationStage(id: $id, ` +
      `stage: $stage) { ${APPLICATION_FIELDS} } }`,
    body: { stage: 'string' },
    variables: ({ params, body }) => ({ id: params.id, stage: body.stage }),
  },
  {
    method: 'PATCH',
    path: '/api/job-applications-ats/:id/notes',
    operation:
      `mutation SaveApplicationNotes($id: ID!, $notes: String!) { saveApplicationNotes(id: $id, notes: ` +
      `$notes) { ${APPLICATION_FIELDS} } }`,
    body: { notes: 'string' },
    variables: ({ params, body }) => ({ id: params.id, notes: body.notes }),
  },
  {
    method: 'POST',
    path: '/api/job-applications-ats/:id/reject',
    operation:
      `mutation RejectApplication($id: ID!, $reason: String) { rejectApplication(id: $id, rejectionReason: ` +
      `$reason) { ${APPLICATION_FIELDS} } }`,
    body: { rejectionReason: 'string?' },
    variables: ({ params, body }) => ({ id: params.id, reason: body.rejectionReason ?? null }),
  },
  {
    method: 'POST',
    path: '/api/job-applications',
    operation:
      `mutation ApplyForJob($input: ApplyForJobInput!) { applyForJob(input: $input) { ${APPLICATION_FIELDS} ` +
      `vacancy { ${VACANCY_FIELDS} } } }`,
    body: {
      vacancyId: 'string?',
      jobId: 'string?',
      jobTitle: 'string?',
      companyName: 'string?',
      fullName: 'string?',
      email: 'string?',
      phone: 'string?',
      resume: 'string?',
      coverLetter: 'string?',
      linkedIn: 'string?',
      portfolio: 'string?',
      cvFileName: 'string?',
      cvFileData: 'string?',
    },
    variables: ({ body }) => {
      const { jobId, vacancyId, ...rest } = body;
      return { input: { ...rest, vacancyId: vacancyId ?? jobId ?? null } };
    },
    result: (d) => restApplication(d.applyForJob),
    status: 201,
    bodyLimit: 'upload',
  },
  {
    method: 'GET',
    path: '/api/job-applications',
    operation:
      `query MyJobApplications($limit: Int, $after: String) { myJobApplications(first: $limit, after: ` +
      `$after) { nodes { ${APPLICATION_FIELDS} vacancy { ${VACANCY_FIELDS} } } pageInfo { endCursor hasNextPage } } }`,
    variables: (req) => ({ limit: limitOf(req, 50), after: str(req.query.after) }),
    result: (d) => d.myJobApplications.nodes.map(restApplication),
    headers: (d) => ({
      'X-Next-Cursor': d.myJobApplications.pageInfo.hasNextPage ? d.myJobApplications.pageInfo.endCursor : null,
    }),
  },
]);
