/**
 * Events and ticketing as members use them (spec 001 sections 2.6, 5 and 8): a member creates an event with two
 * tickets and an image, another member books until it sells out (the second request for five is clamped to the
 * last one), sees Sold Out and both tickets with their codes under My Tickets, and the host sees the tickets sold
 * and the revenue under Manage Events.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { waitUntil } from '../support/browser';
import { PNG_BYTES } from '../support/files';
import { browserSuite, shown } from '../support/suite';

const { page, signUp } = browserSuite();

const toast = (p: Page, title: string) => p.getByRole('status').filter({ has: p.getByText(title, { exact: true }) });

test('a member creates an event with 2 tickets, another books until Sold Out and sees the tickets, the host sees sold and revenue', async () => {
  const host = await page();
  const guest = await page();
  await signUp(host.context, 'Thandi', 'Host');
  await signUp(guest.context, 'Sipho', 'Guest');
  const title = 'E2E Amapiano Night';

  // The host: the Event button, the form with an image, Event Created!
  const hp = host.page;
  await hp.goto('/events');
  await shown(hp.getByRole('heading', { level: 1, name: 'Events' }), 'the Events screen');
  await hp.getByRole('button', { name: 'Event', exact: true }).click();
  const form = await shown(hp.getByTestId('create-event-dialog'), 'the Create Event dialog');
  await form.getByRole('textbox', { name: /^Title/ }).fill(title);
  await form.getByLabel(/^Date/).fill('2099-05-01');
  await form.getByLabel(/^Time/).fill('21:00');
  await form.getByRole('textbox', { name: /^Location/ }).fill('Sydney');
  await form.getByRole('combobox', { name: 'Category' }).selectOption('Music');
  await form.getByRole('spinbutton', { name: /Ticket price/ }).fill('10');
  await form.getByRole('spinbutton', { name: 'Total tickets' }).fill('2');
  await hp
    .getByTestId('event-image-input')
    .setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: PNG_BYTES });
  await shown(form.getByRole('img', { name: 'Event image preview' }), 'the picked image');
  await form.getByRole('button', { name: 'Create Event' }).click();
  await shown(toast(hp, 'Event Created!'), 'the Event Created! toast');
  await shown(hp.getByText(`${title} has been created successfully`), 'the created text');

  // The guest: books one, then asks for five and gets the last one; Sold Out.
  const gp = guest.page;
  await gp.goto('/events');
  const card = gp.getByTestId('event-card').filter({ hasText: title });
  await shown(card, 'the event on the browse list');
  await shown(card.getByText('2 tickets left'), 'the stock');
  await shown(card.getByText('$10'), 'the price');
  expect(await card.getByTestId('event-status').textContent()).toBe('Active');
  expect(await card.locator('img').count()).toBe(1);
  await card.getByRole('button', { name: `Book Now: ${title}` }).click();
  let dialog = await shown(gp.getByTestId('booking-dialog'), 'the booking dialog');
  await shown(dialog.getByText(/No payment is taken here/), 'the no-payment note');
  await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
  await shown(toast(gp, 'Booking Confirmed!'), 'the Booking Confirmed! toast');
  await shown(gp.getByText(`You've successfully booked 1 ticket(s) for ${title}`).first(), 'the booked text');
  await shown(card.getByText('1 ticket left'), 'the stock after one booking');

  await card.getByRole('button', { name: `Book Now: ${title}` }).click();
  dialog = await shown(gp.getByTestId('booking-dialog'), 'the booking dialog again');
  await dialog.getByRole('spinbutton', { name: 'Number of tickets' }).fill('5');
  await shown(dialog.getByText('Total: $10'), 'the total of the clamped quantity');
  await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
  await shown(card.getByRole('button', { name: `Sold Out: ${title}` }), 'Sold Out on the book button');
  expect(await card.getByRole('button', { name: `Sold Out: ${title}` }).isDisabled()).toBe(true);
  expect(await card.getByTestId('event-status').textContent()).toBe('Sold Out');

  await gp.getByRole('tab', { name: 'My Tickets' }).click();
  const tickets = gp.getByTestId('ticket').filter({ hasText: title });
  await waitUntil(async () => (await tickets.count()) === 2, 'both tickets under My Tickets', 15_000);
  const codes = await tickets.getByTestId('ticket-code').allTextContents();
  expect(codes.every((c) => /^EVT-[A-Z2-9]{10}$/.test(c))).toBe(true);
  expect(new Set(codes).size).toBe(2);

  // The host: Manage Events shows 2 / 2 sold and $20 revenue.
  await hp.goto('/events?tab=manage');
  const managed = hp.getByTestId('managed-event').filter({ hasText: title });
  await shown(managed, 'the event under Manage Events');
  await shown(managed.getByTestId('tickets-sold').filter({ hasText: '2 / 2' }), 'the tickets sold');
  expect(await managed.getByTestId('revenue').textContent()).toBe('$20');
  expect(await managed.getByTestId('event-status').textContent()).toBe('Sold Out');
});
