/**
 * Dating as members use it (spec 001 sections 2.9, 4 and 9): two members each create an alias through the form
 * (one with a photo), the first likes the second (no match yet), the second likes back and sees "It's a Match!",
 * then the match is listed under Matches for both with Send Message, and nothing on either screen names the
 * other member's real identity; Send Message opens the match's conversation in Messages, in which both write and
 * see only the other's alias, on the screen and in the answers behind it. Then (issue 24, dating safety) one side
 * unmatches from the chat, after a confirmation, and the chat shows it is closed on both sides.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { PNG_BYTES } from '../support/files';
import { browserSuite, shown } from '../support/suite';

const { page, signUp, gql } = browserSuite();

async function createAlias(
  p: Page,
  alias: { name: string; age: string; bio: string; interests: string; gender: string; photo?: boolean },
) {
  await p.goto('/dating');
  await shown(p.getByRole('heading', { level: 1, name: 'Dating' }), 'the Dating screen');
  await shown(p.getByTestId('dating-privacy-note'), 'the privacy note');
  const form = await shown(p.getByTestId('dating-alias-form'), 'the alias form for a member without an alias');
  await form.getByRole('textbox', { name: /Alias Name/ }).fill(alias.name);
  await form.getByRole('spinbutton', { name: /^Age/ }).fill(alias.age);
  await form.getByRole('textbox', { name: /Bio/ }).fill(alias.bio);
  await form.getByRole('textbox', { name: /Interests/ }).fill(alias.interests);
  if (alias.photo) {
    await p
      .getByTestId('dating-photos-input')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_BYTES });
    await shown(form.getByRole('img', { name: 'Photo 1' }), 'the photo preview');
  }
  await form.getByRole('combobox', { name: /Looking For/ }).selectOption('long-term');
  await form.getByRole('combobox', { name: /^Gender/ }).selectOption(alias.gender);
  await form.getByRole('combobox', { name: /Interested In/ }).selectOption('everyone');
  await form.getByRole('button', { name: 'Create Alias' }).click();
  await shown(p.getByRole('tab', { name: 'Discover' }), 'Discover after the alias is saved');
}

test("two members create aliases, like each other and see It's a Match!, and see only aliases", async () => {
  const a = await page({ permissions: [] });
  const b = await page({ permissions: [] });
  await signUp(a.context, 'Zanele', 'Realname');
  await signUp(b.context, 'Pieter', 'Truename');
  const ap = a.page;
  const bp = b.page;

  await createAlias(ap, {
    name: 'Jazz Lover',
    age: '29',
    bio: 'Kirstenbosch concerts',
    interests: 'jazz, hiking, coffee',
    gender: 'female',
    photo: true,
  });
  await createAlias(bp, {
    name: 'Braai Master',
    age: '33',
    bio: 'Best boerewors rolls',
    interests: 'braai, jazz, hiking',
    gender: 'male',
  });

  // A finds B (compatibility: jazz, hiking of jazz, hiking, coffee, braai = 50 %) and likes: no match yet.
  await ap.reload();
  const cardOfB = await shown(
    ap.getByTestId('dating-card').filter({ hasText: 'Braai Master, 33' }),
    "B's alias on A's Discover",
  );
  await shown(cardOfB.getByText('50% compatible'), 'the compatibility');
  await cardOfB.getByRole('button', { name: 'Like' }).click();
  await shown(ap.getByTestId('dating-empty'), 'the end of the list after the like');
  expect(await ap.getByRole('alertdialog').count()).toBe(0);

  // B finds A (with A's photo) and likes back: It's a Match!
  await bp.reload();
  const cardOfA = await shown(
    bp.getByTestId('dating-card').filter({ hasText: 'Jazz Lover, 29' }),
    "A's alias on B's Discover",
  );
  expect(await cardOfA.getByRole('img', { name: 'Photo of Jazz Lover' }).count()).toBe(1);
  await cardOfA.getByRole('button', { name: 'Like' }).click();
  const overlay = await shown(bp.getByRole('alertdialog', { name: "It's a Match!" }), 'the match overlay');
  expect(await overlay.textContent()).toContain('You and Jazz Lover like each other.');
  await shown(
    bp.getByTestId('dating-last-match').filter({ hasText: 'You matched with Jazz Lover' }),
    'the match with Send Message',
  );
  await expect.poll(() => bp.getByRole('alertdialog').count(), { timeout: 5000 }).toBe(0);

  // Both see the match under Matches, by alias only.
  await ap.goto('/dating?tab=matches');
  const matchOnA = await shown(
    ap.getByTestId('dating-match').filter({ hasText: 'Braai Master, 33' }),
    "the match on A's Matches",
  );
  await shown(matchOnA.getByRole('button', { name: 'Send Message' }), 'Send Message on the match');
  await bp.goto('/dating?tab=matches');
  await shown(bp.getByTestId('dating-match').filter({ hasText: 'Jazz Lover, 29' }), "the match on B's Matches");
  expect(await ap.locator('main').textContent()).not.toMatch(/Pieter|Truename/);
  expect(await bp.locator('main').textContent()).not.toMatch(/Zanele|Realname/);

  // Send Message opens the match's conversation in Messages; both write in it and see only the other's alias.
  await matchOnA.getByRole('button', { name: 'Send Message' }).click();
  await ap.waitForURL(/\/messages\?conversation=/);
  const conversationId = new URL(ap.url()).searchParams.get('conversation')!;
  await shown(ap.getByTestId('thread-peer').filter({ hasText: 'Braai Master' }), "the thread under B's alias");
  await ap.getByRole('textbox', { name: 'Message' }).fill('Hallo Braai Master!');
  await ap.getByRole('button', { name: 'Send', exact: true }).click();
  await shown(ap.getByTestId('bubble-own').filter({ hasText: 'Hallo Braai Master!' }), "A's own bubble");

  await bp.goto('/messages');
  const row = await shown(
    bp.getByTestId('conversation-row').filter({ hasText: 'Jazz Lover' }),
    "the conversation under A's alias on B's list",
  );
  await row.click();
  await shown(bp.getByTestId('thread-peer').filter({ hasText: 'Jazz Lover' }), "the thread under A's alias");
  await shown(bp.getByTestId('bubble-other').filter({ hasText: 'Hallo Braai Master!' }), "A's message on B's thread");
  await bp.getByRole('textbox', { name: 'Message' }).fill('Howzit Jazz Lover');
  await bp.getByRole('button', { name: 'Send', exact: true }).click();
  await shown(ap.getByTestId('bubble-other').filter({ hasText: 'Howzit Jazz Lover' }), "B's answer on A's thread");
  expect(await ap.locator('main').textContent()).not.toMatch(/Pieter|Truename/);
  expect(await bp.locator('main').textContent()).not.toMatch(/Zanele|Realname/);

  // The answers behind those screens carry no real identity either.
  const LIST = `{ conversations { nodes { id peer { name photoUrl memberId } me { name } lastMessage { body } } } }`;
  const seenByB = await gql(b.context, LIST);
  expect(seenByB.conversations.nodes).toHaveLength(1);
  expect(seenByB.conversations.nodes[0]).toMatchObject({
    id: conversationId,
    peer: { name: 'Jazz Lover', memberId: null },
    me: { name: 'Braai Master' },
  });
  const seenByA = await gql(a.context, LIST);
  expect(seenByA.conversations.nodes[0]).toMatchObject({
    id: conversationId,
    peer: { name: 'Braai Master', photoUrl: null, memberId: null },
  });
  expect(JSON.stringify(seenByA)).not.toMatch(/Pieter|Truename/);
  expect(JSON.stringify(seenByB)).not.toMatch(/Zanele|Realname/);
});

test('unmatch from the chat: after a confirmation the chat is closed for both sides', async () => {
  const a = await page({ permissions: [] });
  const b = await page({ permissions: [] });
  await signUp(a.context, 'Zanele', 'Realname');
  await signUp(b.context, 'Pieter', 'Truename');
  const ap = a.page;
  const bp = b.page;
  // Two aliases that match, and their conversation, made through the API (the first test drives those screens).
  const SAVE = `mutation($input: SaveDatingAliasInput!) { saveDatingAlias(input: $input) { id } }`;
  const alias = {
    age: 30,
    bio: 'Hi',
    interests: 'jazz',
    lookingFor: 'long-term',
    interestedIn: 'everyone',
    latitude: -33.9249,
    longitude: 18.4241,
  };
  const aliasA = (await gql(a.context, SAVE, { input: { ...alias, aliasName: 'Jazz Lover', gender: 'female' } }))
    .saveDatingAlias.id;
  const aliasB = (await gql(b.context, SAVE, { input: { ...alias, aliasName: 'Braai Master', gender: 'male' } }))
    .saveDatingAlias.id;
  const REACT = `mutation($id: ID!) { reactToDatingAlias(aliasId: $id, kind: "like") { match { id } } }`;
  await gql(a.context, REACT, { id: aliasB });
  const matchId = (await gql(b.context, REACT, { id: aliasA })).reactToDatingAlias.match.id;
  const START = `mutation($id: ID!) { startConversation(input: { datingMatchId: $id }) { id } }`;
  const conversationId = (await gql(a.context, START, { id: matchId })).startConversation.id;
  await ap.goto(`/messages?conversation=${conversationId}`);
  await shown(ap.getByTestId('thread-peer').filter({ hasText: 'Braai Master' }), "A's thread under B's alias");
  await bp.goto(`/messages?conversation=${conversationId}`);
  await shown(bp.getByTestId('thread-peer').filter({ hasText: 'Jazz Lover' }), "B's thread under A's alias");

  // The chat of a match offers Unmatch, Report and Block; B unmatches, after a confirmation.
  await bp.getByRole('button', { name: 'Match options' }).click();
  await shown(bp.getByRole('menuitem', { name: 'Report Alias' }), 'Report in the match options');
  await shown(bp.getByRole('menuitem', { name: 'Block alias' }), 'Block in the match options');
  await bp.getByRole('menuitem', { name: 'Unmatch' }).click();
  const confirm = await shown(bp.getByRole('alertdialog', { name: 'Unmatch' }), 'the unmatch confirmation');
  expect(await confirm.textContent()).toContain('Unmatch Jazz Lover?');
  await confirm.getByRole('button', { name: 'Unmatch', exact: true }).click();
  await shown(bp.getByTestId('chat-closed'), "the closed chat on B's side");
  expect(await bp.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
  // A's thread is still open: the next message is refused and the thread shows the chat is closed; so after a reload.
  await ap.getByRole('textbox', { name: 'Message' }).fill('Are you still there?');
  await ap.getByRole('button', { name: 'Send', exact: true }).click();
  await shown(ap.getByTestId('chat-closed'), "the closed chat on A's side once the message is refused");
  await ap.reload();
  await shown(ap.getByTestId('chat-closed'), "the closed chat on A's side after a reload");
  expect(await ap.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
  // The match has left both Matches lists.
  await ap.goto('/dating?tab=matches');
  await shown(ap.getByRole('tab', { name: 'Matches' }), 'the Matches tab');
  const MATCHES = `{ datingMatches { nodes { id } } }`;
  expect((await gql(a.context, MATCHES)).datingMatches.nodes).toEqual([]);
  expect((await gql(b.context, MATCHES)).datingMatches.nodes).toEqual([]);
});
