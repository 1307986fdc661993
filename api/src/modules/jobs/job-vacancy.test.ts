import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { buildBusiness, buildJobApplication, buildJobVacancy, buildUser } from '../../test/factories';
import { codeOf, gql } from '../../test/helpers';
import { JobApplication } from './job-application.entity';
import { JobVacancy } from './job-vacancy.entity';

const CREATE =
  `mutation($input: CreateJobVacancyInput!) { createJobVacancy(input: $input) {
  id businessId title department location jobType experienceLevel currency salaryRange description ` +
  `applicationDeadline isActive company viewerCanManage } }`;
const DELETE = `mutation($id: ID!) { deleteJobVacancy(id: $id) }`;
const BOARD =
  `query($search: String, $location: String, $type: String, $first: Int, $after: String, $status: ` +
  `JobListingStatus! = available) {
  jobListings(status: $status, search: $search, location: $location, type: $type, first: $first, after: $after) {
    nodes { id title company companyLogo location jobType salary postedAt applicantCount viewerHasApplied ` +
  `viewerCanManage } pageInfo { endCursor hasNextPage } } }`;
const OF_BUSINESS = `query($id: ID!) { businessJobVacancies(businessId: $id) { nodes { id title isActive } } }`;

const VALID = {
  title: 'Braai Master',
  location: 'Johannesburg',
  jobType: 'Full-time',
  description: 'Run our weekend braais.',
};
const count = () => db().getRepository(JobVacancy).count();
const titles = (r: { data?: { jobListings: { nodes: Array<{ title: string }> } } }) =>
  r.data!.jobListings.nodes.map((n) => n.title);

