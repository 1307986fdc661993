import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import {
  AcceptFriendRequestDocument,
  FriendRequestsDocument,
  FriendSuggestionsDocument,
  MyFriendsDocument,
  SendFriendRequestDocument,
  type FriendsPanel_UserFragment,
} from './friends.generated';
import { StartConversationDocument } from '../messages/messages.generated';
import { toaster } from '../../ui/toaster';
import { renderWithProviders } from '../../test/render';
import { FriendsPanel } from './FriendsPanel';

function person(id: string, displayName: string, overrides: Partial<FriendsPanel_UserFragment> = {}) {
  const [first, last] = displayName.split(' ');
  return {
    __typename: 'User' as const,
    id,
    displayName,
    initials: `${first[0]}${last[0]}`,
    profileImageUrl: null,
    friendStatus: 'none' as FriendsPanel_UserFragment['friendStatus'],
    ...overrides,
  };
}

const sipho = person('u2', 'Sipho Dlamini', { friendStatus: 'friends' });
const lindiwe = person('u3', 'Lindiwe Mokoena');
const pieter = person('u4', 'Pieter van Wyk', { friendStatus: 'requestReceived' });

function mocks({ empty = false } = {}) {
  return [
    {
      request: { query: FriendRequestsDocument },
      result: {
        data: {
          friendRequests: empty
            ? []
            : [{ __typename: 'FriendRequest', id: 'r1', createdAt: '2025-03-01T10:00:00.000Z', from: pieter }],
        },
      },
      maxUsageCount: 3,
    },
    {
      request: { query: MyFriendsDocument },
      result: { data: { friends: empty ? [] : [{ __typename: 'Friend', mutualFriendCount: 3, user: sipho }] } },
      maxUsageCount: 3,
    },
    {
      request: { query: FriendSuggestionsDocument },
      result: {
        data: {
          friendSuggestions: empty
            ? []
            : [
                {
                  __typename: 'FriendSuggestion',
                  mutualFriendCount: 1,
                  user: lindiwe,
                  via: { __typename: 'User', id: 'u2', displayName: 'Sipho Dlamini' },
                },
              ],
        },
      },
      maxUsageCount: 3,
    },
  ];
}

function Location() {
  const { pathname, search } = useLocation();
  return <div data-testid="location">{pathname + search}</div>;
}

describe('FriendsPanel', () => {
  // The toaster is one per app and shows one toast at a time: start each test without leftovers.
  beforeEach(() => {
    toaster.remove();
  });

  it('shows requests, friends and suggestions from the server', async () => {
    renderWithProviders(<FriendsPanel open onClose={() => {}} />, { mocks: mocks() });
    const panel = await screen.findByTestId('friends-panel');
    expect(within(panel).getByRole('heading', { name: 'Friends' })).toBeInTheDocument();
    const requests = within(panel).getByRole('region', { name: 'Friend requests' });
    const request = await within(requests).findByRole('listitem', { name: 'Pieter van Wyk' });
    expect(within(request).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(within(request).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(await within(panel).findByRole('heading', { name: 'My Friends (1)' })).toBeInTheDocument();
    expect(within(panel).getByText('3 mutual friends')).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Discover New Friends' })).toBeInTheDocument();
    expect(within(panel).getByText('Friends of your friends')).toBeInTheDocument();
    expect(await within(panel).findByText('Friend of Sipho Dlamini')).toBeInTheDocument();
  });

  it('sends a friend request: the add button becomes Pending and a toast confirms', async () => {
    const user = userEvent.setup();
    const send = vi.fn(() => ({
      data: { sendFriendRequest: { __typename: 'User' as const, id: 'u3', friendStatus: 'requestSent' as const } },
    }));
    renderWithProviders(<FriendsPanel open onClose={() => {}} />, {
      mocks: [...mocks(), { request: { query: SendFriendRequestDocument, variables: { userId: 'u3' } }, result: send }],
    });
    await user.click(await screen.findByRole('button', { name: 'Add Lindiwe Mokoena' }));
    expect(await screen.findByText('Pending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Lindiwe Mokoena' })).not.toBeInTheDocument();
    expect(send).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Friend Request Sent')).toBeInTheDocument();
    expect(screen.getByText('Friend request sent to Lindiwe Mokoena')).toBeInTheDocument();
  });

  it('shows the server message and keeps the add button when sending fails', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FriendsPanel open onClose={() => {}} />, {
      mocks: [
        ...mocks(),
        {
          request: { query: SendFriendRequestDocument, variables: { userId: 'u3' } },
          result: { errors: [{ message: 'Friend request already sent.' }] },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Add Lindiwe Mokoena' }));
    expect(await screen.findByText('Friend request already sent.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Lindiwe Mokoena' })).toBeInTheDocument();
    expect(screen.queryByText('Pending')).not.toBeInTheDocument();
  });

  it('accepts a friend request', async () => {
    const user = userEvent.setup();
    const accept = vi.fn(() => ({
      data: { acceptFriendRequest: { __typename: 'User' as const, id: 'u4', friendStatus: 'friends' as const } },
    }));
    renderWithProviders(<FriendsPanel open onClose={() => {}} />, {
      mocks: [
        ...mocks(),
        { request: { query: AcceptFriendRequestDocument, variables: { userId: 'u4' } }, result: accept },
      ],
    });
    const request = await screen.findByRole('listitem', { name: 'Pieter van Wyk' });
    await user.click(within(request).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(accept).toHaveBeenCalledTimes(1));
  });

  it('View goes to the profile and closes the panel', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(
      <>
        <FriendsPanel open onClose={onClose} />
        <Location />
      </>,
      { mocks: mocks() },
    );
    const friend = await screen.findByRole('listitem', { name: 'Sipho Dlamini' });
    await user.click(within(friend).getByRole('button', { name: 'View' }));
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
  });

  it('Message opens the conversation with the friend through startConversation and closes the panel', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const start = {
      request: { query: StartConversationDocument, variables: { input: { memberId: 'u2' } } },
      result: {
        data: {
          startConversation: {
            __typename: 'Conversation' as const,
            id: 'c1',
            updatedAt: '2025-03-01T10:00:00.000Z',
            unreadCount: 0,
            peerReadAt: null,
            peer: { __typename: 'ConversationPeer' as const, name: 'Sipho Dlamini', photoUrl: null, memberId: 'u2' },
            me: { __typename: 'ConversationPeer' as const, name: 'Me Myself' },
            lastMessage: null,
          },
        },
      },
    };
    renderWithProviders(
      <>
        <FriendsPanel open onClose={onClose} />
        <Location />
      </>,
      { mocks: [...mocks(), start] },
    );
    const friend = await screen.findByRole('listitem', { name: 'Sipho Dlamini' });
    await user.click(within(friend).getByRole('button', { name: 'Message Sipho Dlamini' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/messages?conversation=c1'));
    expect(onClose).toHaveBeenCalled();
  });

  it('closes with Escape and the close button', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(<FriendsPanel open onClose={onClose} />, { mocks: mocks({ empty: true }) });
    await screen.findByTestId('friends-panel');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Close friends panel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('shows an empty state for each list', async () => {
    renderWithProviders(<FriendsPanel open onClose={() => {}} />, { mocks: mocks({ empty: true }) });
    expect(await screen.findByText('No pending friend requests.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'My Friends (0)' })).toBeInTheDocument();
    expect(screen.getByText(/No friends yet/)).toBeInTheDocument();
    expect(await screen.findByText(/No suggestions right now/)).toBeInTheDocument();
  });
});
