import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import type { MockLink } from '@apollo/client/testing';
import {
  ApproveNootSongDocument,
  CreateNootPlaylistDocument,
  LikeNootSongDocument,
  NootChartDocument,
  NootSongDocument,
  PlayNootSongDocument,
  type NootSongCardFragment,
} from './music.generated';
import { makeUser, renderWithProviders } from '../../test/render';
import { SessionProvider } from '../../ui/session';
import NootVirNootScreen from './NootVirNootScreen';

function song(overrides: Partial<NootSongCardFragment> = {}): NootSongCardFragment & { __typename: 'NootSong' } {
  return {
    __typename: 'NootSong',
    id: 's1',
    title: 'Shosholoza',
    artist: 'The Braai Boys',
    album: 'Lekker Tunes',
    coverImageUrl: null,
    songFileUrl: '/media/audio/a.mp3',
    isAdminApproved: true,
    playCount: 4,
    likeCount: 2,
    viewerIsUploader: false,
    ...overrides,
  };
}

const chart = (
  songs: ReturnType<typeof song>[] | null,
  { liked = [] as string[], remaining = 10, delay = 0 } = {},
): MockLink.MockedResponse => ({
  request: { query: NootChartDocument },
  result: {
    data: {
      nootActivePlaylist: songs && {
        __typename: 'NootPlaylist',
        id: 'p1',
        name: 'November Top Hits',
        month: 11,
        year: 2026,
        songs,
        likedSongIds: liked,
      },
      nootMonthlyLikes: { __typename: 'NootMonthlyLikes', likesRemaining: remaining, limit: 10 },
    },
  },
  delay,
});

const renderScreen = (mocks: MockLink.MockedResponse[], role: 'user' | 'admin' = 'user', route = '/noot-vir-noot') =>
  renderWithProviders(
    <SessionProvider user={makeUser({ role })}>
      <NootVirNootScreen />
    </SessionProvider>,
    { mocks, route },
  );

