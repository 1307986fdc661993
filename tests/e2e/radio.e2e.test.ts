/**
 * Radio as a member uses it (spec 002 "Radio Stations", spec 000 sections 2 and 9): the floating player of the
 * shell switches stations; here the stations' streams cannot load (no internet: the suite aborts every request to
 * another origin), so the error state must appear within a few seconds rather than a spinner for ever, and a switch
 * restarts the stream with the new station. The /radio page plays through the same player.
 */
import { expect, test } from 'vitest';
import { waitUntil } from '../support/browser';
import { browserSuite, shown } from '../support/suite';

const { page, signUp } = browserSuite();

test('the floating player switches stations; a stream that cannot load shows the error state, and switching restarts it', async () => {
  const listener = await page();
  await signUp(listener.context, 'Kabelo', 'Listener');
  const p = listener.page;
  const streams: string[] = [];
  p.on('request', (r) => {
    if (/iono\.fm|streamtheworld\.com/.test(r.url())) streams.push(r.url());
  });

  await p.goto('/');
  const player = await shown(p.getByTestId('floating-radio'), 'the floating radio player');
  await player.getByRole('button', { name: 'Expand radio player' }).click();
  const select = player.getByRole('combobox', { name: 'Station' });
  expect(await select.locator('option').allTextContents()).toEqual([
    'Jacaranda FM',
    '947',
    '5FM',
    'KFM',
    'Cape Talk',
    'OFM',
    'Classic FM',
    'Radio 2000',
  ]);
  await select.selectOption({ label: 'KFM' });
  const started = Date.now();
  await player.getByRole('button', { name: 'Play radio' }).click();
  await shown(player.getByRole('alert').filter({ hasText: 'This station could not be loaded.' }), 'the error state');
  expect(Date.now() - started).toBeLessThan(10_000);
  await waitUntil(() => streams.some((u) => u.includes('KFM')), 'a request for the KFM stream');

  // Switching restarts the stream with the new station (and fails the same way here).
  await select.selectOption({ label: '5FM' });
  await waitUntil(() => streams.some((u) => u.includes('5fm')), 'a request for the 5FM stream');
  await shown(player.getByRole('alert'), 'the error state for 5FM');

  // The /radio page drives the same player: its now-playing card has the ten stations and the volume at 70%.
  await p.goto('/radio');
  await shown(p.getByRole('heading', { level: 1, name: 'Radio Stations' }), 'the Radio screen');
  expect(await p.getByRole('heading', { name: 'Browse Stations' }).isVisible()).toBe(true);
  const card = p.getByTestId('now-playing');
  await card.getByRole('button', { name: 'Next station' }).click();
  await shown(card.getByTestId('now-playing-name').filter({ hasText: '947' }), 'the next station');
  await shown(card.getByRole('alert'), 'the error state on the page');
  await waitUntil(() => streams.some((u) => u.includes('FM947')), 'a request for the 947 stream');
  await shown(p.getByTestId('radio-volume').first().filter({ hasText: '70%' }), 'the volume at 70%');
  // The floating player no longer owns the stream: its play button offers Play.
  await shown(p.getByTestId('floating-radio').getByRole('button', { name: 'Play radio' }), 'the floating player idle');
});