describe('job vacancies', () => {
  it('requires authentication', async () => {
    const v = await buildJobVacancy();
    expect(codeOf(await gql(CREATE, { input: VALID }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(DELETE, { id: v.id }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(BOARD, {}))).toBe('UNAUTHENTICATED');
  });

  it('the business page owner posts a vacancy with the spec defaults (ZAR, active); the option lists are normalised', async () => {
    const owner = await buildUser();
    const business = await buildBusiness({ ownerId: owner.id, name: 'Biltong Bros' });
    const r = await gql(
      CREATE,
      {
        input: {
          ...VALID,
          businessId: business.id,
          jobType: 'part-time',
          experienceLevel: 'senior level',
          applicationDeadline: '2099-12-31',
        },
      },
      { as: owner },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data.createJobVacancy).toMatchObject({
      businessId: business.id,
      jobType: 'Part-time',
      experienceLevel: 'Senior Level',
      currency: 'ZAR',
      isActive: true,
      applicationDeadline: '2099-12-31',
      company: 'Biltong Bros',
      viewerCanManage: true,
    });
  });

  it('only the owner posts for a business page: anyone else gets FORBIDDEN and nothing is written', async () => {
    const owner = await buildUser();
    const business = await buildBusiness({ ownerId: owner.id });
    const before = await count();
    expect(codeOf(await gql(CREATE, { input: { ...VALID, businessId: business.id } }, { as: await buildUser() }))).toBe(
      'FORBIDDEN',
    );
    const unowned = await buildBusiness();
    expect(codeOf(await gql(CREATE, { input: { ...VALID, businessId: unowned.id } }, { as: owner }))).toBe('FORBIDDEN');
    expect(
      codeOf(
        await gql(CREATE, { input: { ...VALID, businessId: '00000000-0000-4000-8000-000000000000' } }, { as: owner }),
      ),
    ).toBe('NOT_FOUND');
    expect(await count()).toBe(before);
  });

  it('a member without a business page posts under their own name', async () => {
    const me = await buildUser({ firstName: 'Sipho', lastName: 'Dlamini' });
    const r = await gql(CREATE, { input: VALID }, { as: me });
    expect(r.data.createJobVacancy).toMatchObject({
      businessId: null,
      company: 'Sipho Dlamini',
      viewerCanManage: true,
    });
  });

  it.each([
    [{ title: '  ' }, 'Title is required'],
    [{ location: '' }, 'Location is required'],
    [{ jobType: null }, 'Job type is required'],
    [{ description: 'Too short' }, 'Description must be at least 10 characters'],
    [{ jobType: 'Gig' }, 'Job type must be one of Full-time, Part-time, Contract, Internship, Remote'],
    [{ currency: 'BTC' }, 'currency must be one of ZAR, USD, EUR, GBP, AUD, CAD, JPY, INR'],
    [{ experienceLevel: 'Guru' }, 'experienceLevel must be one of Entry Level, Mid Level, Senior Level, Executive'],
    [{ applicationDeadline: '2026-02-30' }, 'applicationDeadline must be a date (YYYY-MM-DD)'],
  ])('refuses %o with the message "%s", writing nothing', async (change, message) => {
    const before = await count();
    const r = await gql(CREATE, { input: { ...VALID, ...change } }, { as: await buildUser() });
    expect(codeOf(r)).toBe('BAD_USER_INPUT');
    expect(r.errors![0].message).toBe(message);
    expect(await count()).toBe(before);
  });

  it('only its manager deletes a vacancy (its applications go with it); anyone else gets FORBIDDEN', async () => {
    const owner = await buildUser();
    const business = await buildBusiness({ ownerId: owner.id });
    const v = await buildJobVacancy({ businessId: business.id, posterId: owner.id });
    await buildJobApplication({ vacancyId: v.id });
    expect(codeOf(await gql(DELETE, { id: v.id }, { as: await buildUser() }))).toBe('FORBIDDEN');
    expect(await db().getRepository(JobVacancy).existsBy({ id: v.id })).toBe(true);
    expect((await gql(DELETE, { id: v.id }, { as: owner })).data.deleteJobVacancy).toBe(v.id);
    expect(await db().getRepository(JobVacancy).existsBy({ id: v.id })).toBe(false);
    expect(await db().getRepository(JobApplication).countBy({ vacancyId: v.id })).toBe(0);
    expect(codeOf(await gql(DELETE, { id: v.id }, { as: owner }))).toBe('NOT_FOUND');
  });

  it("a business page's new owner manages its vacancies, not the member who posted them", async () => {
    const [poster, newOwner] = [await buildUser(), await buildUser()];
    const business = await buildBusiness({ ownerId: newOwner.id });
    const v = await buildJobVacancy({ businessId: business.id, posterId: poster.id });
    expect(codeOf(await gql(DELETE, { id: v.id }, { as: poster }))).toBe('FORBIDDEN');
    expect((await gql(DELETE, { id: v.id }, { as: newOwner })).errors).toBeUndefined();
  });
});

describe('the job board', () => {
  it('lists active vacancies whose deadline has not passed, newest first, with company, real applicant count and the viewer state', async () => {
    const viewer = await buildUser();
    const town = `Board-${Date.now()}`;
    const business = await buildBusiness({ name: `Rooibos ${town}`, imageUrl: '/media/images/logo.jpg' });
    const open = await buildJobVacancy({
      title: 'Open',
      location: town,
      businessId: business.id,
      createdAt: new Date(Date.now() - 3000),
    });
    await buildJobVacancy({ title: 'Closed', location: town, isActive: false });
    await buildJobVacancy({ title: 'Expired', location: town, applicationDeadline: '2020-01-01' });
    await buildJobVacancy({
      title: 'Today',
      location: town,
      applicationDeadline: new Date().toISOString().slice(0, 10),
      createdAt: new Date(Date.now() - 2000),
    });
    const mine = await buildJobVacancy({
      title: 'Mine',
      location: town,
      posterId: viewer.id,
      createdAt: new Date(Date.now() - 1000),
    });
    await buildJobApplication({ vacancyId: open.id, applicantId: viewer.id });
    await buildJobApplication({ vacancyId: open.id });
    const r = await gql(BOARD, { location: town }, { as: viewer });
    expect(titles(r)).toEqual(['Mine', 'Today', 'Open']);
    const [m, , o] = r.data.jobListings.nodes;
    expect(o).toMatchObject({
      company: business.name,
      companyLogo: '/media/images/logo.jpg',
      applicantCount: 2,
      viewerHasApplied: true,
      viewerCanManage: false,
    });
    expect(m).toMatchObject({
      company: viewer.displayName,
      applicantCount: 0,
      viewerHasApplied: false,
      viewerCanManage: true,
      id: mine.id,
    });
  });

  it('filters on the server: search on title or company (any case), location substring, exact type', async () => {
    const viewer = await buildUser();
    const tag = `q${Date.now()}`;
    const business = await buildBusiness({ name: `Mzansi ${tag} Movers` });
    const poster = await buildUser({ firstName: 'Annelie', lastName: `Botha${tag}` });
    await buildJobVacancy({ title: `Driver ${tag}`, location: 'Durban', jobType: 'Contract' });
    await buildJobVacancy({ title: 'Packer', location: 'Durban North', jobType: 'Full-time', businessId: business.id });
    await buildJobVacancy({ title: 'Tutor', location: 'Pretoria', jobType: 'Part-time', posterId: poster.id });
    await buildJobVacancy({ title: 'Unrelated', location: 'Durban', jobType: 'Contract' });
    expect(titles(await gql(BOARD, { search: tag.toUpperCase() }, { as: viewer })).sort()).toEqual([
      `Driver ${tag}`,
      'Packer',
      'Tutor',
    ]);
    expect(titles(await gql(BOARD, { search: tag, location: 'durban' }, { as: viewer })).sort()).toEqual([
      `Driver ${tag}`,
      'Packer',
    ]);
    expect(titles(await gql(BOARD, { search: tag, type: 'contract' }, { as: viewer }))).toEqual([`Driver ${tag}`]);
    expect(titles(await gql(BOARD, { search: tag, type: 'Full-time' }, { as: viewer }))).toEqual(['Packer']);
    expect(titles(await gql(BOARD, { search: `${tag}%` }, { as: viewer }))).toEqual([]);
    expect(codeOf(await gql(BOARD, { type: 'Gig' }, { as: viewer }))).toBe('BAD_USER_INPUT');
  });

  it('pages with a keyset cursor', async () => {
    const viewer = await buildUser();
    const town = `Pages-${Date.now()}`;
    for (let i = 0; i < 5; i++)
      await buildJobVacancy({ title: `P${i}`, location: town, createdAt: new Date(Date.UTC(2030, 0, 1, 0, i)) });
    const p1 = await gql(BOARD, { location: town, first: 2 }, { as: viewer });
    expect(titles(p1)).toEqual(['P4', 'P3']);
    const p2 = await gql(
      BOARD,
      { location: town, first: 2, after: p1.data.jobListings.pageInfo.endCursor },
      { as: viewer },
    );
    expect(titles(p2)).toEqual(['P2', 'P1']);
    const p3 = await gql(
      BOARD,
      { location: town, first: 2, after: p2.data.jobListings.pageInfo.endCursor },
      { as: viewer },
    );
    expect(titles(p3)).toEqual(['P0']);
    expect(p3.data.jobListings.pageInfo.hasNextPage).toBe(false);
  });

  it("upcoming: the vacancies for which the viewer's application reached the Offer stage (not rejected)", async () => {
    const me = await buildUser();
    const offer = await buildJobVacancy({ title: 'Offered' });
    const visa = await buildJobVacancy({ title: 'Visa', isActive: false });
    const rejected = await buildJobVacancy({ title: 'Rejected' });
    const pending = await buildJobVacancy({ title: 'Pending' });
    await buildJobApplication({ vacancyId: offer.id, applicantId: me.id, stage: 'offer' as never });
    await buildJobApplication({ vacancyId: visa.id, applicantId: me.id, stage: 'visa_application' as never });
    await buildJobApplication({
      vacancyId: rejected.id,
      applicantId: me.id,
      stage: 'offer' as never,
      isRejected: true,
    });
    await buildJobApplication({ vacancyId: pending.id, applicantId: me.id });
    await buildJobApplication({ vacancyId: pending.id, stage: 'offer' as never });
    expect(titles(await gql(BOARD, { status: 'upcoming' }, { as: me })).sort()).toEqual(['Offered', 'Visa']);
  });

  it("a business page's list: every vacancy for its owner, the open ones for visitors", async () => {
    const owner = await buildUser();
    const business = await buildBusiness({ ownerId: owner.id });
    await buildJobVacancy({ businessId: business.id, posterId: owner.id, title: 'Open' });
    await buildJobVacancy({ businessId: business.id, posterId: owner.id, title: 'Paused', isActive: false });
    const mine = await gql(OF_BUSINESS, { id: business.id }, { as: owner });
    expect(mine.data.businessJobVacancies.nodes.map((n: { title: string }) => n.title).sort()).toEqual([
      'Open',
      'Paused',
    ]);
    const theirs = await gql(OF_BUSINESS, { id: business.id }, { as: await buildUser() });
    expect(theirs.data.businessJobVacancies.nodes.map((n: { title: string }) => n.title)).toEqual(['Open']);
    expect(codeOf(await gql(OF_BUSINESS, { id: 'nope' }, { as: owner }))).toBe('BAD_USER_INPUT');
  });

  it('lists the business pages a member may post for', async () => {
    const owner = await buildUser();
    const b = await buildBusiness({ ownerId: owner.id, name: `Mine ${Date.now()}` });
    await buildBusiness();
    const r = await gql(`{ myJobPostingBusinesses { id name } }`, {}, { as: owner });
    expect(r.data.myJobPostingBusinesses).toEqual([{ id: b.id, name: b.name }]);
  });
});

describe('the Jobs badge (new vacancies since the member last opened the board)', () => {
  const NEW = `query { newJobsCount }`;
  const SEEN = `mutation { markJobsSeen }`;
  const newJobs = async (as: Awaited<ReturnType<typeof buildUser>>) =>
    (await gql(NEW, {}, { as })).data.newJobsCount as number;

  it('requires authentication', async () => {
    expect(codeOf(await gql(NEW))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(SEEN))).toBe('UNAUTHENTICATED');
  });

  it("counts open vacancies others posted after the member's last visit; not their own, closed or expired ones", async () => {
    const me = await buildUser();
    // Other tests of this file date some vacancies in the future: those stay new, so the counts are relative.
    const base = (await gql(SEEN, {}, { as: me })).data.markJobsSeen as number;
    expect(await newJobs(me)).toBe(base);
    await new Promise((r) => setTimeout(r, 5));
    await buildJobVacancy();
    await buildJobVacancy();
    await buildJobVacancy({ posterId: me.id });
    await buildJobVacancy({ isActive: false });
    await buildJobVacancy({ applicationDeadline: '2000-01-01' });
    expect(await newJobs(me)).toBe(base + 2);
    expect((await gql(SEEN, {}, { as: me })).data.markJobsSeen).toBe(base);
    expect(await newJobs(me)).toBe(base);
    expect(await db().query('SELECT count(*)::int AS n FROM job_board_visits WHERE member_id = $1', [me.id])).toEqual([
      { n: 1 },
    ]);
  });

  it('before the first visit, the vacancies of the last week are new; older ones are not', async () => {
    const me = await buildUser();
    const before = await newJobs(me);
    await buildJobVacancy({ createdAt: new Date(Date.now() - 8 * 86_400_000) });
    expect(await newJobs(me)).toBe(before);
    await buildJobVacancy();
    expect(await newJobs(me)).toBe(before + 1);
  });

  it('parallel visits keep one row per member', async () => {
    const me = await buildUser();
    await Promise.all(Array.from({ length: 10 }, () => gql(SEEN, {}, { as: me })));
    expect(await db().query('SELECT count(*)::int AS n FROM job_board_visits WHERE member_id = $1', [me.id])).toEqual([
      { n: 1 },
    ]);
  });
});