describe('NootVirNootScreen', () => {
  it('shows skeletons, then the playlist name, likes remaining and the ranked Top Songs with counts', async () => {
    renderScreen([
      chart([song(), song({ id: 's2', title: 'Sarie Marais', album: null, likeCount: 1, playCount: 1 })], {
        remaining: 7,
        delay: 20,
      }),
    ]);
    expect(screen.getByRole('status', { name: 'Loading the chart' })).toBeInTheDocument();
    expect(await screen.findByTestId('playlist-name')).toHaveTextContent('November Top Hits');
    expect(screen.getByTestId('likes-remaining')).toHaveTextContent('7 likes remaining this month');
    const rows = screen.getAllByTestId('song-row');
    expect(within(rows[0]).getByText('#1')).toBeInTheDocument();
    expect(within(rows[0]).getByText('4 plays · 2 likes')).toBeInTheDocument();
    expect(within(rows[1]).getByText('#2')).toBeInTheDocument();
    expect(within(rows[1]).getByText('1 play · 1 like')).toBeInTheDocument();
  });

  it("members without a playlist read the spec's words; admins get Create Playlist with its validation", async () => {
    const { unmount } = renderScreen([chart(null)]);
    expect(await screen.findByText('No Active Playlist')).toBeInTheDocument();
    expect(screen.getByText("The admin hasn't created this month's playlist yet.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Playlist' })).not.toBeInTheDocument();
    unmount();
    const now = new Date();
    renderScreen(
      [
        chart(null),
        {
          request: {
            query: CreateNootPlaylistDocument,
            variables: { input: { name: 'Summer', month: now.getMonth() + 1, year: now.getFullYear() } },
          },
          result: { data: { createNootPlaylist: { __typename: 'NootPlaylist', id: 'p1', name: 'Summer' } } },
        },
        chart([]),
      ],
      'admin',
    );
    expect(await screen.findByText('Create a new monthly playlist to get started.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Playlist' }));
    const dialog = await screen.findByTestId('create-playlist-dialog');
    expect(
      within(dialog)
        .getAllByRole('option')
        .filter((o) => /^\d{4}$/.test(o.textContent ?? '')),
    ).toHaveLength(10);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Playlist' }));
    expect(await within(dialog).findByText('Playlist name is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox'), 'Summer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Playlist' }));
    expect(await screen.findByText('No songs yet. Be the first to upload!')).toBeInTheDocument();
  });

  it("the upload form asks for title, artist and the song file with the spec's messages", async () => {
    renderScreen([chart([])]);
    await userEvent.click(await screen.findByRole('button', { name: 'Upload Song' }));
    const dialog = await screen.findByTestId('upload-song-dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload Song' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Artist is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Song file is required')).toBeInTheDocument();
  });

  it('plays a song in the now-playing card and counts the play once', async () => {
    let plays = 0;
    renderScreen([
      chart([song()]),
      {
        request: { query: PlayNootSongDocument, variables: { id: 's1' } },
        result: () => {
          plays++;
          return { data: { playNootSong: { __typename: 'NootSong', id: 's1', playCount: 5 } } };
        },
      },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Play: Shosholoza' }));
    const audio = within(screen.getByTestId('now-playing')).getByTestId('now-playing-audio') as HTMLAudioElement;
    expect(audio.getAttribute('src')).toBe('/media/audio/a.mp3');
    audio.dispatchEvent(new Event('play'));
    audio.dispatchEvent(new Event('pause'));
    audio.dispatchEvent(new Event('play'));
    await waitFor(() => expect(screen.getByText('5 plays · 2 likes')).toBeInTheDocument());
    expect(plays).toBe(1);
  });

  it("a like over the limit shows 'Like Limit Reached' with the server's message", async () => {
    const message = 'You have reached your monthly like limit of 10 songs. Likes reset at the start of next month.';
    renderScreen([
      chart([song()], { remaining: 0 }),
      {
        request: { query: LikeNootSongDocument, variables: { id: 's1' } },
        result: {
          errors: [new GraphQLError(message, { extensions: { code: 'CONFLICT', reason: 'LIKE_LIMIT_REACHED' } })],
        },
      },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Like: Shosholoza, 2 likes' }));
    expect(await screen.findByText('Like Limit Reached')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it('admins see Pending Approval and approve; members see no heart on a pending song', async () => {
    renderScreen(
      [
        chart([song({ id: 's9', title: 'New one', isAdminApproved: false })]),
        {
          request: { query: ApproveNootSongDocument, variables: { id: 's9' } },
          result: { data: { approveNootSong: { __typename: 'NootSong', id: 's9', isAdminApproved: true } } },
        },
        chart([song({ id: 's9', title: 'New one', isAdminApproved: true })]),
      ],
      'admin',
    );
    expect(await screen.findByTestId('pending-approval')).toHaveTextContent('Pending Approval');
    expect(screen.queryByRole('button', { name: /^Like: New one/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Approve: New one' }));
    expect(await screen.findByText('Song approved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('pending-approval')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Like: New one, 2 likes' })).toBeInTheDocument();
  });

  it("others' songs have a Report action that opens the report dialog; one's own uploads have none", async () => {
    renderScreen([chart([song(), song({ id: 's2', title: 'My Own', viewerIsUploader: true })])]);
    const rows = await screen.findAllByTestId('song-row');
    expect(within(rows[1]).queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument();
    await userEvent.click(within(rows[0]).getByRole('button', { name: 'Report Shosholoza' }));
    expect(await screen.findByRole('dialog', { name: 'Report Song' })).toBeInTheDocument();
  });

  it('a link to a song of the chart (?song=) marks it in place', async () => {
    renderScreen([chart([song(), song({ id: 's2', title: 'Sarie Marais' })])], 'admin', '/noot-vir-noot?song=s2');
    const rows = await screen.findAllByTestId('song-row');
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(rows[0]).not.toHaveAttribute('aria-current');
    expect(screen.queryByTestId('song-shown')).not.toBeInTheDocument();
  });

  it('a link to a song of an earlier playlist shows it above the chart, marked, with Play and Report; a gone one says so', async () => {
    const old = {
      ...song({ id: 'old', title: 'Ou Liedjie' }),
      playlist: { __typename: 'NootPlaylist' as const, id: 'p0', name: 'October Hits' },
    };
    const { unmount } = renderScreen(
      [
        chart([song()]),
        { request: { query: NootSongDocument, variables: { id: 'old' } }, result: { data: { nootSong: old } } },
      ],
      'admin',
      '/noot-vir-noot?song=old',
    );
    const shown = await screen.findByTestId('song-shown');
    expect(shown).toHaveAttribute('aria-current', 'true');
    expect(within(shown).getByText('In October Hits')).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Report Ou Liedjie' })).toBeInTheDocument();
    await userEvent.click(within(shown).getByRole('button', { name: 'Play: Ou Liedjie' }));
    expect(within(screen.getByTestId('now-playing')).getByText('Ou Liedjie')).toBeInTheDocument();
    unmount();
    renderScreen(
      [
        chart([song()]),
        { request: { query: NootSongDocument, variables: { id: 'gone' } }, result: { data: { nootSong: null } } },
      ],
      'user',
      '/noot-vir-noot?song=gone',
    );
    expect(await screen.findByTestId('song-gone')).toHaveTextContent('This song is no longer available.');
  });

  it('shows an error with Retry when the chart cannot load', async () => {
    renderScreen([{ request: { query: NootChartDocument }, error: new Error('Network down') }]);
    expect(await screen.findByText('Could not load the chart')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
