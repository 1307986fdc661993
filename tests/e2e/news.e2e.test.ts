/**
 * News as a member reads it (spec 002 "News"): the app's feeds point at a stub feed server on 127.0.0.1 serving the
 * fixture RSS (with HTML and scripts in it) and Atom feeds. South African and International show the fixture
 * articles as plain text in cards that open the article in a new tab; My Location reads the local feed of the
 * browser's position.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startFeedStub } from '../../api/src/modules/news/news.fixtures';
import { waitUntil } from '../support/browser';
import { browserSuite, shown } from '../support/suite';

// The stub listens on a fixed loopback port so the app's environment can name it before the app starts.
const STUB_PORT = 3460;
const STUB = `http://127.0.0.1:${STUB_PORT}`;
let stub: Awaited<ReturnType<typeof startFeedStub>>;
beforeAll(async () => {
  stub = await startFeedStub({ port: STUB_PORT });
});
afterAll(() => stub?.stop());

const { page, signUp } = browserSuite({
  RATE_SIGNUP_PER_IP: '1000',
  RATE_SIGNIN_PER_IP: '1000',
  NEWS_SA_FEEDS: `${STUB}/rss,${STUB}/broken`,
  NEWS_INTERNATIONAL_FEEDS: `${STUB}/atom`,
  NEWS_LOCAL_FEED_TEMPLATE: `${STUB}/local?q={place}`,
});

test('a member reads South African, international and local news from the feeds, as plain text, opening in a new tab', async () => {
  const reader = await page({ permissions: ['geolocation'], geolocation: { latitude: -26.2, longitude: 28.05 } });
  await signUp(reader.context, 'Nomsa', 'Reader');
  const p = reader.page;

  await p.goto('/news?region=sa');
  await shown(p.getByRole('heading', { level: 1, name: 'News' }), 'the News screen');
  const cards = p.getByTestId('news-card');
  await shown(cards.first(), 'the first article');
  expect(await cards.count()).toBe(2);
  const first = cards.nth(0);
  expect(await first.getAttribute('href')).toBe('https://karoo.example/boks');
  expect(await first.getAttribute('target')).toBe('_blank');
  expect(await first.getAttribute('rel')).toMatch(/noopener/);
  await shown(first.getByText('Springboks name squad'), 'the headline');
  await shown(first.getByText('The coach names 33 players & two new caps.'), 'the plain-text summary');
  await shown(
    cards.nth(1).getByText('Farmers celebrate the first rain in months.'),
    'the second summary, without markup',
  );
  const text = await p.getByTestId('news-list').innerText();
  expect(text).not.toMatch(/alert|script|<|>/i);
  expect(await p.getByTestId('news-list').locator('script').count()).toBe(0);

  // A new tab opens the article (the stub's site is not reachable here: the popup itself is what counts).
  const asked: string[] = [];
  reader.context.on('request', (r) => void asked.push(r.url()));
  const [popup] = await Promise.all([p.waitForEvent('popup'), first.click()]);
  await waitUntil(() => asked.includes('https://karoo.example/boks'), 'the article asked for in the new tab');
  expect(popup).not.toBe(p);
  await popup.close();

  await p.getByRole('combobox', { name: 'Location' }).selectOption('international');
  await shown(p.getByText('Summit ends with a climate deal'), 'the Atom article');
  expect(await cards.count()).toBe(1);
  expect(p.url()).toContain('region=international');

  await p.getByRole('combobox', { name: 'Location' }).selectOption('local');
  await shown(
    p.getByText('Local Courier Johannesburg · ', { exact: false }).first(),
    'the local feed of the nearest city',
  );
});
