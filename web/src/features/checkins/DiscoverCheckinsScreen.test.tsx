import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { DiscoverCheckinsPostsDocument } from './checkins.generated';
import { SessionProvider } from '../../ui/session';
import { makeUser, renderWithProviders } from '../../test/render';
import { makePost } from '../posts';
import DiscoverCheckinsScreen from './DiscoverCheckinsScreen';

function listMock(nodes: ReturnType<typeof makePost>[]) {
  return {
    request: { query: DiscoverCheckinsPostsDocument, variables: { first: 10 } },
    result: {
      data: {
        discoverCheckins: {
          __typename: 'PostConnection',
          nodes,
          pageInfo: { __typename: 'PageInfo', endCursor: null, hasNextPage: false },
        },
      },
    },
  };
}

const renderScreen = (mocks: ReturnType<typeof listMock>[]) =>
  renderWithProviders(
    <SessionProvider user={makeUser()}>
      <DiscoverCheckinsScreen />
    </SessionProvider>,
    { mocks },
  );

describe('DiscoverCheckinsScreen', () => {
  it('shows check-in posts as post cards', async () => {
    renderScreen([listMock([makePost({ id: 'p1', location: 'Boulders Beach', latitude: -34.19, longitude: 18.45 })])]);
    expect(screen.getByRole('heading', { level: 1, name: 'Discover Check-ins' })).toBeInTheDocument();
    expect(await screen.findByTestId('post-card')).toHaveAttribute('data-post-id', 'p1');
  });

  it('shows the empty state', async () => {
    renderScreen([listMock([])]);
    expect(await screen.findByText('No check-ins yet')).toBeInTheDocument();
    expect(screen.getByText('Be the first to share a location check-in!')).toBeInTheDocument();
  });
});
