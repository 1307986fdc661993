/**
 * Groups and Klets between two members (spec 002 sections 2 and 4 with stored groups): a member creates a group on
 * /klets and becomes its admin; another finds it on /discover-groups within the radius, joins it, and the two chat
 * in it live. A group that requires approval turns Join into 'Request Sent'; its admin approves the request in the
 * group's detail, and the new member's "Your Groups" lists it without a reload. A message the member has not read
 * counts on the phone menu's Klets badge until they open the chat. Two browser contexts, both placed
 * in Cape Town by the browser's geolocation.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { browserSuite, shown } from '../support/suite';

const { page, signUp } = browserSuite();
const AT_CAPE_TOWN = { geolocation: { latitude: -33.92, longitude: 18.42 }, permissions: ['geolocation'] };

async function createGroup(p: Page, name: string, opts: { requiresApproval?: boolean } = {}) {
  await p.goto('/klets');
  await shown(p.getByRole('heading', { name: 'Local Community Chats' }), 'the Klets screen');
  await p.getByTestId('create-group').click();
  const dialog = await shown(p.getByTestId('create-group-dialog'), 'the Create Group dialog');
  // The spec's check first: nothing filled in.
  await dialog.getByRole('button', { name: 'Create Group' }).click();
  await shown(p.getByText('Please fill in all required fields').first(), 'the missing fields message');
  await dialog.getByRole('textbox', { name: /Group Name/ }).fill(name);
  await dialog.getByRole('textbox', { name: /Location Name/ }).fill('Sea Point');
  await dialog.getByRole('combobox', { name: 'Group Type' }).selectOption('Braai');
  if (opts.requiresApproval) await dialog.getByText('Requires approval to join').click();
  await dialog.getByRole('button', { name: 'Create Group' }).click();
  // Created: the group's detail opens, with the creator as its admin.
  const detail = await shown(p.getByTestId('group-detail'), 'the new group detail');
  await shown(detail.getByRole('heading', { name }), 'the group name');
  await shown(detail.getByText('Admin').first(), 'the Admin badge');
  return detail;
}

test('a member creates a group, another finds it within the radius, joins, and they chat live', async () => {
  const a = await page(AT_CAPE_TOWN);
  const b = await page(AT_CAPE_TOWN);
  await signUp(a.context, 'Anele', 'Admin');
  await signUp(b.context, 'Bheki', 'Member');
  const name = `Sea Point Braai ${Date.now()}`;
  const adminDetail = await createGroup(a.page, name);

  // Bheki finds it on Discover Groups, nearest first within the default 50 km, and joins at once.
  const bp = b.page;
  await bp.goto('/discover-groups');
  await shown(
    bp.getByTestId('discover-groups-count').filter({ hasText: /^Found 1 groups within 50 km$/ }),
    'the count line',
  );
  const card = bp.getByTestId('group-card').filter({ hasText: name });
  await shown(card.getByText('1 member'), 'one member before joining');
  await card.getByRole('button', { name: 'Join Community' }).click();
  await shown(bp.getByText(`You joined ${name}`), 'the joined toast');
  await shown(card.getByText('2 members'), 'two members after joining');
  await shown(card.getByRole('button', { name: 'Leave' }), 'Leave on the joined card');

  // Bheki opens the group's chat from Klets' My Groups and writes; Anele, with the detail open, gets it live.
  await bp.goto('/klets?tab=mine');
  await bp.getByTestId('group-card').filter({ hasText: name }).getByRole('button', { name: 'Open Chat' }).click();
  const memberDetail = await shown(bp.getByTestId('group-detail'), 'the group detail');
  const box = memberDetail.getByRole('textbox', { name: 'Message' });
  await box.fill('Howzit everyone!');
  await box.press('Enter');
  await shown(memberDetail.getByTestId('chat-own').filter({ hasText: 'Howzit everyone!' }), 'the sent message');
  await shown(
    adminDetail.getByTestId('chat-other').filter({ hasText: 'Howzit everyone!' }),
    'the message on the admin side, live',
  );

  // Anele answers; it reaches Bheki live. Both are stored: after a reload the chat still holds them in order.
  await adminDetail.getByRole('textbox', { name: 'Message' }).fill('Welcome, Bheki!');
  await adminDetail.getByRole('button', { name: 'Send' }).click();
  await shown(
    memberDetail.getByTestId('chat-other').filter({ hasText: 'Welcome, Bheki!' }),
    'the answer on the member side, live',
  );
  await bp.reload();
  const chat = (await shown(bp.getByTestId('group-chat'), 'the chat after a reload')).getByTestId(/^chat-/);
  await shown(chat.filter({ hasText: 'Welcome, Bheki!' }), 'the answer after a reload');
  expect(await chat.allTextContents()).toEqual(['Howzit everyone!', 'Welcome, Bheki!']);

  // The Klets badge of Bheki's phone menu: Anele writes while Bheki is elsewhere, and the Local Community Chats entry
  // counts one unread group chat, live; Bheki reads the chat on the other page and the badge goes, live as well.
  await bp.goto('/');
  const phone = await b.context.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto('/');
  await phone.getByRole('button', { name: 'Open menu' }).click();
  const sheet = await shown(phone.getByTestId('mobile-sheet'), 'the menu sheet');
  await adminDetail.getByRole('textbox', { name: 'Message' }).fill('Braai on Saturday?');
  await adminDetail.getByRole('button', { name: 'Send' }).click();
  await shown(sheet.getByLabel('1 unread group chats'), 'the Klets badge');
  await bp.goto('/klets?tab=mine');
  await bp.getByTestId('group-card').filter({ hasText: name }).getByRole('button', { name: 'Open Chat' }).click();
  await shown(bp.getByTestId('chat-other').filter({ hasText: 'Braai on Saturday?' }), 'the new message in the chat');
  await sheet.getByLabel('1 unread group chats').waitFor({ state: 'detached' });
});

test('joining a group that requires approval sends a request; its admin approves it and the member sees the group', async () => {
  const a = await page(AT_CAPE_TOWN);
  const b = await page(AT_CAPE_TOWN);
  await signUp(a.context, 'Aviwe', 'Admin');
  await signUp(b.context, 'Buhle', 'Asker');
  const name = `Private Braai ${Date.now()}`;
  await createGroup(a.page, name, { requiresApproval: true });

  const bp = b.page;
  await bp.goto('/discover-groups');
  const card = bp.getByTestId('group-card').filter({ hasText: name });
  await shown(card.getByText('Admins approve new members'), 'the approval note');
  await card.getByRole('button', { name: 'Join Community' }).click();
  await shown(bp.getByText('Request Sent').first(), 'the Request Sent toast');
  await shown(card.getByRole('button', { name: 'Request Sent' }), 'Request Sent on the card');
  const yourGroups = bp.getByTestId('your-groups').first();
  expect(await yourGroups.getByText(name).count()).toBe(0);

  // The admin approves in the group's detail (read again: the request came after it opened).
  const ap = a.page;
  await ap.reload();
  const requests = await shown(ap.getByTestId('join-requests'), 'the join requests');
  await shown(requests.getByText('Buhle Asker'), 'the request of Buhle');
  await requests.getByRole('button', { name: 'Approve' }).click();
  await shown(ap.getByText('Buhle Asker is now a member.'), 'the approved toast');
  await shown(ap.getByTestId('group-members').getByText('Buhle Asker'), 'Buhle among the members');

  // Buhle's "Your Groups" lists the group with its member count, live; the card now offers Leave.
  await shown(yourGroups.getByText(name), 'the group in Your Groups');
  await shown(yourGroups.getByText('2 members'), 'its member count');
  await bp.reload();
  await shown(
    bp.getByTestId('group-card').filter({ hasText: name }).getByRole('button', { name: 'Leave' }),
    'Leave after approval',
  );
});
