/**
 * The documented job paths (spec 001 section 7, spec 002 `GET /api/job-listings?status=upcoming`), called the way
 * an external client calls them: plain HTTP with a cookie jar against the built server. Errors answer with the
 * ARCHITECTURE.md status and a plain-text body. Business pages are made in SQL here (the business module owns
 * their API); a page's owner is its owner_id.
 */
import { Client as Pg } from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { client, signedUpClient, startApp, type App, ROOMY_WRITES } from '../support/app';
import { dataUrl, ELF_BYTES, PDF_BYTES, PNG_BYTES } from '../support/files';

const MISSING_UUID = '00000000-0000-4000-8000-000000000000';
let app: App;
type Member = Awaited<ReturnType<typeof signedUpClient>>;
let owner: Member;
let seeker: Member;
let stranger: Member;
let businessId: string;
const VACANCY = {
  title: 'Braai Chef',
  location: 'London',
  jobType: 'Part-time',
  description: 'Run our weekend braais for the community.',
  salaryRange: '25 000 per month',
};

beforeAll(async () => {
  app = await startApp({ RATE_SIGNUP_PER_IP: '1000', RATE_SIGNIN_PER_IP: '1000', ...ROOMY_WRITES });
  [owner, seeker, stranger] = await Promise.all([
    signedUpClient(app.url, { firstName: 'Pieter', lastName: 'Owner' }),
    signedUpClient(app.url, { firstName: 'Lerato', lastName: 'Seeker' }),
    signedUpClient(app.url, { firstName: 'Sipho', lastName: 'Stranger' }),
  ]);
  const pg = new Pg({ connectionString: app.databaseUrl });
  await pg.connect();
  try {
    const { rows } = await pg.query(
      `INSERT INTO businesses (name, category, owner_id) VALUES ('Contract Braai House', 'Restaurant', $1) RETURNING ` +
        `id`,
      [owner.user.id],
    );
    businessId = rows[0].id;
  } finally {
    await pg.end();
  }
});
afterAll(async () => {
  await app?.stop();
});

async function postVacancy(
  m: Member = owner,
  body: Record<string, unknown> = { ...VACANCY, businessPageId: businessId },
) {
  const res = await m.client.post('/api/job-vacancies', body);
  expect(res.status, res.text).toBe(201);
  return res.json;
}

async function apply(m: Member, vacancyId: string, extra: Record<string, unknown> = {}) {
  return m.client.post('/api/job-applications', {
    jobId: vacancyId,
    fullName: 'Lerato Seeker',
    email: 'lerato@example.com',
    ...extra,
  });
}

describe('every job path answers 401 without a session', () => {
  test.each([
    ['GET', '/api/job-listings?status=available'],
    ['GET', '/api/job-listings?status=upcoming'],
    ['GET', `/api/job-vacancies/business/${MISSING_UUID}`],
    ['POST', '/api/job-vacancies'],
    ['DELETE', `/api/job-vacancies/${MISSING_UUID}`],
    ['POST', '/api/job-vacancies/generate-description'],
    ['GET', `/api/job-applications-ats/vacancy/${MISSING_UUID}`],
    ['PATCH', `/api/job-applications-ats/${MISSING_UUID}/stage`],
    ['PATCH', `/api/job-applications-ats/${MISSING_UUID}/notes`],
    ['POST', `/api/job-applications-ats/${MISSING_UUID}/reject`],
    ['POST', '/api/job-applications'],
    ['GET', '/api/job-applications'],
    ['GET', `/api/job-applications/${MISSING_UUID}/cv`],
  ])('%s %s', async (method, path) => {
    const body = {
      stage: 'offer',
      notes: 'x',
      title: 'x',
      location: 'x',
      jobType: 'Contract',
      description: 'long enough text',
      fullName: 'A',
      email: 'a@b.co',
      jobId: MISSING_UUID,
    };
    const c = client(app.url);
    const res =
      method === 'GET'
        ? await c.get(path)
        : method === 'DELETE'
          ? await c.delete(path)
          : method === 'PATCH'
            ? await c.patch(path, body)
            : await c.post(path, body);
    expect(res.status, res.text).toBe(401);
  });
});

