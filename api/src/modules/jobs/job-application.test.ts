import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileNamesOfDetectedType1795860000000 } from '../../db/migrations/1795860000000-FileNamesOfDetectedType';
import { db } from '../../kernel/database';
import { readPrivate, storePrivate } from '../../kernel/media';
import { settings } from '../../kernel/settings';
import { contentTypes, zipBytes } from '../../kernel/upload.fixtures';
import { buildBusiness, buildJobApplication, buildJobVacancy, buildUser } from '../../test/factories';
import { codeOf, files, gql, subscribeAs } from '../../test/helpers';
import { Notification } from '../notifications/notification.entity';
import { JobApplication } from './job-application.entity';
import { readCv } from './job-application.service';

const APPLY =
  `mutation($input: ApplyForJobInput!) { applyForJob(input: $input) {
  id vacancyId applicantName applicantEmail stage isRejected cvFileName cvUrl status vacancy { title company ` +
  `applicantCount viewerHasApplied } } }`;
const ATS =
  `query($id: ID!) { vacancyApplications(vacancyId: $id) { nodes { id applicantName stage notes isRejected ` +
  `rejectionReason cvUrl } } }`;
const STAGE =
  `mutation($id: ID!, $stage: ApplicationStage!) { moveApplicationStage(id: $id, stage: $stage) { id ` + `stage } }`;
const NOTES = `mutation($id: ID!, $notes: String!) { saveApplicationNotes(id: $id, notes: $notes) { id notes } }`;
const REJECT =
  `mutation($id: ID!, $reason: String) { rejectApplication(id: $id, rejectionReason: $reason) { id ` +
  `isRejected rejectionReason stage } }`;
const MINE =
  `{ myJobApplications { nodes { id status feedback notes vacancy { title company location jobType salary ` + `} } } }`;

const WORD = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
const dataUrl = (bytes: Buffer, mime = 'application/octet-stream') => `data:${mime};base64,${bytes.toString('base64')}`;
const docx = dataUrl(
  zipBytes({ '[Content_Types].xml': contentTypes('word/document.xml', WORD), 'word/document.xml': '<w:document/>' }),
);
const doc = dataUrl(
  Buffer.concat([
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
    Buffer.alloc(100),
    Buffer.from('WordDocument'.split('').join('\0'), 'latin1'),
  ]),
);
const xlsx = dataUrl(
  zipBytes({
    '[Content_Types].xml': contentTypes(
      'xl/workbook.xml',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
    ),
    'xl/workbook.xml': '<w/>',
  }),
);
const pdfOfSize = (bytes: number) =>
  dataUrl(Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes - 9, 0x20)]), 'application/pdf');

const applicationsOf = (vacancyId: string) => db().getRepository(JobApplication).countBy({ vacancyId });
const cvFiles = () => {
  const dir = path.join(settings().privateDir, 'cvs');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};

async function ownedVacancy() {
  const owner = await buildUser();
  const business = await buildBusiness({ ownerId: owner.id });
  const vacancy = await buildJobVacancy({ businessId: business.id, posterId: owner.id, title: 'Barista' });
  return { owner, business, vacancy };
}

