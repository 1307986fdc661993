/**
 * Jobs as members use them (spec 001 sections 2.3, 2.4, 4 and 8): an owner of a business page posts a vacancy with
 * the AI helper's draft (the built-in drafter), another member finds it on the job board and applies with a CV,
 * the owner moves the application through the stages on the tracking board (selector and drag and drop), opens the
 * private CV, rejects it, and the applicant sees the notification arrive live in the bell.
 *
 * The business page is made in SQL (the business module owns its API); its owner is owner_id.
 */
import { Client as Pg } from 'pg';
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { waitUntil } from '../support/browser';
import { PDF_BYTES } from '../support/files';
import { browserSuite, shown } from '../support/suite';

const { page, signUp, app } = browserSuite();

const toast = (p: Page, title: string) => p.getByRole('status').filter({ has: p.getByText(title, { exact: true }) });
const bell = (p: Page) => p.getByRole('button', { name: /^Notifications(, \S+ unread)?$/ });
const column = (board: Locator, name: string) => board.getByRole('region', { name: new RegExp(`^${name}, \\d+$`) });

test('an owner posts a vacancy with the AI draft, a member applies with a CV, the owner moves, rejects, and the applicant is told live', async () => {
  const owner = await page();
  const seeker = await page();
  const o = await signUp(owner.context, 'Pieter', 'Owner');
  await signUp(seeker.context, 'Lerato', 'Seeker');
  const pg = new Pg({ connectionString: app().databaseUrl });
  await pg.connect();
  await pg
    .query(`INSERT INTO businesses (name, category, owner_id) VALUES ('E2E Braai House', 'Restaurant', $1)`, [o.id])
    .finally(() => pg.end());

  // The owner: Post Job, then the full form with the AI helper, posting for their business page.
  const op = owner.page;
  await op.goto('/jobs');
  await shown(op.getByRole('heading', { level: 1, name: 'Jobs' }), 'the Jobs screen');
  await op.getByRole('button', { name: 'Post Job' }).click();
  const form = await shown(op.getByTestId('post-job-form'), 'the Post Job form');
  await shown(form.getByRole('combobox', { name: 'Post as' }), 'the business to post for');
  expect(await form.getByRole('combobox', { name: 'Post as' }).inputValue()).not.toBe('');
  await form.getByRole('textbox', { name: /Job title/ }).fill('Braai Chef');
  await form.getByRole('textbox', { name: /Location/ }).fill('London');
  await form.getByRole('combobox', { name: /Job type/ }).selectOption('part-time');
  await form.getByRole('button', { name: 'More details and AI helper' }).click();
  const create = await shown(op.getByTestId('create-vacancy'), 'the Create Job Vacancy dialog');
  expect(await create.getByRole('textbox', { name: /Job title/ }).inputValue()).toBe('Braai Chef');
  await create.getByRole('combobox', { name: /Experience level/ }).selectOption('Mid Level');
  await create.getByRole('button', { name: 'Generate with AI' }).click();
  await shown(toast(op, 'AI-tsa! Generated'), 'the AI toast');
  const description = await create.getByRole('textbox', { name: /Description/ }).inputValue();
  expect(description).toContain('Braai Chef');
  expect(await create.getByRole('textbox', { name: 'Benefits' }).inputValue()).toMatch(/^• /);
  await create.getByRole('button', { name: 'Create Job Vacancy' }).click();
  await shown(toast(op, 'Job Created'), 'the Job Created toast');

  // The member: finds it on the board by the company's name and applies with a PDF.
  const sp = seeker.page;
  await sp.goto('/jobs');
  await sp.getByRole('textbox', { name: 'Search jobs' }).fill('e2e braai');
  const card = sp.getByTestId('job-card').filter({ hasText: 'Braai Chef' });
  await shown(card, 'the job on the board');
  await shown(sp.getByText('1 job(s) found'), 'the count line');
  expect(await card.getByRole('link', { name: 'E2E Braai House' }).getAttribute('href')).toBe(
    '/business?company=E2E%20Braai%20House',
  );
  await card.getByRole('button', { name: 'Apply', exact: true }).click();
  const dialog = await shown(sp.getByTestId('apply-dialog'), 'the application dialog');
  expect(await dialog.getByRole('textbox', { name: /Full name/ }).inputValue()).toBe('Lerato Seeker');
  await sp
    .getByTestId('cv-input')
    .setInputFiles({ name: 'Lerato-CV.pdf', mimeType: 'application/pdf', buffer: PDF_BYTES });
  await shown(dialog.getByText(/Lerato-CV\.pdf/), 'the picked CV');
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  await shown(toast(sp, 'Application Submitted'), 'the Application Submitted toast');
  await shown(card.getByRole('button', { name: 'Applied' }), 'Applied on the card');
  expect(await card.getByRole('button', { name: 'Applied' }).isDisabled()).toBe(true);
  await shown(card.getByText('1 applicant'), 'the real applicant count');

  // The owner: the tracking board. The selector (the keyboard way), then drag and drop to the next column.
  await op.goto('/jobs');
  const ownCard = op.getByTestId('job-card').filter({ hasText: 'Braai Chef' });
  await (await shown(ownCard.getByRole('button', { name: 'Applicants' }), 'Applicants on the own job')).click();
  const board = await shown(op.getByTestId('applicant-tracking'), 'the tracking board');
  await shown(board.getByText('Braai Chef - Applicant Tracking'), 'the board title');
  await shown(board.getByText('1 total application'), 'the total');
  await shown(board.getByRole('region', { name: 'View Profile, 1' }), 'the application at View Profile');
  const stage = board.getByRole('combobox', { name: 'Stage of Lerato Seeker' });
  await stage.focus();
  await stage.selectOption('shortlisted');
  await shown(toast(op, 'Stage Updated'), 'Stage Updated');
  await shown(board.getByRole('region', { name: 'Shortlisted, 1' }), 'the application at Shortlisted');
  await column(board, 'Shortlisted').getByTestId('application-card').dragTo(column(board, 'Interviewing'));
  await shown(board.getByRole('region', { name: 'Interviewing, 1' }), 'the application dragged to Interviewing');

  // The details: the CV is downloadable by the owner through the private route, not by a stranger.
  await board.getByRole('button', { name: 'Lerato Seeker' }).click();
  const details = await shown(op.getByTestId('application-details'), 'the application details');
  const cvHref = await details.getByTestId('cv-link').getAttribute('href');
  expect(cvHref).toMatch(/^\/api\/job-applications\/[0-9a-f-]{36}\/cv$/);
  const cv = await owner.context.request.get(cvHref!);
  expect(cv.status()).toBe(200);
  expect((await cv.body()).subarray(0, 5).toString()).toBe('%PDF-');
  expect((await (await page()).context.request.get(cvHref!)).status()).toBe(401);

  // The member watches the bell while the owner rejects with a reason.
  await sp.goto('/jobs');
  await shown(bell(sp), 'the bell');
  await details.getByRole('button', { name: 'Reject' }).click();
  const reject = await shown(op.getByTestId('reject-dialog'), 'the Reject Application dialog');
  await reject.getByRole('textbox').fill('We chose someone in London already.');
  await reject.getByRole('button', { name: 'Reject Application' }).click();
  await shown(toast(op, 'Application Rejected'), 'Application Rejected');
  await shown(details.getByText('Rejected: We chose someone in London already.'), 'the rejected badge');

  await waitUntil(
    async () => (await bell(sp).getAttribute('aria-label')) === 'Notifications, 1 unread',
    'the live unread count in the bell',
    15_000,
  );
  await bell(sp).click();
  await shown(
    sp.getByText(
      /Your application for Braai Chef at E2E Braai House was not successful\. Feedback: We chose someone in London already\./,
    ),
    'the notification in the bell',
  );
});
