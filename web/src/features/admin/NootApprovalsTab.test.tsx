import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import type { MockLink } from '@apollo/client/testing';
import { ApproveNootSongDocument, RejectNootSongDocument } from '../noot/music.generated';
import { CachedSession, cacheWithMe, makeUser, renderWithProviders } from '../../test/render';
import { NootPendingSongsDocument } from './admin.generated';
import AdminScreen from './AdminScreen';
import { NO_PENDING_SONGS } from './NootApprovalsTab';

const song = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  __typename: 'NootSong',
  id,
  title,
  artist: 'Die Kaalvoet',
  album: 'Braai Hits',
  coverImageUrl: `/media/images/${id}.webp`,
  songFileUrl: `/media/audio/${id}.mp3`,
  isAdminApproved: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  uploader: { __typename: 'User', id: 'm1', displayName: 'Lerato Mokoena', initials: 'LM', profileImageUrl: null },
  playlist: { __typename: 'NootPlaylist', id: 'p1', name: 'March Hits' },
  ...extra,
});
const pending = (nodes: unknown[]): MockLink.MockedResponse => ({
  request: { query: NootPendingSongsDocument, variables: { first: 20 } },
  result: {
    data: {
      nootPendingSongs: {
        __typename: 'NootSongConnection',
        nodes,
        pageInfo: { __typename: 'PageInfo', endCursor: null, hasNextPage: false },
      },
    },
  },
});

function renderTab(mocks: MockLink.MockedResponse[]) {
  return renderWithProviders(
    <CachedSession>
      <AdminScreen />
    </CachedSession>,
    { mocks, route: '/admin?tab=noot', cache: cacheWithMe(makeUser({ role: 'admin' })) },
  );
}

describe('Noot Approvals (the admin panel)', () => {
  it('is a tab after the others and before the Audit Log', async () => {
    renderTab([pending([])]);
    const tabs = (await screen.findAllByRole('tab')).map((t) => t.textContent);
    expect(tabs.indexOf('Noot Approvals')).toBe(tabs.indexOf('Audit Log') - 1);
    expect(screen.getByRole('tab', { name: 'Noot Approvals' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows loading, then each pending song with cover, title, artist, album, uploader, playlist and a preview that loads on demand', async () => {
    renderTab([pending([song('s1', 'Sokkie Time')])]);
    expect(screen.getByTestId('admin-noot-loading')).toBeInTheDocument();
    const row = await screen.findByRole('listitem', { name: 'Sokkie Time by Die Kaalvoet' });
    expect(within(row).getByText('Sokkie Time')).toBeInTheDocument();
    expect(within(row).getByText('Die Kaalvoet · Braai Hits')).toBeInTheDocument();
    expect(within(row).getByText('Lerato Mokoena')).toBeInTheDocument();
    expect(within(row).getByText('March Hits')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Cover of Sokkie Time' })).toHaveAttribute(
      'src',
      '/media/images/s1.webp',
    );
    const audio = within(row).getByTestId('admin-song-preview');
    expect(audio).toHaveAttribute('controls');
    expect(audio).toHaveAttribute('preload', 'none');
    expect(audio).toHaveAttribute('src', '/media/audio/s1.mp3');
  });

  it(`says '${NO_PENDING_SONGS}' when the queue is empty`, async () => {
    renderTab([pending([])]);
    expect(await screen.findByText(NO_PENDING_SONGS)).toBeInTheDocument();
  });

  it('shows an error with Retry when the queue cannot be loaded', async () => {
    renderTab([
      {
        request: { query: NootPendingSongsDocument, variables: { first: 20 } },
        result: { errors: [new GraphQLError('Database unavailable')] },
      },
      pending([]),
    ]);
    const alert = await screen.findByTestId('admin-noot-error');
    expect(alert).toHaveTextContent('Database unavailable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(NO_PENDING_SONGS)).toBeInTheDocument();
  });

  it('approves a song: it leaves the queue with a toast', async () => {
    renderTab([
      pending([song('s1', 'Sokkie Time'), song('s2', 'Boeremusiek')]),
      {
        request: { query: ApproveNootSongDocument, variables: { id: 's1' } },
        result: { data: { approveNootSong: { __typename: 'NootSong', id: 's1', isAdminApproved: true } } },
      },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve: Sokkie Time' }));
    expect(await screen.findByText('Song approved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Sokkie Time by Die Kaalvoet' })).toBeNull());
    expect(screen.getByRole('listitem', { name: 'Boeremusiek by Die Kaalvoet' })).toBeInTheDocument();
  });

  it('asks before rejecting: Cancel keeps the song, Reject removes it', async () => {
    renderTab([
      pending([song('s1', 'Sokkie Time')]),
      {
        request: { query: RejectNootSongDocument, variables: { id: 's1' } },
        result: { data: { rejectNootSong: 's1' } },
      },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Reject: Sokkie Time' }));
    let dialog = await screen.findByTestId('admin-reject-song');
    expect(dialog).toHaveTextContent('Are you sure you want to reject “Sokkie Time” by Die Kaalvoet?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('admin-reject-song')).toBeNull());
    expect(screen.getByRole('listitem', { name: 'Sokkie Time by Die Kaalvoet' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Reject: Sokkie Time' }));
    dialog = await screen.findByTestId('admin-reject-song');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Song rejected')).toBeInTheDocument();
    expect(await screen.findByText(NO_PENDING_SONGS)).toBeInTheDocument();
  });

  it('says a song another admin handled meanwhile was already handled, and reloads the queue', async () => {
    renderTab([
      pending([song('s1', 'Sokkie Time')]),
      {
        request: { query: ApproveNootSongDocument, variables: { id: 's1' } },
        result: { errors: [new GraphQLError('Song not found', { extensions: { code: 'NOT_FOUND' } })] },
      },
      pending([]),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve: Sokkie Time' }));
    expect(await screen.findByText('Already handled')).toBeInTheDocument();
    expect(await screen.findByText(NO_PENDING_SONGS)).toBeInTheDocument();
  });
});
