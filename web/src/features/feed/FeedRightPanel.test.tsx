import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { FeedSavedPlacesDocument } from './rightPanel.generated';
import {
  AcceptFriendRequestDocument,
  DeclineFriendRequestDocument,
  FriendRequestsDocument,
  FriendSuggestionsDocument,
  MyFriendsDocument,
  PendingFriendRequestCountDocument,
  SendFriendRequestDocument,
  type FriendsPanel_UserFragment,
} from '../friends/friends.generated';
import { toaster } from '../../ui/toaster';
import { fakeMatchMedia } from '../../test/matchMedia';
import { FriendsPanelProvider, useFriendsPanel } from '../friends';
import FeedScreen from './FeedScreen';
import { FeedRightPanel, WIDE_QUERY } from './FeedRightPanel';
import { businessesMock, feedMock, reelsMock, renderFeed } from './testUtils';

type Status = FriendsPanel_UserFragment['friendStatus'];

function person(id: string, displayName: string, friendStatus: Status = 'none') {
  const [first, last] = displayName.split(' ');
  return {
    __typename: 'User' as const,
    id,
    displayName,
    initials: `${first[0]}${last[0]}`,
    profileImageUrl: null,
    friendStatus,
  };
}

const requesters = [
  person('r1', 'Pieter Botha', 'requestReceived'),
  person('r2', 'Naledi Khumalo', 'requestReceived'),
  person('r3', 'Johan Smit', 'requestReceived'),
  person('r4', 'Ayanda Zulu', 'requestReceived'),
];
const suggested = [
  'Lindiwe Mokoena',
  'Karabo Molefe',
  'Anika Venter',
  'Tumi Ndlovu',
  'Ruan Pretorius',
  'Zanele Mthembu',
].map((name, i) => person(`s${i + 1}`, name));
const via = { __typename: 'User' as const, id: 'f1', displayName: 'Sipho Dlamini' };

function requestsMock(people = requesters, { delay = 0, maxUsageCount = 3 } = {}): MockLink.MockedResponse {
  return {
    request: { query: FriendRequestsDocument },
    result: {
      data: {
        friendRequests: people.map((from, i) => ({
          __typename: 'FriendRequest',
          id: `fr${i + 1}`,
          createdAt: '2025-03-01T10:00:00.000Z',
          from,
        })),
      },
    },
    delay,
    maxUsageCount,
  };
}

function countMock(count: number, maxUsageCount = 3): MockLink.MockedResponse {
  return {
    request: { query: PendingFriendRequestCountDocument },
    result: { data: { pendingFriendRequestCount: count } },
    maxUsageCount,
  };
}

function suggestionsMock(people = suggested, { delay = 0, maxUsageCount = 3 } = {}): MockLink.MockedResponse {
  return {
    request: { query: FriendSuggestionsDocument },
    result: {
      data: {
        friendSuggestions: people.map((user) => ({ __typename: 'FriendSuggestion', mutualFriendCount: 1, user, via })),
      },
    },
    delay,
    maxUsageCount,
  };
}

function placesMock(
  places: Array<{ id: string; location: string | null; imageUrl?: string | null; thumbnailUrl?: string | null }> = [
    { id: 'sc1', location: 'Table Mountain', thumbnailUrl: '/media/tm-thumb.jpg' },
    { id: 'sc2', location: 'Boulders Beach' },
    { id: 'sc3', location: null },
  ],
  { delay = 0 } = {},
): MockLink.MockedResponse {
  return {
    request: { query: FeedSavedPlacesDocument, variables: { first: 3 } },
    result: {
      data: {
        savedCheckins: {
          __typename: 'SavedCheckinConnection',
          nodes: places.map((p) => ({
            __typename: 'SavedCheckin',
            id: p.id,
            createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
            post: {
              __typename: 'Post',
              id: `post-${p.id}`,
              location: p.location,
              imageUrl: p.imageUrl ?? null,
              images: p.thumbnailUrl ? [{ __typename: 'PostImage', thumbnailUrl: p.thumbnailUrl }] : [],
            },
          })),
        },
      },
    },
    delay,
  };
}

const failing = (
  query: MockLink.MockedResponse['request']['query'],
  variables?: Record<string, unknown>,
): MockLink.MockedResponse => ({
  request: { query, variables },
  result: { errors: [{ message: 'Database unavailable' }] },
});

const panel = () => screen.getByRole('complementary', { name: 'Right panel' });
const section = (name: string) => within(panel()).getByRole('region', { name });

beforeEach(() => {
  toaster.remove();
});

