/**
 * Explore and the top bar's search as members use them (spec 001 section 2.7, issue 12): a member types in the top
 * bar and sees the first matches of every kind, opens one with the keyboard and Explore with Enter; on Explore they
 * follow a person (stored: the profile counts it under Following), view a business and an event, apply to a job with
 * the job application dialog, and join a group; on a phone the search icon does the same.
 *
 * The business, event and job are made in SQL (their modules own their APIs and have their own browser tests).
 */
import { Client as Pg } from 'pg';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { waitUntil } from '../support/browser';
import { browserSuite, shown } from '../support/suite';

const { page, gql, signUp, app } = browserSuite();

const toast = (p: Page, title: string) => p.getByRole('status').filter({ has: p.getByText(title, { exact: true }) });
const where = (p: Page) => new URL(p.url()).pathname + new URL(p.url()).search;

async function seedRows(hostId: string) {
  const pg = new Pg({ connectionString: app().databaseUrl });
  await pg.connect();
  try {
    const b = await pg.query(
      `INSERT INTO businesses (name, category, owner_id) VALUES ('Kwela Explore Deli', 'Food & Drink', $1) RETURNING ` +
        `id`,
      [hostId],
    );
    const e = await pg.query(
      `INSERT INTO events (host_id, title, description, date, time, location, category) VALUES ($1, 'Kwela Explore ` +
        `Braai', 'A braai', current_date + 7, '18:00', 'Cape Town', 'Music') RETURNING id`,
      [hostId],
    );
    await pg.query(
      `INSERT INTO job_vacancies (business_id, poster_id, title, location, job_type, description) VALUES ($1, $2, ` +
        `'Kwela Explore Barista', 'Cape Town', 'Full-time', 'Coffee')`,
      [b.rows[0].id, hostId],
    );
    return { eventId: e.rows[0].id as string };
  } finally {
    await pg.end();
  }
}

