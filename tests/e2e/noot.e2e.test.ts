/**
 * Noot vir Noot as members use it (spec 002 sections 2, 5 and 8): an admin creates this month's playlist from the
 * No Active Playlist state, a member uploads an mp3 that waits for approval, the admin sees Pending Approval and
 * approves it, and a third member plays it (the play count rises once) and likes it until the monthly limit
 * (NOOT_MONTHLY_LIKES=1 here): the next like shows Like Limit Reached, and unliking gives the like back. Then the
 * fan reports the song; the admin's queue shows it by its uploader, its link opens the exact song, and removing it
 * takes it off the chart (issue 24, finding 20).
 */
import { expect, test } from 'vitest';
import { MP3_BYTES } from '../support/files';
import { browserSuite, shown, toast } from '../support/suite';

const ADMIN_EMAIL = 'noot-admin@e2e.example';
const { page, gql, signUp, signUpAdmin } = browserSuite({
  RATE_SIGNUP_PER_IP: '1000',
  RATE_SIGNIN_PER_IP: '1000',
  ADMIN_EMAILS: ADMIN_EMAIL,
  NOOT_MONTHLY_LIKES: '1',
});

test('an admin creates the playlist, a member uploads a song, the admin approves it, a third member plays and likes it up to the limit, then reports it', async () => {
  const admin = await page();
  const member = await page();
  const fan = await page();
  await signUpAdmin(admin.context, ADMIN_EMAIL);
  await signUp(member.context, 'Sipho', 'Singer');
  await signUp(fan.context, 'Fanie', 'Fan');

  // The member first: no playlist yet, in the spec's words.
  const mp = member.page;
  await mp.goto('/noot-vir-noot');
  await shown(mp.getByText('No Active Playlist'), 'No Active Playlist for the member');
  await shown(mp.getByText("The admin hasn't created this month's playlist yet."), "the member's no-playlist text");

  // The admin creates this month's playlist (a blank name shows the spec's message first).
  const ap = admin.page;
  await ap.goto('/noot-vir-noot');
  await shown(ap.getByText('Create a new monthly playlist to get started.'), "the admin's no-playlist text");
  await ap.getByRole('button', { name: 'Create Playlist' }).click();
  const create = await shown(ap.getByTestId('create-playlist-dialog'), 'the Create Playlist dialog');
  await create.getByRole('button', { name: 'Create Playlist' }).click();
  await shown(create.getByText('Playlist name is required'), 'the name rule');
  await create.getByRole('textbox', { name: /Playlist name/ }).fill('E2E Top Hits');
  await create.getByRole('button', { name: 'Create Playlist' }).click();
  await shown(ap.getByTestId('playlist-name').filter({ hasText: 'E2E Top Hits' }), 'the playlist name');
  await shown(ap.getByText('No songs yet. Be the first to upload!'), 'the empty chart');

  // The member uploads an mp3: it waits for approval.
  await mp.reload();
  await shown(mp.getByTestId('playlist-name').filter({ hasText: 'E2E Top Hits' }), "the member's playlist");
  await mp.getByRole('button', { name: 'Upload Song' }).click();
  const upload = await shown(mp.getByTestId('upload-song-dialog'), 'the Upload Song dialog');
  await upload.getByRole('textbox', { name: /^Title/ }).fill('Vat Jou Goed');
  await upload.getByRole('textbox', { name: /^Artist/ }).fill('Sipho Singer');
  await mp
    .getByTestId('song-file-input')
    .setInputFiles({ name: 'vat-jou-goed.mp3', mimeType: 'audio/mpeg', buffer: MP3_BYTES });
  await shown(upload.getByText('vat-jou-goed.mp3'), 'the chosen file');
  await upload.getByRole('button', { name: 'Upload Song' }).click();
  await shown(toast(mp, 'Song uploaded'), 'the upload toast');
  const mine = mp.getByTestId('song-row').filter({ hasText: 'Vat Jou Goed' });
  await shown(mine.getByText('Awaiting approval'), 'the pending song for its uploader');

  // The fan does not see it yet; the admin sees Pending Approval and approves it.
  const fp = fan.page;
  await fp.goto('/noot-vir-noot');
  await shown(fp.getByText('No songs yet. Be the first to upload!'), "the fan's empty chart");
  await ap.reload();
  const pending = ap.getByTestId('song-row').filter({ hasText: 'Vat Jou Goed' });
  await shown(pending.getByText('Pending Approval'), 'Pending Approval for the admin');
  await pending.getByRole('button', { name: 'Approve: Vat Jou Goed' }).click();
  await shown(toast(ap, 'Song approved'), 'the approval toast');
  await shown(ap.getByRole('button', { name: /^Like: Vat Jou Goed/ }), 'the heart on the approved song');

  // The fan plays it: the play count rises once.
  await fp.reload();
  const row = fp.getByTestId('song-row').filter({ hasText: 'Vat Jou Goed' });
  await shown(row.getByText('0 plays · 0 likes'), "the approved song on the fan's chart");
  await shown(
    fp.getByTestId('likes-remaining').filter({ hasText: '1 like remaining this month' }),
    'the likes remaining',
  );
  await row.getByRole('button', { name: 'Play: Vat Jou Goed' }).click();
  await shown(fp.getByTestId('now-playing').getByText('Vat Jou Goed'), 'the now-playing card');
  const audio = fp.getByTestId('now-playing-audio');
  expect(await audio.getAttribute('src')).toMatch(/^\/media\/audio\/.+\.mp3$/);
  await shown(row.getByText('1 play · 0 likes'), 'the play counted');

  // Likes it: none left; a second approved song (the admin's, published at once) answers Like Limit Reached.
  await row.getByRole('button', { name: 'Like: Vat Jou Goed, 0 likes' }).click();
  await shown(row.getByRole('button', { name: 'Unlike: Vat Jou Goed, 1 like' }), 'the liked heart');
  await shown(fp.getByTestId('likes-remaining').filter({ hasText: '0 likes remaining this month' }), 'no likes left');
  const { nootActivePlaylist } = await gql<{ nootActivePlaylist: { id: string } }>(
    admin.context,
    '{ nootActivePlaylist { id } }',
  );
  await gql(admin.context, 'mutation($input: UploadNootSongInput!) { uploadNootSong(input: $input) { id } }', {
    input: {
      playlistId: nootActivePlaylist.id,
      title: 'Admin Anthem',
      artist: 'Annelie',
      songFile: `data:audio/mpeg;base64,${MP3_BYTES.toString('base64')}`,
    },
  });
  await fp.reload();
  const second = fp.getByTestId('song-row').filter({ hasText: 'Admin Anthem' });
  await second.getByRole('button', { name: 'Like: Admin Anthem, 0 likes' }).click();
  await shown(toast(fp, 'Like Limit Reached'), 'the Like Limit Reached toast');
  await shown(fp.getByText(/monthly like limit/).first(), "the server's limit message");

  // The first song stays #1 (most liked); unliking gives the like back.
  expect(await fp.getByTestId('song-row').first().textContent()).toContain('Vat Jou Goed');
  await row.getByRole('button', { name: 'Unlike: Vat Jou Goed, 1 like' }).click();
  await shown(
    fp.getByTestId('likes-remaining').filter({ hasText: '1 like remaining this month' }),
    'the like given back',
  );

  // The fan reports the song from its row (the uploader has no Report on their own).
  await mp.reload();
  await shown(mine.getByText('Vat Jou Goed'), "the uploader's song");
  expect(await mine.getByRole('button', { name: 'Report Vat Jou Goed' }).count()).toBe(0);
  await row.getByRole('button', { name: 'Report Vat Jou Goed' }).click();
  const dialog = await shown(fp.getByRole('dialog', { name: 'Report Song' }), 'the Report Song dialog');
  await dialog.getByText('Copyright violation', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await shown(toast(fp, 'Success').filter({ hasText: 'Song reported to administrators.' }), 'the report toast');

  // The admin finds it in the queue with its uploader and title; its link opens the exact song, marked.
  await ap.goto('/admin?tab=reports');
  const entry = ap.getByRole('listitem', { name: 'Song by Sipho Singer' });
  await shown(entry.getByText(/Vat Jou Goed/).first(), 'the reported song in the queue');
  await entry.getByRole('link', { name: 'View where it is shown' }).click();
  await ap.waitForURL((url) => url.pathname === '/noot-vir-noot' && !!url.searchParams.get('song'));
  await shown(
    ap.locator('[data-testid="song-row"][aria-current="true"]').filter({ hasText: 'Vat Jou Goed' }),
    'the exact song, marked',
  );

  // Removing it takes it off the chart.
  await ap.goBack();
  await entry.getByRole('button', { name: 'Remove content' }).click();
  await ap.getByRole('alertdialog', { name: 'Remove content' }).getByRole('button', { name: 'Remove' }).click();
  await shown(toast(ap, 'Content removed'), "the 'Content removed' toast");
  await fp.reload();
  await shown(fp.getByTestId('song-row').filter({ hasText: 'Admin Anthem' }), 'the rest of the chart');
  expect(await fp.getByTestId('song-row').filter({ hasText: 'Vat Jou Goed' }).count()).toBe(0);
}, 120_000);