describe('job applications', () => {
  it('requires authentication', async () => {
    const { vacancy } = await ownedVacancy();
    const a = await buildJobApplication({ vacancyId: vacancy.id });
    expect(codeOf(await gql(APPLY, { input: { vacancyId: vacancy.id, fullName: 'A', email: 'a@b.co' } }))).toBe(
      'UNAUTHENTICATED',
    );
    expect(codeOf(await gql(ATS, { id: vacancy.id }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(STAGE, { id: a.id, stage: 'offer' }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(MINE))).toBe('UNAUTHENTICATED');
    await expect(readCv(null, a.id)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('an application enters the pipeline at View Profile, with its CV in the private store (no /media URL)', async () => {
    const { vacancy, business } = await ownedVacancy();
    const me = await buildUser();
    const r = await gql(
      APPLY,
      {
        input: {
          vacancyId: vacancy.id,
          fullName: ' Thandi Nkosi ',
          email: 'thandi@example.com',
          cvFileName: 'cv.pdf',
          cvFileData: files.pdf,
          linkedIn: 'linkedin.com/in/thandi',
        },
      },
      { as: me },
    );
    expect(r.errors).toBeUndefined();
    const a = r.data.applyForJob;
    expect(a).toMatchObject({
      applicantName: 'Thandi Nkosi',
      stage: null,
      isRejected: false,
      status: 'pending',
      cvFileName: 'cv.pdf',
      cvUrl: `/api/job-applications/${a.id}/cv`,
    });
    expect(a.vacancy).toMatchObject({
      title: 'Barista',
      company: business.name,
      applicantCount: 1,
      viewerHasApplied: true,
    });
    const row = await db().getRepository(JobApplication).findOneByOrFail({ id: a.id });
    expect(row.linkedinUrl).toBe('https://linkedin.com/in/thandi');
    expect(row.cvKey).toMatch(/^cvs\/[0-9a-f-]{36}\.pdf$/);
    expect(row.cvKey).not.toContain('media');
    expect(fs.existsSync(path.join(settings().mediaDir, row.cvKey!))).toBe(false);
    expect((await readPrivate(row.cvKey!))!.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('accepts DOC and DOCX by their bytes; refuses other files whatever their name, and files over 5 MB, keeping nothing', async () => {
    const { vacancy } = await ownedVacancy();
    for (const cv of [doc, docx]) {
      const r = await gql(
        APPLY,
        { input: { vacancyId: vacancy.id, fullName: 'A B', email: 'a@b.co', cvFileName: 'cv.docx', cvFileData: cv } },
        { as: await buildUser() },
      );
      expect(r.errors).toBeUndefined();
    }
    const filesBefore = cvFiles();
    const before = await applicationsOf(vacancy.id);
    for (const cv of [xlsx, files.png, dataUrl(Buffer.from('MZ\x90\x00 not a pdf'), 'application/pdf')]) {
      const r = await gql(
        APPLY,
        { input: { vacancyId: vacancy.id, fullName: 'A B', email: 'a@b.co', cvFileName: 'cv.pdf', cvFileData: cv } },
        { as: await buildUser() },
      );
      expect(codeOf(r)).toBe('BAD_USER_INPUT');
      expect(r.errors![0].message).toBe('Please upload a PDF, DOC, or DOCX file.');
    }
    const big = await gql(
      APPLY,
      {
        input: { vacancyId: vacancy.id, fullName: 'A B', email: 'a@b.co', cvFileData: pdfOfSize(5 * 1024 * 1024 + 1) },
      },
      { as: await buildUser() },
    );
    expect(codeOf(big)).toBe('PAYLOAD_TOO_LARGE');
    expect(big.errors![0].message).toBe('Please upload a file smaller than 5MB.');
    const exactly5 = await gql(
      APPLY,
      { input: { vacancyId: vacancy.id, fullName: 'A B', email: 'a@b.co', cvFileData: pdfOfSize(5 * 1024 * 1024) } },
      { as: await buildUser() },
    );
    expect(exactly5.errors).toBeUndefined();
    expect(await applicationsOf(vacancy.id)).toBe(before + 1);
    expect(cvFiles()).toBe(filesBefore + 1);
  });

  it("needs the applicant's name and e-mail (the spec's message)", async () => {
    const { vacancy } = await ownedVacancy();
    for (const input of [{ email: 'a@b.co' }, { fullName: 'A B', email: '  ' }]) {
      const r = await gql(APPLY, { input: { vacancyId: vacancy.id, ...input } }, { as: await buildUser() });
      expect(r.errors![0].message).toBe('Please fill in your name and email.');
    }
    expect(
      codeOf(
        await gql(
          APPLY,
          { input: { vacancyId: vacancy.id, fullName: 'A', email: 'not-an-email' } },
          { as: await buildUser() },
        ),
      ),
    ).toBe('BAD_USER_INPUT');
    expect(
      codeOf(
        await gql(
          APPLY,
          { input: { vacancyId: vacancy.id, fullName: 'A', email: 'a@b.co', portfolio: 'javascript:alert(1)' } },
          { as: await buildUser() },
        ),
      ),
    ).toBe('BAD_USER_INPUT');
    expect(await applicationsOf(vacancy.id)).toBe(0);
  });

  it('one application per member and vacancy: fifty at once make one row, a second answers Already Applied', async () => {
    const { vacancy } = await ownedVacancy();
    const me = await buildUser();
    const input = { vacancyId: vacancy.id, fullName: 'A B', email: 'a@b.co' };
    const results = await Promise.all(Array.from({ length: 50 }, () => gql(APPLY, { input }, { as: me })));
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(results.filter((r) => codeOf(r) === 'CONFLICT')).toHaveLength(49);
    expect(results.find((r) => r.errors)!.errors![0].message).toBe('Already Applied');
    expect(await applicationsOf(vacancy.id)).toBe(1);
  });

  it("finds the vacancy by the spec's jobTitle and companyName when exactly one open job matches", async () => {
    const { vacancy, business } = await ownedVacancy();
    const ok = await gql(
      APPLY,
      { input: { jobTitle: 'barista', companyName: business.name.toUpperCase(), fullName: 'A B', email: 'a@b.co' } },
      { as: await buildUser() },
    );
    expect(ok.data.applyForJob.vacancyId).toBe(vacancy.id);
    await buildJobVacancy({ businessId: business.id, posterId: business.ownerId!, title: 'Barista' });
    const twice = await gql(
      APPLY,
      { input: { jobTitle: 'Barista', companyName: business.name, fullName: 'A B', email: 'a@b.co' } },
      { as: await buildUser() },
    );
    expect(codeOf(twice)).toBe('BAD_USER_INPUT');
    const none = await gql(
      APPLY,
      { input: { jobTitle: 'Astronaut', companyName: business.name, fullName: 'A B', email: 'a@b.co' } },
      { as: await buildUser() },
    );
    expect(codeOf(none)).toBe('NOT_FOUND');
    expect(codeOf(await gql(APPLY, { input: { fullName: 'A B', email: 'a@b.co' } }, { as: await buildUser() }))).toBe(
      'BAD_USER_INPUT',
    );
  });

  it('refuses closed or expired jobs and your own job', async () => {
    const { vacancy, owner } = await ownedVacancy();
    const closed = await buildJobVacancy({ isActive: false });
    const expired = await buildJobVacancy({ applicationDeadline: '2020-01-01' });
    const input = { fullName: 'A B', email: 'a@b.co' };
    expect(codeOf(await gql(APPLY, { input: { ...input, vacancyId: closed.id } }, { as: await buildUser() }))).toBe(
      'BAD_USER_INPUT',
    );
    expect(codeOf(await gql(APPLY, { input: { ...input, vacancyId: expired.id } }, { as: await buildUser() }))).toBe(
      'BAD_USER_INPUT',
    );
    expect(codeOf(await gql(APPLY, { input: { ...input, vacancyId: vacancy.id } }, { as: owner }))).toBe('FORBIDDEN');
  });
});

describe('applicant tracking', () => {
  it('only the vacancy owner sees the applications, moves stages, saves notes and rejects: anyone else is FORBIDDEN and nothing changes', async () => {
    const { vacancy } = await ownedVacancy();
    const applicant = await buildUser();
    const a = await buildJobApplication({ vacancyId: vacancy.id, applicantId: applicant.id });
    for (const other of [applicant, await buildUser()]) {
      expect(codeOf(await gql(ATS, { id: vacancy.id }, { as: other }))).toBe('FORBIDDEN');
      expect(codeOf(await gql(STAGE, { id: a.id, stage: 'offer' }, { as: other }))).toBe('FORBIDDEN');
      expect(codeOf(await gql(NOTES, { id: a.id, notes: 'hire' }, { as: other }))).toBe('FORBIDDEN');
      expect(codeOf(await gql(REJECT, { id: a.id }, { as: other }))).toBe('FORBIDDEN');
    }
    expect(await db().getRepository(JobApplication).findOneByOrFail({ id: a.id })).toMatchObject({
      stage: 'view_profile',
      notes: null,
      isRejected: false,
    });
    expect(await db().getRepository(Notification).countBy({ recipientId: applicant.id })).toBe(0);
  });

  it('moves through any stage, saves non-blank notes, rejects once and then refuses stage changes but keeps notes', async () => {
    const { vacancy, owner } = await ownedVacancy();
    const a = await buildJobApplication({ vacancyId: vacancy.id });
    for (const stage of ['interviewing', 'shortlisted', 'visa_application', 'offer']) {
      expect((await gql(STAGE, { id: a.id, stage }, { as: owner })).data.moveApplicationStage.stage).toBe(stage);
    }
    expect((await gql(STAGE, { id: a.id, stage: 'hired' }, { as: owner })).errors![0].message).toMatch(
      /ApplicationStage/,
    );
    expect(codeOf(await gql(NOTES, { id: a.id, notes: '   ' }, { as: owner }))).toBe('BAD_USER_INPUT');
    expect(
      (await gql(NOTES, { id: a.id, notes: 'Strong candidate' }, { as: owner })).data.saveApplicationNotes.notes,
    ).toBe('Strong candidate');
    const rejected = await gql(REJECT, { id: a.id, reason: 'Position filled' }, { as: owner });
    expect(rejected.data.rejectApplication).toMatchObject({
      isRejected: true,
      rejectionReason: 'Position filled',
      stage: 'offer',
    });
    expect(codeOf(await gql(STAGE, { id: a.id, stage: 'shortlisted' }, { as: owner }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(REJECT, { id: a.id }, { as: owner }))).toBe('BAD_USER_INPUT');
    expect(
      (await gql(NOTES, { id: a.id, notes: 'Keep for later' }, { as: owner })).data.saveApplicationNotes.notes,
    ).toBe('Keep for later');
    const board = await gql(ATS, { id: vacancy.id }, { as: owner });
    expect(board.data.vacancyApplications.nodes[0]).toMatchObject({
      stage: 'offer',
      isRejected: true,
      notes: 'Keep for later',
    });
  });

  it('a rejection notifies the applicant live, and shows on their own list as rejected with the reason as feedback (never the notes)', async () => {
    const { vacancy, owner, business } = await ownedVacancy();
    const applicant = await buildUser();
    const a = await buildJobApplication({ vacancyId: vacancy.id, applicantId: applicant.id, notes: 'private' });
    const sub = await subscribeAs(`subscription { notificationAdded { title message link } }`, applicant);
    try {
      const next = sub.next();
      await gql(REJECT, { id: a.id, reason: 'We chose someone local' }, { as: owner });
      const event = (await next) as { notificationAdded: { title: string; message: string; link: string } };
      expect(event.notificationAdded.title).toBe('Application update');
      expect(event.notificationAdded.message).toBe(
        `Your application for Barista at ${business.name} was not successful. Feedback: We chose someone local`,
      );
    } finally {
      await sub.close();
    }
    const mine = await gql(MINE, {}, { as: applicant });
    expect(mine.data.myJobApplications.nodes).toEqual([
      {
        id: a.id,
        status: 'rejected',
        feedback: 'We chose someone local',
        notes: null,
        vacancy: {
          title: 'Barista',
          company: business.name,
          location: 'Cape Town',
          jobType: 'Full-time',
          salary: null,
        },
      },
    ]);
  });

  it("member-posted jobs are managed by their poster; the member's status follows the stage", async () => {
    const poster = await buildUser();
    const vacancy = await buildJobVacancy({ posterId: poster.id });
    const applicant = await buildUser();
    const a = await buildJobApplication({ vacancyId: vacancy.id, applicantId: applicant.id });
    await gql(STAGE, { id: a.id, stage: 'offer' }, { as: poster });
    expect((await gql(MINE, {}, { as: applicant })).data.myJobApplications.nodes[0].status).toBe('accepted');
  });

  it('the CV is read by the applicant and the vacancy owner only', async () => {
    const { vacancy, owner } = await ownedVacancy();
    const applicant = await buildUser();
    const r = await gql(
      APPLY,
      {
        input: {
          vacancyId: vacancy.id,
          fullName: 'A B',
          email: 'a@b.co',
          cvFileName: 'Thandi CV.pdf',
          cvFileData: files.pdf,
        },
      },
      { as: applicant },
    );
    const id = r.data.applyForJob.id;
    for (const who of [applicant, owner]) {
      const cv = await readCv(who, id);
      expect(cv).toMatchObject({ mime: 'application/pdf', fileName: 'Thandi CV.pdf' });
      expect(cv.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    }
    await expect(readCv(await buildUser(), id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const noCv = await buildJobApplication({ vacancyId: vacancy.id });
    await expect(readCv(owner, noCv.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the CV is named by its detected type, never by the uploader (issue 24, item 13)', () => {
  it('a %PDF- file with an HTML body sent as cv.html is listed, served and typed as cv.pdf', async () => {
    const { vacancy, owner } = await ownedVacancy();
    const applicant = await buildUser();
    const polyglot = dataUrl(
      Buffer.from('%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>'),
      'text/html',
    );
    const r = await gql(
      APPLY,
      {
        input: { vacancyId: vacancy.id, fullName: 'A B', email: 'a@b.co', cvFileName: 'cv.html', cvFileData: polyglot },
      },
      { as: applicant },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data.applyForJob.cvFileName).toBe('cv.pdf');
    const cv = await readCv(owner, r.data.applyForJob.id);
    expect(cv).toMatchObject({ mime: 'application/pdf', fileName: 'cv.pdf' });
    for (const [given, named] of [
      ['CV.PDF.html', 'CV.pdf'],
      ['Thandi CV.svg ', 'Thandi CV.pdf'],
      ['.html', 'cv.pdf'],
      ['resume', 'resume.pdf'],
    ]) {
      const again = await gql(
        APPLY,
        {
          input: {
            vacancyId: (await ownedVacancy()).vacancy.id,
            fullName: 'A B',
            email: 'a@b.co',
            cvFileName: given,
            cvFileData: polyglot,
          },
        },
        { as: applicant },
      );
      expect(again.data.applyForJob.cvFileName, given).toBe(named);
    }
  });

  it("a CV stored earlier under the uploader's extension is served under the detected one", async () => {
    const { vacancy, owner } = await ownedVacancy();
    const old = await buildJobApplication({
      vacancyId: vacancy.id,
      cvKey: await storePrivate(Buffer.from('%PDF-1.4 <html>'), { folder: 'cvs', ext: 'pdf' }),
      cvType: 'pdf',
      cvFileName: 'cv.html',
    });
    expect(await readCv(owner, old.id)).toMatchObject({ mime: 'application/pdf', fileName: 'cv.pdf' });
    // The migration renames such rows, so the list (the employer's download link) shows the detected type too.
    const kept = await buildJobApplication({ vacancyId: vacancy.id, cvType: 'docx', cvFileName: 'My CV.docx' });
    const runner = db().createQueryRunner();
    try {
      await new FileNamesOfDetectedType1795860000000().up(runner);
    } finally {
      await runner.release();
    }
    const names = await db()
      .getRepository(JobApplication)
      .findBy([{ id: old.id }, { id: kept.id }]);
    expect(Object.fromEntries(names.map((a) => [a.id, a.cvFileName]))).toEqual({
      [old.id]: 'cv.pdf',
      [kept.id]: 'My CV.docx',
    });
  });
});

describe('applications between a blocked pair keep working (block.service.ts: jobs are not filtered)', () => {
  it('the manager still sees, moves and rejects the application; the applicant still sees its outcome and feedback', async () => {
    for (const managerBlocks of [true, false]) {
      const { owner, vacancy } = await ownedVacancy();
      const applicant = await buildUser();
      const application = await buildJobApplication({ vacancyId: vacancy.id, applicantId: applicant.id });
      const [blocker, blocked] = managerBlocks ? [owner, applicant] : [applicant, owner];
      expect(
        (await gql(`mutation($id: ID!) { blockMember(userId: $id) { id } }`, { id: blocked.id }, { as: blocker }))
          .errors,
      ).toBeUndefined();
      expect(
        (await gql(ATS, { id: vacancy.id }, { as: owner })).data.vacancyApplications.nodes.map(
          (n: { id: string }) => n.id,
        ),
      ).toEqual([application.id]);
      expect(
        (await gql(STAGE, { id: application.id, stage: 'interviewing' }, { as: owner })).data.moveApplicationStage
          .stage,
      ).toBe('interviewing');
      expect(
        (await gql(REJECT, { id: application.id, reason: 'Position filled' }, { as: owner })).data.rejectApplication
          .isRejected,
      ).toBe(true);
      const mine = (await gql(MINE, {}, { as: applicant })).data.myJobApplications.nodes;
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ id: application.id, feedback: 'Position filled', vacancy: { title: 'Barista' } });
    }
  });
});
