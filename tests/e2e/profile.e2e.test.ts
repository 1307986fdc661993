/**
 * The profile as members use it (spec 002 "Profile page", issue 13): a member edits their profile with a new avatar,
 * cover and bio, and finds all of it again after a reload; another member visits that profile at /profile/{id},
 * sends a friend request (the owner then sees it pending in their Friends tab) and opens a conversation with Message.
 */
import { describe, expect, test } from 'vitest';
import { PNG_BYTES } from '../support/files';
import { browserSuite } from '../support/suite';

const suite = browserSuite();
const { gql } = suite;

describe('profile', () => {
  test('edit the profile with a new avatar, cover and bio; another member sends a friend request and a message', async () => {
    const a = await suite.page();
    const owner = await suite.signUp(a.context, 'Naledi', 'Profile');
    await a.page.goto('/profile');
    await a.page.getByTestId('profile-name').getByText('Naledi Profile').waitFor();
    await a.page.getByText('No upcoming jobs. Accept assigned jobs to see them here.').waitFor();

    // Cover and avatar: picked, stored, shown.
    await a.page
      .getByTestId('cover-input')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG_BYTES });
    await a.page.getByText('Cover Photo Updated').waitFor();
    await a.page
      .getByTestId('avatar-input')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_BYTES });
    await a.page.getByText('Profile Photo Updated').waitFor();

    // Edit Profile: bio and home town, by keyboard to Save.
    await a.page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = a.page.getByTestId('edit-profile-dialog');
    await dialog.getByLabel('Bio').fill('Biltong maker in Manchester');
    await dialog.getByLabel('Home town').fill('Polokwane');
    await dialog.getByLabel('Country (your flag)').selectOption('GB');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await a.page.getByText('Profile Updated').waitFor();

    // After a reload everything is still there: stored on the server.
    await a.page.reload();
    await a.page.getByTestId('profile-bio').getByText('Biltong maker in Manchester').waitFor();
    await a.page.getByTestId('profile-home-town').getByText('Polokwane').waitFor();
    await a.page.getByRole('img', { name: 'Country: United Kingdom' }).waitFor();
    const coverSrc = await a.page.getByTestId('profile-cover').locator('img').getAttribute('src');
    expect(coverSrc).toMatch(/^\/media\/images\//);
    const avatarSrc = await a.page.getByTestId('profile-avatar').locator('img').getAttribute('src');
    expect(avatarSrc).toMatch(/^\/media\/thumbs\//);
    const stored = await gql(
      a.context,
      'query($id: ID!) { user(id: $id) { bio homeTown coverImageUrl profileImageUrl countryCode } }',
      { id: owner.id },
    );
    expect(stored.user).toEqual({
      bio: 'Biltong maker in Manchester',
      homeTown: 'Polokwane',
      coverImageUrl: coverSrc,
      profileImageUrl: avatarSrc,
      countryCode: 'GB',
    });
    for (const src of [coverSrc!, avatarSrc!]) expect((await a.context.request.get(src)).status()).toBe(200);

    // Another member visits: the public parts only, no e-mail, no editing.
    const b = await suite.page();
    await suite.signUp(b.context, 'Visitor', 'Friend');
    await b.page.goto(`/profile/${owner.id}`);
    await b.page.getByTestId('profile-name').getByText('Naledi Profile').waitFor();
    await b.page.getByTestId('profile-bio').getByText('Biltong maker in Manchester').waitFor();
    expect(await b.page.getByTestId('profile-email').count()).toBe(0);
    expect(await b.page.getByRole('button', { name: 'Change Cover' }).count()).toBe(0);
    expect(await b.page.getByText(owner.input.email).count()).toBe(0);

    // Add Friend: the request is sent and the button becomes the state.
    await b.page.getByRole('button', { name: 'Add Friend' }).click();
    await b.page.getByTestId('friend-state').getByText('Request Sent').waitFor();

    // The owner sees it pending in the Friends tab and the count stays at 0 (accepted only).
    await a.page.goto('/profile?tab=friends');
    await a.page.getByTestId('pending-friends').getByText('Visitor Friend').waitFor();
    await a.page.getByTestId('count-friends').getByText('0').waitFor();

    // Message opens the conversation with the owner.
    await b.page.getByRole('button', { name: 'Message' }).click();
    await b.page.waitForURL(/\/messages\?conversation=/);
    await b.page.getByTestId('thread-peer').getByText('Naledi Profile').waitFor();
  });
});