test('the top bar shows matches of every kind as the member types; Explore follows, views, applies and joins from each tab', async () => {
  const host = await page();
  const h = await signUp(host.context, 'Bongani', 'Kwelahost');
  const { eventId } = await seedRows(h.id);
  await gql(host.context, `mutation($input: CreateGroupInput!) { createGroup(input: $input) { id } }`, {
    input: {
      name: 'Kwela Explore Braai Club',
      type: 'Braai',
      locationName: 'Sea Point',
      latitude: -33.92,
      longitude: 18.42,
    },
  });
  const { context, page: p } = await page();
  await signUp(context, 'Lerato', 'Explorer');
  await p.goto('/');

  // The top bar: the first matches of every kind, grouped, as the member types.
  const box = p.getByRole('combobox', { name: 'Search Saffa' });
  await (await shown(box, 'the top bar search')).fill('kwela');
  const list = p.getByRole('listbox', { name: 'Search suggestions' });
  for (const name of [
    'Bongani Kwelahost',
    'Kwela Explore Deli',
    'Kwela Explore Braai',
    'Kwela Explore Braai Club',
    'Kwela Explore Barista',
  ]) {
    await shown(list.getByRole('option', { name, exact: true }), `the suggestion ${name}`);
  }
  expect(await box.getAttribute('aria-expanded')).toBe('true');
  // Arrows move through the matches; Enter opens the chosen one (the business, on the Business screen).
  await box.press('ArrowDown');
  await box.press('ArrowDown');
  expect(await list.getByRole('option', { name: 'Kwela Explore Deli' }).getAttribute('aria-selected')).toBe('true');
  await box.press('Enter');
  await waitUntil(
    async () => where(p) === '/business?company=Kwela%20Explore%20Deli',
    'the business page from the suggestion',
  );
  // Escape closes the suggestions; Enter with none chosen opens Explore on the query.
  await box.fill('kwelahost');
  await shown(list.getByRole('option', { name: 'Bongani Kwelahost' }), 'the person suggestion');
  await box.press('Escape');
  expect(await box.getAttribute('aria-expanded')).toBe('false');
  await box.press('Enter');
  await waitUntil(async () => where(p) === '/explore?q=kwelahost', 'Explore with the query');

  // People: follow a person, stored and counted under Following.
  await shown(p.getByRole('heading', { level: 1, name: 'Explore' }), 'the Explore screen');
  const person = p.getByRole('article', { name: 'Bongani Kwelahost' });
  await (await shown(person.getByRole('button', { name: 'Follow Bongani Kwelahost' }), 'Follow')).click();
  await shown(toast(p, 'Success'), 'the Success toast');
  await shown(p.getByText('You are now following Bongani Kwelahost'), 'the follow text');
  await shown(person.getByRole('button', { name: 'Following Bongani Kwelahost' }), 'Following');
  const counts = await gql<{ me: { followingCount: number } }>(context, '{ me { followingCount } }');
  expect(counts.me.followingCount).toBe(1);
  await p.reload();
  await shown(
    p.getByRole('article', { name: 'Bongani Kwelahost' }).getByRole('button', { name: 'Following Bongani Kwelahost' }),
    'Following after a reload',
  );

  // Businesses: View opens the business page.
  const search = p.getByRole('searchbox', { name: 'Search Explore' });
  await search.fill('kwela explore');
  await p.getByRole('tab', { name: 'Businesses' }).click();
  const business = await shown(p.getByRole('article', { name: 'Kwela Explore Deli' }), 'the business card');
  await business.getByRole('link', { name: 'View Kwela Explore Deli' }).click();
  await waitUntil(
    async () => where(p) === '/business?company=Kwela%20Explore%20Deli',
    'the business page from Explore',
  );
  await p.goBack();

  // Events: View opens that event's details on the Events screen (/events?id=); closing them takes the id away.
  await p.getByRole('tab', { name: 'Events' }).click();
  await waitUntil(async () => new URL(p.url()).searchParams.get('tab') === 'events', 'the Events tab in the URL');
  const event = await shown(p.getByRole('article', { name: 'Kwela Explore Braai' }), 'the event card');
  await event.getByRole('link', { name: 'View Kwela Explore Braai' }).click();
  await waitUntil(async () => where(p) === `/events?id=${eventId}`, "the event's link");
  const details = await shown(p.getByTestId('event-detail'), "the event's details");
  await shown(details.getByRole('heading', { name: 'Kwela Explore Braai' }), "the event's title in its details");
  await shown(details.getByText('Hosted by Bongani Kwelahost'), 'its host');
  await details.getByRole('button', { name: 'Close' }).click();
  await waitUntil(
    async () => where(p) === '/events' && (await p.getByTestId('event-detail').count()) === 0,
    'the details closed and the id gone from the URL',
  );
  await shown(p.getByRole('heading', { level: 1, name: 'Events' }), 'the Events screen under them');
  await p.goBack();

  // Jobs: Apply with the job application dialog.
  await p.getByRole('tab', { name: 'Jobs' }).click();
  const job = await shown(
    p.getByRole('article', { name: 'Kwela Explore Barista at Kwela Explore Deli' }),
    'the job card',
  );
  await job.getByRole('button', { name: 'Apply for Kwela Explore Barista' }).click();
  const dialog = await shown(p.getByTestId('apply-dialog'), 'the application dialog');
  expect(await dialog.getByRole('textbox', { name: /Full name/ }).inputValue()).toBe('Lerato Explorer');
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  await shown(toast(p, 'Application Submitted'), 'the Application Submitted toast');
  await shown(job.getByRole('button', { name: 'Applied to Kwela Explore Barista' }), 'Applied on the card');

  // Groups: join a group.
  await p.getByRole('tab', { name: 'Groups' }).click();
  const group = p.getByTestId('group-card').filter({ hasText: 'Kwela Explore Braai Club' });
  await (await shown(group.getByRole('button', { name: 'Join Community' }), 'Join Community')).click();
  await shown(p.getByText('You joined Kwela Explore Braai Club'), 'the join toast');
  await shown(group.getByRole('button', { name: 'Leave' }), 'Leave once a member');
  const groups = await gql<{ myGroups: { nodes: Array<{ name: string }> } }>(
    context,
    '{ myGroups { nodes { name } } }',
  );
  expect(groups.myGroups.nodes.map((g) => g.name)).toContain('Kwela Explore Braai Club');
});

test('on a phone the search icon opens the search with the same suggestions and Explore', async () => {
  const host = await page();
  await signUp(host.context, 'Sizwe', 'Phonesearch');
  const { context, page: p } = await page({ viewport: { width: 390, height: 844 }, hasTouch: true });
  await signUp(context, 'Naledi', 'Mobile');
  await p.goto('/');
  await (await shown(p.getByRole('button', { name: 'Search' }), 'the search icon')).click();
  const box = await shown(p.getByRole('combobox', { name: 'Search Saffa' }), 'the search box');
  await box.fill('phonesearch');
  await shown(
    p.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option', { name: 'Sizwe Phonesearch' }),
    'the suggestion',
  );
  await box.press('Enter');
  await waitUntil(async () => where(p) === '/explore?q=phonesearch', 'Explore with the query');
  await shown(p.getByRole('article', { name: 'Sizwe Phonesearch' }), 'the person on Explore');
  expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
