import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { SessionProvider } from '../../ui/session';
import { ReelsByDocument } from '../../gql/graphql';
import { makeUser, renderWithProviders } from '../../test/render';
import ProfileScreen from './ProfileScreen';

describe('ProfileScreen', () => {
  it("lists the member's own reels", async () => {
    const me = makeUser({ id: 'me' });
    const node = {
      __typename: 'Reel',
      id: 'r1',
      title: 'My braai',
      caption: null,
      thumbnailUrl: null,
      imageUrl: null,
      videoUrl: '/media/videos/r1.mp4',
      likeCount: 2,
      viewerLiked: false,
      viewerCanDelete: true,
      author: { __typename: 'User', id: 'me', displayName: me.displayName },
    };
    renderWithProviders(
      <SessionProvider user={me}>
        <ProfileScreen />
      </SessionProvider>,
      {
        mocks: [
          {
            request: { query: ReelsByDocument, variables: { authorId: 'me', first: 12 } },
            result: { data: { reelsBy: { __typename: 'ReelConnection', nodes: [node], pageInfo: { __typename: 'PageInfo', endCursor: null, hasNextPage: false } } } },
          },
        ],
      },
    );
    expect(await screen.findByRole('button', { name: /^My braai \d+ likes?$/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your reels' })).toBeInTheDocument();
  });
});
