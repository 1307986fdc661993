// Test helpers of the feed folder (imported by *.test.tsx only).
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import type { InMemoryCache } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createCache } from '../../ui/cache';
import { UiProvider } from '../../ui/UiProvider';
import { SessionProvider } from '../../ui/session';
import { FeedBusinessesDocument, FeedReelsDocument, HomeFeedDocument } from './feed.generated';
import { seedAppConfig } from '../../test/appConfig';
import { makeUser } from '../../test/render';
import type { TestPost } from '../posts';

export function feedMock(
  posts: TestPost[],
  {
    after,
    hasNextPage = false,
    endCursor = null,
    delay = 0,
  }: { after?: string; hasNextPage?: boolean; endCursor?: string | null; delay?: number } = {},
): MockLink.MockedResponse {
  return {
    request: { query: HomeFeedDocument, variables: after ? { first: 10, after } : { first: 10 } },
    result: {
      data: {
        feed: {
          __typename: 'PostConnection',
          nodes: posts,
          pageInfo: { __typename: 'PageInfo', endCursor, hasNextPage },
        },
      },
    },
    delay,
  };
}

export function reelsMock(
  reels: Array<{ id: string; title: string; thumbnailUrl: string | null }> = [],
): MockLink.MockedResponse {
  return {
    request: { query: FeedReelsDocument, variables: { first: 10 } },
    result: {
      data: { reels: { __typename: 'ReelConnection', nodes: reels.map((r) => ({ __typename: 'Reel', ...r })) } },
    },
  };
}

export function businessesMock(
  businesses: Array<{ id: string; name: string; category: string; imageUrl?: string | null }> = [],
): MockLink.MockedResponse {
  return {
    request: { query: FeedBusinessesDocument, variables: { first: 10 } },
    result: {
      data: {
        businesses: {
          __typename: 'BusinessConnection',
          nodes: businesses.map((b) => ({ __typename: 'Business', imageUrl: null, ...b })),
        },
      },
    },
  };
}

/**
 * Renders with Apollo mocks (in the app's cache, with its connection policies), Chakra, a signed-in member and a
 * router.
 */
export function renderFeed(
  ui: ReactElement,
  {
    mocks = [],
    route = '/',
    path = '/',
    cache = createCache(),
  }: {
    mocks?: ReadonlyArray<MockLink.MockedResponse>;
    route?: string;
    path?: string;
    cache?: InMemoryCache;
  } = {},
) {
  const result = render(
    <MockedProvider mocks={mocks} cache={seedAppConfig(cache, mocks)}>
      <UiProvider>
        <SessionProvider user={makeUser()}>
          <MemoryRouter initialEntries={[route]}>
            <Routes>
              <Route path={path} element={ui} />
              <Route path="*" element={<p>Elsewhere</p>} />
            </Routes>
          </MemoryRouter>
        </SessionProvider>
      </UiProvider>
    </MockedProvider>,
  );
  return { ...result, cache };
}