describe('vacancies', () => {
  test('the owner posts for their business page (201, the spec fields, ZAR default); it is listed for the page and on the board', async () => {
    const v = await postVacancy();
    expect(v).toMatchObject({
      ...VACANCY,
      businessPageId: businessId,
      currency: 'ZAR',
      isActive: true,
      company: 'Contract Braai House',
      applicantCount: 0,
      hasApplied: false,
    });
    const listed = await seeker.client.get(`/api/job-vacancies/business/${businessId}`);
    expect(listed.status).toBe(200);
    expect(listed.json.map((x: { id: string }) => x.id)).toContain(v.id);
    const board = await seeker.client.get('/api/job-listings?status=available&search=contract%20braai');
    expect(board.status).toBe(200);
    expect(board.json.find((x: { id: string }) => x.id === v.id)).toMatchObject({
      title: 'Braai Chef',
      company: 'Contract Braai House',
      location: 'London',
      jobType: 'Part-time',
      salary: '25 000 per month',
    });
  });

  test('anyone else posting for the page or deleting its vacancy gets 403 and nothing changes', async () => {
    const v = await postVacancy();
    const post = await stranger.client.post('/api/job-vacancies', {
      ...VACANCY,
      businessPageId: businessId,
      title: 'Stolen',
    });
    expect(post.status).toBe(403);
    const del = await stranger.client.delete(`/api/job-vacancies/${v.id}`);
    expect(del.status).toBe(403);
    const listed = await owner.client.get(`/api/job-vacancies/business/${businessId}`);
    expect(listed.json.map((x: { title: string }) => x.title)).not.toContain('Stolen');
    expect(listed.json.map((x: { id: string }) => x.id)).toContain(v.id);
    expect((await owner.client.delete(`/api/job-vacancies/${v.id}`)).status).toBe(204);
    expect((await owner.client.delete(`/api/job-vacancies/${v.id}`)).status).toBe(404);
  });

  test.each([
    [{ title: '' }, 'Title is required'],
    [{ location: undefined }, 'Location is required'],
    [{ jobType: '' }, 'Job type is required'],
    [{ description: 'short' }, 'Description must be at least 10 characters'],
  ])('missing fields: %o answers 400 "%s"', async (change, message) => {
    const res = await owner.client.post('/api/job-vacancies', { ...VACANCY, ...change });
    expect(res.status).toBe(400);
    expect(res.text).toBe(message);
  });

  test('wrong types answer 400', async () => {
    expect((await owner.client.post('/api/job-vacancies', { ...VACANCY, title: 42 })).status).toBe(400);
    expect((await owner.client.post('/api/job-vacancies', { ...VACANCY, isActive: 'yes' })).status).toBe(400);
    expect((await owner.client.get(`/api/job-vacancies/business/not-a-uuid`)).status).toBe(400);
    expect((await owner.client.get('/api/job-listings?status=sideways')).status).toBe(400);
  });

  test('a member without a business page posts under their own name', async () => {
    const v = await postVacancy(stranger, VACANCY);
    expect(v).toMatchObject({ businessPageId: null, company: 'Sipho Stranger' });
  });

  test('the AI draft: the built-in drafter answers the four texts; missing fields answer the spec message', async () => {
    const res = await owner.client.post('/api/job-vacancies/generate-description', {
      title: 'Barista',
      location: 'Toronto',
      jobType: 'Full-time',
      experienceLevel: 'Entry Level',
    });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(['benefits', 'description', 'requirements', 'responsibilities']);
    expect(res.json.description).toContain('Barista');
    const missing = await owner.client.post('/api/job-vacancies/generate-description', { title: 'Barista' });
    expect(missing.status).toBe(400);
    expect(missing.text).toBe('Please fill in at least Title, Location, and Job Type before generating.');
    expect(
      (
        await owner.client.post('/api/job-vacancies/generate-description', {
          title: 1,
          location: 'x',
          jobType: 'Contract',
        })
      ).status,
    ).toBe(400);
  });
});

