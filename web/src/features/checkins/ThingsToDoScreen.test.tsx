import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../ui/toaster';
import { ThingsToDoRemoveCheckinDocument, ThingsToDoSavedCheckinsDocument } from './checkins.generated';
import { renderWithProviders } from '../../test/render';
import ThingsToDoScreen from './ThingsToDoScreen';

function saved(
  id: string,
  post: Partial<{
    imageUrl: string | null;
    location: string | null;
    content: string | null;
    latitude: number | null;
    longitude: number | null;
  }>,
) {
  return {
    __typename: 'SavedCheckin' as const,
    id,
    postId: `p-${id}`,
    createdAt: new Date(Date.now() - 2 * 24 * 3600 * 1000).toISOString(),
    post: {
      __typename: 'Post' as const,
      id: `p-${id}`,
      imageUrl: null,
      location: 'Table Mountain',
      content: 'Lekker hike!',
      latitude: -33.9628,
      longitude: 18.4098,
      savedCheckinId: id,
      ...post,
    },
  };
}

function listMock(
  nodes: ReturnType<typeof saved>[],
  {
    after,
    hasNextPage = false,
    endCursor = null,
  }: { after?: string; hasNextPage?: boolean; endCursor?: string | null } = {},
) {
  return {
    request: { query: ThingsToDoSavedCheckinsDocument, variables: after ? { first: 20, after } : { first: 20 } },
    result: {
      data: {
        savedCheckins: {
          __typename: 'SavedCheckinConnection',
          nodes,
          pageInfo: { __typename: 'PageInfo', endCursor, hasNextPage },
        },
      },
    },
  };
}

describe('ThingsToDoScreen', () => {
  beforeEach(() => {
    toaster.remove();
  });

  it('shows saved places with image, text, saved time and a maps link', async () => {
    renderWithProviders(<ThingsToDoScreen />, {
      mocks: [
        listMock([
          saved('s1', { imageUrl: '/media/mountain.jpg' }),
          saved('s2', { location: 'Kirstenbosch', latitude: null, longitude: null, content: 'Concert' }),
        ]),
      ],
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Things to do' })).toBeInTheDocument();
    expect(screen.getByText("Places you've saved to visit later")).toBeInTheDocument();
    const first = await screen.findByRole('article', { name: 'Table Mountain' });
    expect(within(first).getByRole('img', { name: 'Table Mountain' })).toHaveAttribute('src', '/media/mountain.jpg');
    expect(within(first).getByText('Lekker hike!')).toBeInTheDocument();
    expect(within(first).getByText('Saved 2 days ago')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Open in Google Maps' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=-33.9628,18.4098',
    );
    const second = screen.getByRole('article', { name: 'Kirstenbosch' });
    expect(within(second).queryByRole('link', { name: 'Open in Google Maps' })).not.toBeInTheDocument();
    expect(within(second).queryByRole('img')).not.toBeInTheDocument();
  });

  it('removes a place from the list', async () => {
    const user = userEvent.setup();
    const remove = vi.fn(() => ({ data: { removeSavedCheckin: 's1' } }));
    renderWithProviders(<ThingsToDoScreen />, {
      mocks: [
        listMock([saved('s1', {}), saved('s2', { location: 'Kirstenbosch' })]),
        { request: { query: ThingsToDoRemoveCheckinDocument, variables: { id: 's1' } }, result: remove },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Table Mountain' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Table Mountain' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Kirstenbosch' })).toBeInTheDocument();
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it('shows the failure toast and keeps the place when removing fails', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ThingsToDoScreen />, {
      mocks: [
        listMock([saved('s1', {})]),
        {
          request: { query: ThingsToDoRemoveCheckinDocument, variables: { id: 's1' } },
          result: { errors: [{ message: 'Saved check-in not found' }] },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Table Mountain' }));
    expect(await screen.findByText('Failed to remove check-in.')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Table Mountain' })).toBeInTheDocument();
  });

  it('loads the next page with Load more', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ThingsToDoScreen />, {
      mocks: [
        listMock([saved('s1', {})], { hasNextPage: true, endCursor: 'c1' }),
        listMock([saved('s2', { location: 'Kirstenbosch' })], { after: 'c1' }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Kirstenbosch' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Table Mountain' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    renderWithProviders(<ThingsToDoScreen />, { mocks: [listMock([])] });
    expect(await screen.findByText('No saved check-ins yet')).toBeInTheDocument();
    expect(screen.getByText("When you save check-in posts, they'll appear here for easy access.")).toBeInTheDocument();
  });
});
