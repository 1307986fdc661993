import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { InMemoryCache } from '@apollo/client';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter } from 'react-router';
import { createCache } from '../ui/cache';
import { seedAppConfig } from './appConfig';
import { UiProvider } from '../ui/UiProvider';
import { MeDocument, useMeQuery, type SessionUserFragment } from '../ui/session.generated';
import { SessionProvider } from '../ui/session';

export function renderWithProviders(
  ui: ReactElement,
  {
    mocks = [],
    route = '/',
    cache = createCache(),
  }: { mocks?: ReadonlyArray<MockLink.MockedResponse>; route?: string; cache?: InMemoryCache } = {},
) {
  return render(
    <MockedProvider mocks={mocks} cache={seedAppConfig(cache, mocks)}>
      <UiProvider>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </UiProvider>
    </MockedProvider>,
  );
}

export function makeUser(overrides: Partial<SessionUserFragment> = {}): SessionUserFragment & { __typename: 'User' } {
  return {
    __typename: 'User',
    id: 'u1',
    firstName: 'Thandi',
    lastName: 'Nkosi',
    email: 'thandi@example.com',
    emailVerified: true,
    profileImageUrl: null,
    role: 'user',
    displayName: 'Thandi Nkosi',
    initials: 'TN',
    tutorialCompleted: true,
    tutorialStep: 9,
    radarEnabled: false,
    enabledFeatures: ['klets', 'saffaRadar', 'dating', 'recipes', 'thingsToDoList', 'radio', 'nootVirNoot', 'jobs'],
    ...overrides,
  };
}

/** A cache that holds `user` as the signed-in member (the Me query), for CachedSession. */
export function cacheWithMe(user: SessionUserFragment & { __typename: 'User' }): InMemoryCache {
  const cache = createCache();
  cache.writeQuery({ query: MeDocument, data: { me: user } });
  return cache;
}

/** The session as the app provides it: the cached Me query, so a mutation that changes the member shows at once. */
export function CachedSession({ children }: { children: ReactNode }) {
  const { data } = useMeQuery({ fetchPolicy: 'cache-only' });
  return data?.me ? <SessionProvider user={data.me}>{children}</SessionProvider> : null;
}
