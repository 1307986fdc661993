import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { InMemoryCache } from '@apollo/client';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter } from 'react-router';
import { createCache } from '../ui/cache';
import { seedAppConfig } from './appConfig';
import { UiProvider } from '../ui/UiProvider';
import type { SessionUserFragment } from '../gql/graphql';

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
    ...overrides,
  };
}