describe('applications and tracking', () => {
  test('apply with a PDF CV (201, View Profile); a second application answers 409 Already Applied; the board counts and marks it', async () => {
    const v = await postVacancy();
    const res = await apply(seeker, v.id, {
      cvFileName: 'cv.pdf',
      cvFileData: dataUrl('application/pdf', PDF_BYTES),
      linkedIn: 'https://linkedin.com/in/lerato',
    });
    expect(res.status, res.text).toBe(201);
    // The pipeline stage is the employer's (issue 24): the applicant reads `status`, `stage` is null for them.
    expect(res.json).toMatchObject({
      stage: null,
      notes: null,
      isRejected: false,
      jobTitle: 'Braai Chef',
      companyName: 'Contract Braai House',
      status: 'pending',
    });
    expect(res.json.cvUrl).toBe(`/api/job-applications/${res.json.id}/cv`);
    const again = await apply(seeker, v.id);
    expect(again.status).toBe(409);
    expect(again.text).toBe('Already Applied');
    const board = await seeker.client.get(`/api/job-listings?status=available&search=braai&limit=100`);
    expect(board.json.find((x: { id: string }) => x.id === v.id)).toMatchObject({
      applicantCount: 1,
      hasApplied: true,
    });
    const mine = await seeker.client.get('/api/job-applications');
    expect(mine.json.find((a: { id: string }) => a.id === res.json.id)).toMatchObject({
      jobTitle: 'Braai Chef',
      status: 'pending',
      feedback: null,
    });
  });

  test("the spec's jobTitle + companyName find the one matching vacancy; a missing name or e-mail answers the spec message", async () => {
    const v = await postVacancy(owner, { ...VACANCY, businessPageId: businessId, title: 'Unique Grill Master' });
    const res = await stranger.client.post('/api/job-applications', {
      jobTitle: 'Unique Grill Master',
      companyName: 'Contract Braai House',
      fullName: 'S S',
      email: 's@example.com',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.vacancyId).toBe(v.id);
    const missing = await apply(seeker, v.id, { fullName: '' });
    expect(missing.status).toBe(400);
    expect(missing.text).toBe('Please fill in your name and email.');
    expect((await apply(seeker, v.id, { email: 7 })).status).toBe(400);
    expect((await apply(seeker, MISSING_UUID)).status).toBe(404);
  });

  test('a CV that is not a PDF, DOC or DOCX by its bytes answers 400; over 5 MB answers 413', async () => {
    const v = await postVacancy();
    for (const bytes of [PNG_BYTES, ELF_BYTES]) {
      const res = await apply(stranger, v.id, { cvFileName: 'cv.pdf', cvFileData: dataUrl('application/pdf', bytes) });
      expect(res.status).toBe(400);
      expect(res.text).toBe('Please upload a PDF, DOC, or DOCX file.');
    }
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await apply(stranger, v.id, { cvFileName: 'cv.pdf', cvFileData: dataUrl('application/pdf', big) });
    expect(res.status).toBe(413);
    expect(res.text).toBe('Please upload a file smaller than 5MB.');
    const ats = await owner.client.get(`/api/job-applications-ats/vacancy/${v.id}`);
    expect(ats.json).toEqual([]);
  });

  test('the CV is private: the applicant and the owner download it, anyone else gets 403, and /media has no copy', async () => {
    const v = await postVacancy();
    const res = await apply(seeker, v.id, {
      cvFileName: 'Lerato CV.pdf',
      cvFileData: dataUrl('application/pdf', PDF_BYTES),
    });
    expect((await fetch(`${app.url}${res.json.cvUrl}`)).status).toBe(401);
    for (const who of [seeker, owner]) {
      const signed = await who.client.get(res.json.cvUrl);
      expect(signed.status).toBe(200);
      expect(signed.headers.get('content-type')).toBe('application/pdf');
      expect(signed.headers.get('cache-control')).toBe('private, no-store');
      expect(signed.text.startsWith('%PDF-')).toBe(true);
    }
    expect((await stranger.client.get(res.json.cvUrl)).status).toBe(403);
    expect(JSON.stringify(res.json)).not.toContain('/media/');
  });

  test('tracking: the owner lists, moves, notes and rejects; anyone else gets 403; a rejected application cannot move; the applicant is told', async () => {
    const v = await postVacancy();
    const a = (await apply(seeker, v.id)).json;
    for (const who of [seeker, stranger]) {
      expect((await who.client.get(`/api/job-applications-ats/vacancy/${v.id}`)).status).toBe(403);
      expect((await who.client.patch(`/api/job-applications-ats/${a.id}/stage`, { stage: 'offer' })).status).toBe(403);
      expect((await who.client.patch(`/api/job-applications-ats/${a.id}/notes`, { notes: 'x' })).status).toBe(403);
      expect((await who.client.post(`/api/job-applications-ats/${a.id}/reject`, {})).status).toBe(403);
    }
    const list = await owner.client.get(`/api/job-applications-ats/vacancy/${v.id}`);
    expect(list.json).toEqual([
      expect.objectContaining({
        id: a.id,
        applicantName: 'Lerato Seeker',
        applicantEmail: 'lerato@example.com',
        stage: 'view_profile',
        isRejected: false,
      }),
    ]);
    expect((await owner.client.patch(`/api/job-applications-ats/${a.id}/stage`, { stage: 'hired' })).status).toBe(400);
    expect((await owner.client.patch(`/api/job-applications-ats/${a.id}/stage`, {})).status).toBe(400);
    expect((await owner.client.patch(`/api/job-applications-ats/${a.id}/notes`, { notes: '  ' })).status).toBe(400);
    expect((await owner.client.patch(`/api/job-applications-ats/${a.id}/notes`, { notes: 5 })).status).toBe(400);
    const moved = await owner.client.patch(`/api/job-applications-ats/${a.id}/stage`, { stage: 'offer' });
    expect(moved.json.stage).toBe('offer');
    const upcoming = await seeker.client.get('/api/job-listings?status=upcoming');
    expect(upcoming.json.map((x: { id: string }) => x.id)).toEqual([v.id]);
    expect((await owner.client.patch(`/api/job-applications-ats/${a.id}/notes`, { notes: 'Strong' })).json.notes).toBe(
      'Strong',
    );
    const rejected = await owner.client.post(`/api/job-applications-ats/${a.id}/reject`, {
      rejectionReason: 'Position filled',
    });
    expect(rejected.json).toMatchObject({ isRejected: true, rejectionReason: 'Position filled' });
    expect((await owner.client.patch(`/api/job-applications-ats/${a.id}/stage`, { stage: 'shortlisted' })).status).toBe(
      400,
    );
    expect((await owner.client.post(`/api/job-applications-ats/${a.id}/reject`, {})).status).toBe(400);
    expect((await owner.client.patch(`/api/job-applications-ats/${a.id}/notes`, { notes: 'Later' })).status).toBe(200);
    const notes = await seeker.client.get('/api/notifications');
    expect(
      notes.json.some(
        (n: { message: string }) => n.message.includes('Braai Chef') && n.message.includes('Position filled'),
      ),
    ).toBe(true);
    const mine = await seeker.client.get('/api/job-applications');
    expect(mine.json.find((x: { id: string }) => x.id === a.id)).toMatchObject({
      status: 'rejected',
      feedback: 'Position filled',
      notes: null,
    });
    expect((await seeker.client.get('/api/job-listings?status=upcoming')).json).toEqual([]);
  });
});