describe('FeedRightPanel', () => {
  it('shows up to 3 friend requests with the pending count, up to 5 suggestions and the 3 newest saved places', async () => {
    renderFeed(<FeedRightPanel />, { mocks: [requestsMock(), countMock(4), suggestionsMock(), placesMock()] });
    expect(panel()).toHaveAttribute('data-testid', 'right-panel');

    const requests = section('Friend requests');
    await within(requests).findByRole('listitem', { name: 'Pieter Botha' });
    expect(
      within(requests)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Pieter Botha', 'Naledi Khumalo', 'Johan Smit']);
    expect(await within(requests).findByTestId('right-panel-request-count')).toHaveTextContent('4 pending');
    const first = within(requests).getByRole('listitem', { name: 'Pieter Botha' });
    expect(within(first).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Decline' })).toBeInTheDocument();

    const people = section('People you may know');
    await within(people).findByRole('listitem', { name: 'Lindiwe Mokoena' });
    expect(within(people).getAllByRole('listitem')).toHaveLength(5);
    expect(within(people).queryByRole('listitem', { name: 'Zanele Mthembu' })).not.toBeInTheDocument();
    expect(within(people).getAllByText('Friend of Sipho Dlamini')).toHaveLength(5);
    expect(within(people).getByRole('button', { name: 'Add Lindiwe Mokoena' })).toBeInTheDocument();

    const places = section('Saved places');
    const links = await within(places).findAllByTestId('right-panel-place');
    expect(links.map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')])).toEqual([
      ['Table Mountain', '/things-to-do'],
      ['Boulders Beach', '/things-to-do'],
      ['Saved place', '/things-to-do'],
    ]);
    expect(links[0].querySelector('img')).toHaveAttribute('src', '/media/tm-thumb.jpg');
    expect(within(links[1]).getByText('Saved 2 hours ago')).toBeInTheDocument();
    expect(within(places).getByRole('link', { name: 'See all saved places' })).toHaveAttribute('href', '/things-to-do');
  });

  it('shows a loading state in each section', async () => {
    renderFeed(<FeedRightPanel />, {
      mocks: [
        requestsMock(requesters, { delay: 200 }),
        countMock(4),
        suggestionsMock(suggested, { delay: 200 }),
        placesMock(undefined, { delay: 200 }),
      ],
    });
    expect(screen.getByRole('status', { name: 'Loading friend requests' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading suggestions' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading saved places' })).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Pieter Botha' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });

  it('shows an empty state in each section, without counts or See all', async () => {
    renderFeed(<FeedRightPanel />, { mocks: [requestsMock([]), countMock(0), suggestionsMock([]), placesMock([])] });
    expect(await within(section('Friend requests')).findByText('No pending friend requests.')).toBeInTheDocument();
    expect(await within(section('People you may know')).findByText(/No suggestions right now/)).toBeInTheDocument();
    expect(await within(section('Saved places')).findByText(/No saved places yet/)).toBeInTheDocument();
    expect(screen.queryByTestId('right-panel-request-count')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'See all saved places' })).not.toBeInTheDocument();
  });

  it('shows an error in each section, and the data after Try again', async () => {
    const user = userEvent.setup();
    renderFeed(<FeedRightPanel />, {
      mocks: [
        failing(FriendRequestsDocument),
        countMock(1),
        failing(FriendSuggestionsDocument),
        failing(FeedSavedPlacesDocument, { first: 3 }),
        requestsMock(requesters.slice(0, 1)),
        suggestionsMock(suggested.slice(0, 1)),
        placesMock([{ id: 'sc1', location: 'Table Mountain' }]),
      ],
    });
    const requests = section('Friend requests');
    const people = section('People you may know');
    const places = section('Saved places');
    expect(await within(requests).findByText("Couldn't load friend requests.")).toBeInTheDocument();
    expect(await within(people).findByText("Couldn't load suggestions.")).toBeInTheDocument();
    expect(await within(places).findByText("Couldn't load saved places.")).toBeInTheDocument();

    await user.click(within(requests).getByRole('button', { name: 'Try again' }));
    expect(await within(requests).findByRole('listitem', { name: 'Pieter Botha' })).toBeInTheDocument();
    await user.click(within(people).getByRole('button', { name: 'Try again' }));
    expect(await within(people).findByRole('listitem', { name: 'Lindiwe Mokoena' })).toBeInTheDocument();
    await user.click(within(places).getByRole('button', { name: 'Try again' }));
    expect(await within(places).findByRole('link', { name: 'Table Mountain' })).toBeInTheDocument();
  });

  it('Add sends the request: Pending here, then in the friends panel too, and the toast', async () => {
    const user = userEvent.setup();
    const send = vi.fn(() => ({
      data: { sendFriendRequest: { __typename: 'User' as const, id: 's1', friendStatus: 'requestSent' as const } },
    }));
    function WithFriendsPanel() {
      const { openPanel } = useFriendsPanel();
      return (
        <>
          <button onClick={openPanel}>Open friends</button>
          <FeedRightPanel />
        </>
      );
    }
    renderFeed(
      <FriendsPanelProvider>
        <WithFriendsPanel />
      </FriendsPanelProvider>,
      {
        mocks: [
          requestsMock([]),
          countMock(0),
          suggestionsMock(suggested, { maxUsageCount: 1 }),
          placesMock([]),
          { request: { query: MyFriendsDocument }, result: { data: { friends: [] } }, maxUsageCount: 3 },
          { request: { query: SendFriendRequestDocument, variables: { userId: 's1' } }, result: send },
          // The panel's own refresh answers late: what it shows first comes from the shared cache.
          suggestionsMock(suggested, { delay: 5000, maxUsageCount: 1 }),
        ],
      },
    );
    const people = section('People you may know');
    await user.click(await within(people).findByRole('button', { name: 'Add Lindiwe Mokoena' }));

    const row = within(people).getByRole('listitem', { name: 'Lindiwe Mokoena' });
    expect(await within(row).findByText('Pending')).toBeInTheDocument();
    expect(within(people).queryByRole('button', { name: 'Add Lindiwe Mokoena' })).not.toBeInTheDocument();
    expect(send).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Friend Request Sent')).toBeInTheDocument();
    expect(screen.getByText('Friend request sent to Lindiwe Mokoena')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open friends' }));
    const friendsPanel = await screen.findByTestId('friends-panel');
    const panelRow = await within(friendsPanel).findByRole('listitem', { name: 'Lindiwe Mokoena' });
    expect(within(panelRow).getByText('Pending')).toBeInTheDocument();
    expect(within(friendsPanel).getByRole('button', { name: 'Add Karabo Molefe' })).toBeInTheDocument();
  });

  it('Accept answers the request and refreshes the requests and the count', async () => {
    const user = userEvent.setup();
    const accept = vi.fn(() => ({
      data: { acceptFriendRequest: { __typename: 'User' as const, id: 'r1', friendStatus: 'friends' as const } },
    }));
    renderFeed(<FeedRightPanel />, {
      mocks: [
        requestsMock(requesters.slice(0, 2), { maxUsageCount: 1 }),
        countMock(2, 1),
        suggestionsMock([]),
        placesMock([]),
        { request: { query: AcceptFriendRequestDocument, variables: { userId: 'r1' } }, result: accept },
        requestsMock(requesters.slice(1, 2), { maxUsageCount: 1 }),
        countMock(1, 1),
      ],
    });
    const requests = section('Friend requests');
    const row = await within(requests).findByRole('listitem', { name: 'Pieter Botha' });
    expect(await within(requests).findByTestId('right-panel-request-count')).toHaveTextContent('2');
    await user.click(within(row).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(within(requests).queryByRole('listitem', { name: 'Pieter Botha' })).not.toBeInTheDocument(),
    );
    expect(accept).toHaveBeenCalledTimes(1);
    expect(within(requests).getByRole('listitem', { name: 'Naledi Khumalo' })).toBeInTheDocument();
    await waitFor(() => expect(within(requests).getByTestId('right-panel-request-count')).toHaveTextContent(/^1/));
  });

  it('Decline shows the server message when it fails and keeps the request', async () => {
    const user = userEvent.setup();
    renderFeed(<FeedRightPanel />, {
      mocks: [
        requestsMock(requesters.slice(0, 1)),
        countMock(1),
        suggestionsMock([]),
        placesMock([]),
        {
          request: { query: DeclineFriendRequestDocument, variables: { userId: 'r1' } },
          result: { errors: [{ message: 'No such request.' }] },
        },
      ],
    });
    const row = await within(section('Friend requests')).findByRole('listitem', { name: 'Pieter Botha' });
    await user.click(within(row).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('No such request.')).toBeInTheDocument();
    expect(within(section('Friend requests')).getByRole('listitem', { name: 'Pieter Botha' })).toBeInTheDocument();
  });

  it('See all opens the friends panel', async () => {
    const user = userEvent.setup();
    renderFeed(
      <FriendsPanelProvider>
        <FeedRightPanel />
      </FriendsPanelProvider>,
      {
        mocks: [
          requestsMock(),
          countMock(4),
          suggestionsMock(),
          placesMock([]),
          { request: { query: MyFriendsDocument }, result: { data: { friends: [] } }, maxUsageCount: 3 },
        ],
      },
    );
    await within(section('Friend requests')).findByRole('listitem', { name: 'Pieter Botha' });
    expect(screen.queryByTestId('friends-panel')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'See all friend requests' }));
    const friendsPanel = await screen.findByTestId('friends-panel');
    expect(await within(friendsPanel).findByRole('listitem', { name: 'Ayanda Zulu' })).toBeInTheDocument();
  });
});

describe('FeedScreen right column', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });
  const feedMocks = () => [feedMock([]), reelsMock(), businessesMock()];

  it('is rendered at 2xl widths', async () => {
    window.matchMedia = fakeMatchMedia((query) => query === WIDE_QUERY);
    renderFeed(<FeedScreen />, {
      mocks: [...feedMocks(), requestsMock([]), countMock(0), suggestionsMock([]), placesMock([])],
    });
    expect(await screen.findByText('No posts yet. Create the first one!')).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Right panel' })).toBeInTheDocument();
    expect(await screen.findByText('No pending friend requests.')).toBeInTheDocument();
  });

  it('is not rendered (and loads nothing) below 2xl or on mobile', async () => {
    window.matchMedia = fakeMatchMedia((query) => query.includes('max-width'));
    renderFeed(<FeedScreen />, { mocks: feedMocks() });
    expect(await screen.findByText('No posts yet. Create the first one!')).toBeInTheDocument();
    expect(screen.queryByTestId('right-panel')).not.toBeInTheDocument();
  });
});
