/**
 * Bragging Rights as members play it (spec 002 sections 2, 5, 8 and 9): an admin adds a championship and an event
 * through the dialogs (the spec's 'Missing fields' first, a logo file), a member picks a winner and margin before
 * the deadline (Select, then a disabled Selected), the event starts, the admin scores it, and the member sees the
 * points on the leaderboard, the championship's standings with the gold place, and a badge in My Badges.
 */
import { expect, test } from 'vitest';
import { PNG_BYTES } from '../support/files';
import { browserSuite, shown, toast } from '../support/suite';

const ADMIN_EMAIL = 'bragging-admin@e2e.example';
const { page, gql, signUp, signUpAdmin } = browserSuite({
  RATE_SIGNUP_PER_IP: '1000',
  RATE_SIGNIN_PER_IP: '1000',
  ADMIN_EMAILS: ADMIN_EMAIL,
});

const localInput = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

test('an admin adds a championship and events, a member predicts, the admin scores, the member sees points and a badge', async () => {
  const admin = await page();
  const member = await page();
  await signUpAdmin(admin.context, ADMIN_EMAIL);
  await signUp(member.context, 'Sipho', 'Predictor');

  // A member sees no admin buttons and the empty states.
  const mp = member.page;
  await mp.goto('/bragging-rights');
  await shown(mp.getByText('No events available'), 'the empty event list');
  await shown(mp.getByText('No rankings yet'), 'the empty leaderboard');
  expect(await mp.getByRole('button', { name: /Add Championship/ }).count()).toBe(0);

  // The admin adds a championship: a blank form shows the spec's message first.
  const ap = admin.page;
  await ap.goto('/bragging-rights?category=Rugby');
  await ap.getByRole('button', { name: /Add Championship/ }).click();
  const champ = await shown(ap.getByTestId('championship-dialog'), 'the Add Championship dialog');
  await champ.getByRole('button', { name: 'Create Championship' }).click();
  await shown(champ.getByText('Please fill in all required fields'), "the 'Missing fields' message");
  await champ.getByRole('textbox', { name: /^Name/ }).fill('Currie Cup E2E');
  await champ.getByRole('textbox', { name: /^Description/ }).fill('Domestic rugby, the e2e edition');
  await champ.locator('input[name="startDate"]').fill('2026-07-01');
  await champ.locator('input[name="endDate"]').fill('2026-10-30');
  await champ.getByRole('button', { name: 'Create Championship' }).click();
  await shown(toast(ap, 'Championship created!'), 'the success toast');
  const card = await shown(
    ap.getByTestId('championships').getByRole('link', { name: 'Currie Cup E2E' }),
    'the championship card',
  );
  const championshipId = (await card.getAttribute('href'))!.split('/').pop()!;

  // The admin adds an event in a few days with a logo, through the dialog.
  await ap.getByRole('button', { name: /Add Event/ }).click();
  const ev = await shown(ap.getByTestId('event-dialog'), 'the Add Event dialog');
  await ev.getByRole('textbox', { name: /^Title/ }).fill('Lions vs Pumas');
  await ev.getByRole('textbox', { name: /^Team 1/ }).fill('Golden Lions');
  await ev.getByRole('textbox', { name: /^Team 2/ }).fill('Pumas');
  await ap.getByTestId('team1-logo').setInputFiles({ name: 'lions.png', mimeType: 'image/png', buffer: PNG_BYTES });
  await ev.locator('select[name="championshipId"]').selectOption(championshipId);
  await ev.locator('input[name="eventDate"]').fill(localInput(new Date(Date.now() + 3 * 86_400_000)));
  await ev.locator('input[name="closingDate"]').fill(localInput(new Date(Date.now() + 4 * 86_400_000)));
  await ev.getByRole('button', { name: 'Create Event' }).click();
  await shown(ev.getByText('Prediction deadline must be before the event date'), "the 'Invalid deadline' message");
  await ev.locator('input[name="closingDate"]').fill(localInput(new Date(Date.now() + 2 * 86_400_000)));
  await ev.getByRole('button', { name: 'Create Event' }).click();
  await shown(toast(ap, 'Event created!'), 'the event toast');
  const lions = await shown(ap.getByTestId('bragging-event').filter({ hasText: 'Lions vs Pumas' }), 'the new event');
  await shown(lions.getByAltText('Golden Lions logo'), 'the stored logo');

  // An event that starts in a few seconds (minutes are the form's precision, so this one comes over GraphQL).
  const soon = await gql(
    admin.context,
    `mutation($input: CreateBraggingEventInput!) { createBraggingEvent(input: $input) { id } }`,
    {
      input: {
        title: 'Bulls vs Sharks',
        category: 'Rugby',
        championshipId,
        team1Name: 'Blue Bulls',
        team2Name: 'Sharks',
        eventDate: new Date(Date.now() + 9000).toISOString(),
        closingDate: new Date(Date.now() + 7000).toISOString(),
      },
    },
  );
  expect(soon.createBraggingEvent.id).toBeTruthy();

  // The member picks the Sharks by 7: the button turns into a disabled Selected.
  await mp.goto('/bragging-rights?category=Rugby');
  const match = await shown(
    mp.getByTestId('bragging-event').filter({ hasText: 'Bulls vs Sharks' }),
    "the member's event",
  );
  await match.getByRole('button', { name: 'Select a winner for Bulls vs Sharks' }).click();
  const dialog = await shown(mp.getByTestId('prediction-dialog'), 'the prediction dialog');
  await dialog.locator('select[name="predictedWinner"]').selectOption('team2');
  await dialog.getByRole('spinbutton', { name: /margin/ }).fill('7');
  await dialog.getByRole('button', { name: 'Submit Prediction' }).click();
  await shown(toast(mp, 'Prediction submitted!'), 'the prediction toast');
  await shown(match.getByRole('button', { name: 'Selected' }), 'Selected');
  expect(await match.getByRole('button', { name: 'Selected' }).isDisabled()).toBe(true);
  await shown(match.getByText('Your pick: Sharks by 7'), 'the pick');

  // Once it started, the admin scores it 17-24.
  await new Promise((r) => setTimeout(r, 9500));
  await ap.reload();
  const started = await shown(
    ap.getByTestId('bragging-event').filter({ hasText: 'Bulls vs Sharks' }),
    "the admin's event",
  );
  await shown(started.getByText('In progress'), 'In progress');
  await shown(started.getByRole('button', { name: 'Missed' }), 'Missed for the admin who did not predict');
  await started.getByRole('button', { name: 'Score' }).click();
  const score = await shown(ap.getByTestId('score-dialog'), 'the score dialog');
  await score.getByRole('spinbutton', { name: /Blue Bulls score/ }).fill('17');
  await score.getByRole('spinbutton', { name: /Sharks score/ }).fill('24');
  await score.getByRole('button', { name: 'Score Event' }).click();
  await shown(toast(ap, 'Event scored!'), 'the scored toast');
  await shown(started.getByText('Completed'), 'Completed');

  // The member sees 20 points (winner and exact margin) on the leaderboard, and badges.
  await mp.reload();
  const board = await shown(mp.getByTestId('leaderboard'), 'the leaderboard');
  await shown(board.getByText('Sipho Predictor'), 'the member on the leaderboard');
  await shown(board.getByText('20 pts'), 'the points');
  await shown(mp.getByTestId('my-badges').getByText('First Win'), 'the First Win badge');
  await shown(mp.getByTestId('my-badges').getByText('Category Leader: Rugby'), 'the Category Leader badge');
  await shown(
    mp.getByTestId('bragging-event').filter({ hasText: 'Bulls vs Sharks' }).getByText('· 20 points'),
    'the points on the event',
  );

  // The championship page: events and standings with the gold place; an unknown one is not found.
  await mp.getByTestId('championships').getByRole('link', { name: 'Currie Cup E2E' }).click();
  await shown(mp.getByRole('heading', { level: 1, name: 'Currie Cup E2E' }), 'the championship page');
  const standings = await shown(mp.getByTestId('championship-leaderboard'), 'the standings');
  await shown(standings.getByLabel('Gold, rank 1'), 'the gold place');
  await mp.keyboard.press('Tab');
  await mp.getByRole('link', { name: /Back to Bragging Rights/ }).click();
  await shown(mp.getByRole('heading', { level: 1, name: 'Bragging Rights' }), 'back on Bragging Rights');
  await mp.goto('/bragging-rights/championships/00000000-0000-4000-8000-000000000000');
  await shown(mp.getByText('Championship not found'), 'Championship not found');
}, 120_000);
