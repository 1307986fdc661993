/**
 * Noot Approvals in the admin panel (issue 14: "approve or reject Noot vir Noot uploads"): a member uploads two songs
 * to this month's playlist; the admin finds them in the Noot Approvals tab with cover, uploader and a preview,
 * approves one (it shows in Top Songs on /noot-vir-noot for another member) and rejects the other after confirming
 * (it is gone, and the uploader is told); both actions are in the audit log. At phone width the tab still fits.
 */
import { expect, test } from 'vitest';
import { MP3_BYTES, PNG_BYTES } from '../support/files';
import { browserSuite, shown, toast } from '../support/suite';

const ADMIN_EMAIL = 'noot-approvals@e2e.example';
const { page, gql, signUp, signUpAdmin } = browserSuite({
  RATE_SIGNUP_PER_IP: '1000',
  RATE_SIGNIN_PER_IP: '1000',
  ADMIN_EMAILS: ADMIN_EMAIL,
});

test('a member uploads two songs; the admin approves one (it joins Top Songs) and rejects the other (it disappears)', async () => {
  const admin = await page();
  const member = await page();
  const fan = await page();
  await signUpAdmin(admin.context, ADMIN_EMAIL);
  await signUp(member.context, 'Sipho', 'Singer');
  await signUp(fan.context, 'Fanie', 'Fan');

  const now = new Date();
  const { createNootPlaylist } = await gql<{ createNootPlaylist: { id: string } }>(
    admin.context,
    'mutation($input: CreateNootPlaylistInput!) { createNootPlaylist(input: $input) { id } }',
    { input: { name: 'Approvals Hits', month: now.getUTCMonth() + 1, year: now.getUTCFullYear() } },
  );
  // The member uploads from the page's own session (as the Upload Song dialog sends it).
  const upload = (title: string, extra: Record<string, unknown> = {}) =>
    gql(
      member.context,
      'mutation($input: UploadNootSongInput!) { uploadNootSong(input: $input) { id isAdminApproved } }',
      {
        input: {
          playlistId: createNootPlaylist.id,
          title,
          artist: 'Sipho Singer',
          songFile: `data:audio/mpeg;base64,${MP3_BYTES.toString('base64')}`,
          ...extra,
        },
      },
    );
  await upload('Vat Jou Goed', {
    album: 'Braai Sessions',
    coverImage: `data:image/png;base64,${PNG_BYTES.toString('base64')}`,
  });
  await upload('Tweede Kans');

  // The admin opens Noot Approvals: both songs, oldest first, with cover, uploader and a preview player.
  const ap = admin.page;
  await ap.goto('/admin');
  await ap.getByRole('tab', { name: 'Noot Approvals' }).click();
  await ap.waitForURL(/tab=noot/);
  const keep = ap.getByRole('listitem', { name: 'Vat Jou Goed by Sipho Singer' });
  const drop = ap.getByRole('listitem', { name: 'Tweede Kans by Sipho Singer' });
  await shown(keep, 'the first pending song');
  await shown(drop, 'the second pending song');
  expect(await ap.getByTestId('admin-pending-song').first().getAttribute('aria-label')).toBe(
    'Vat Jou Goed by Sipho Singer',
  );
  await shown(keep.getByText('Sipho Singer · Braai Sessions'), 'artist and album');
  await shown(keep.getByText('Sipho Singer', { exact: true }), 'the uploader');
  await shown(keep.getByText('Approvals Hits'), 'the playlist');
  await shown(keep.getByRole('img', { name: 'Cover of Vat Jou Goed' }), 'the cover');
  const preview = keep.getByTestId('admin-song-preview');
  expect(await preview.getAttribute('preload')).toBe('none');
  expect(await preview.getAttribute('src')).toMatch(/^\/media\/audio\/.+\.mp3$/);

  // Before approval the fan's chart is empty.
  const fp = fan.page;
  await fp.goto('/noot-vir-noot');
  await shown(fp.getByText('No songs yet. Be the first to upload!'), "the fan's empty chart");

  // Approve: the row leaves the queue, and the song is in the fan's Top Songs.
  await keep.getByRole('button', { name: 'Approve: Vat Jou Goed' }).click();
  await shown(toast(ap, 'Song approved'), 'the approval toast');
  await keep.waitFor({ state: 'detached' });
  await fp.reload();
  await shown(fp.getByTestId('song-row').filter({ hasText: 'Vat Jou Goed' }), 'the approved song in Top Songs');

  // Reject asks first; Cancel keeps it, Reject removes it.
  await drop.getByRole('button', { name: 'Reject: Tweede Kans' }).click();
  const confirm = await shown(ap.getByTestId('admin-reject-song'), 'the reject confirmation');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await confirm.waitFor({ state: 'detached' });
  await shown(drop, 'the song kept after Cancel');
  await drop.getByRole('button', { name: 'Reject: Tweede Kans' }).click();
  await (
    await shown(ap.getByTestId('admin-reject-song'), 'the reject confirmation again')
  )
    .getByRole('button', { name: 'Reject' })
    .click();
  await shown(toast(ap, 'Song rejected'), 'the rejection toast');
  await shown(ap.getByText('No songs waiting for approval'), 'the empty queue');

  // The rejected song is gone for its uploader too, who is told; the fan's chart holds only the approved one.
  const mp = member.page;
  await mp.goto('/noot-vir-noot');
  await shown(
    mp.getByTestId('song-row').filter({ hasText: 'Vat Jou Goed' }),
    "the approved song on the uploader's chart",
  );
  expect(await mp.getByTestId('song-row').filter({ hasText: 'Tweede Kans' }).count()).toBe(0);
  const told = await gql<{ notifications: { nodes: Array<{ title: string; message: string }> } }>(
    member.context,
    '{ notifications(first: 20) { nodes { title message } } }',
  );
  expect(told.notifications.nodes).toContainEqual({
    title: 'Song not approved',
    message: 'Your song "Tweede Kans" by Sipho Singer was not approved for Noot vir Noot.',
  });
  await fp.reload();
  await shown(fp.getByTestId('song-row').filter({ hasText: 'Vat Jou Goed' }), "the fan's chart");
  expect(await fp.getByTestId('song-row').count()).toBe(1);

  // Both actions are in the audit log.
  await ap.getByRole('tab', { name: 'Audit Log' }).click();
  await shown(
    ap.getByTestId('admin-audit-entry').filter({ hasText: 'Song approved' }),
    'the approval in the audit log',
  );
  await shown(
    ap.getByTestId('admin-audit-entry').filter({ hasText: 'Song rejected' }),
    'the rejection in the audit log',
  );

  // At phone width a pending song's row fits the screen: no sideways scrolling.
  await upload('Derde Keer');
  await ap.setViewportSize({ width: 390, height: 844 });
  await ap.goto('/admin?tab=noot');
  await shown(ap.getByRole('listitem', { name: 'Derde Keer by Sipho Singer' }), 'the pending song on a phone');
  expect(await ap.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
