import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import {
  GroupOptionsDocument,
  GroupsNearDocument,
  JoinGroupDocument,
  MyGroupsDocument,
  type GroupCardFieldsFragment,
} from './groups.generated';
import { makeUser, renderWithProviders } from '../../test/render';
import { SessionProvider } from '../../ui/session';
import DiscoverGroupsScreen from './DiscoverGroupsScreen';
import { NEAR_PAGE } from './NearGroups';

// jsdom has no geolocation: the screen falls back to Cape Town, with the spec's toast.
const CAPE_TOWN = { lat: -33.9249, lon: 18.4241 };

function makeGroup(
  overrides: Partial<GroupCardFieldsFragment & { distanceKm: number }> = {},
): GroupCardFieldsFragment & { __typename: 'Group'; distanceKm: number } {
  return {
    __typename: 'Group',
    id: 'g1',
    name: 'Sea Point Braai',
    description: 'Weekend braais',
    type: 'Braai',
    locationName: 'Sea Point',
    imageUrl: null,
    memberCount: 3,
    requiresApproval: false,
    isFavorite: false,
    viewerStatus: 'none' as GroupCardFieldsFragment['viewerStatus'],
    distanceKm: 2.34,
    ...overrides,
  };
}

const optionsMock: MockLink.MockedResponse = {
  request: { query: GroupOptionsDocument },
  result: {
    data: {
      groupOptions: {
        __typename: 'GroupOptions',
        types: ['Favourites', 'SAFFA Local Community', 'Jokes', 'Sport', 'Braai', 'Other'],
        discoverRadiiKm: [10, 50, 100, 200, 500, 1000],
        chatRadiiKm: [5, 10, 25, 50, 100, 200],
        defaultRadiusKm: 50,
      },
    },
  },
  maxUsageCount: 10,
};

function nearMock(
  nodes: Array<ReturnType<typeof makeGroup>>,
  radiusKm = 50,
  type: string | null = null,
): MockLink.MockedResponse {
  return {
    request: { query: GroupsNearDocument, variables: { ...CAPE_TOWN, radiusKm, type, first: NEAR_PAGE } },
    result: {
      data: {
        groupsNear: {
          __typename: 'GroupConnection',
          totalCount: nodes.length,
          nodes,
          pageInfo: { __typename: 'PageInfo', endCursor: null, hasNextPage: false },
        },
      },
    },
  };
}

const myGroupsRefetch: MockLink.MockedResponse = {
  request: { query: MyGroupsDocument, variables: () => true },
  result: {
    data: {
      myGroups: {
        __typename: 'GroupConnection',
        totalCount: 0,
        nodes: [],
        pageInfo: { __typename: 'PageInfo', endCursor: null, hasNextPage: false },
      },
    },
  },
  maxUsageCount: 5,
};

const renderScreen = (mocks: MockLink.MockedResponse[], route = '/discover-groups') =>
  renderWithProviders(
    <SessionProvider user={makeUser()}>
      <DiscoverGroupsScreen />
    </SessionProvider>,
    { mocks: [optionsMock, myGroupsRefetch, ...mocks], route },
  );

describe('DiscoverGroupsScreen', () => {
  it("falls back to Cape Town with the spec's Location Error toast, then shows the count line and the cards", async () => {
    renderScreen([
      nearMock([
        makeGroup(),
        makeGroup({
          id: 'g2',
          name: 'Joburg Sport Fans',
          type: 'Sport',
          viewerStatus: 'admin' as never,
          memberCount: 1,
          distanceKm: 12,
        }),
      ]),
    ]);
    expect(await screen.findByText('Location Error')).toBeInTheDocument();
    expect(screen.getByText('Unable to get your location. Using default location.')).toBeInTheDocument();
    expect(await screen.findByText('Found 2 groups within 50 km')).toBeInTheDocument();
    const [first, second] = screen.getAllByTestId('group-card');
    expect(within(first).getByText('Braai · 2.3 km · 3 members')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Join Community' })).toBeInTheDocument();
    // The viewer's own group: the Admin badge, the Favorite toggle and Leave.
    expect(within(second).getByText('Admin')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Add Joburg Sport Fans to favorites' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(within(second).getByRole('button', { name: 'Leave' })).toBeInTheDocument();
    expect(within(second).getByText('Sport · 12 km · 1 member')).toBeInTheDocument();
  });

  it("shows the spec's empty state for the radius in the URL", async () => {
    renderScreen([nearMock([], 1000)], '/discover-groups?radius=1000');
    expect(await screen.findByText('No groups found')).toBeInTheDocument();
    expect(screen.getByText('Try increasing the radius to discover more groups')).toBeInTheDocument();
    expect(screen.getByText('Found 0 groups within 1000 km')).toBeInTheDocument();
    expect(screen.getByTestId('radius-select')).toHaveValue('1000');
  });

  it("joining a group that requires approval says 'Request Sent' and the card waits", async () => {
    const group = makeGroup({ requiresApproval: true });
    renderScreen([
      nearMock([group]),
      {
        request: { query: JoinGroupDocument, variables: { id: 'g1' } },
        result: { data: { joinGroup: { ...group, distanceKm: undefined, viewerStatus: 'requested' } } },
      },
    ]);
    const card = await screen.findByTestId('group-card');
    expect(within(card).getByText('Admins approve new members')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Join Community' }));
    expect(await screen.findByText('Request Sent', { selector: '[data-part="title"]' })).toBeInTheDocument();
    expect(await within(card).findByRole('button', { name: 'Request Sent' })).toBeDisabled();
  });

  it("a failed join answers the spec's text", async () => {
    renderScreen([
      nearMock([makeGroup()]),
      { request: { query: JoinGroupDocument, variables: { id: 'g1' } }, error: new Error('network down') },
    ]);
    const card = await screen.findByTestId('group-card');
    await userEvent.click(within(card).getByRole('button', { name: 'Join Community' }));
    expect(await screen.findByText('Failed to join group. Please try again.')).toBeInTheDocument();
  });
});
