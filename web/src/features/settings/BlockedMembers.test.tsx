import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import type { MockLink } from '@apollo/client/testing';
import { BlockedMembersDocument, UnblockMemberDocument } from './settings.generated';
import { renderWithProviders } from '../../test/render';
import { BlockedMembers } from './BlockedMembers';

const member = (id: string, name: string) => ({
  __typename: 'User' as const,
  id,
  displayName: name,
  initials: name.slice(0, 1),
  profileImageUrl: null,
});
const page = (nodes: ReturnType<typeof member>[]) => ({
  request: { query: BlockedMembersDocument, variables: { first: 20 } },
  result: {
    data: {
      blockedMembers: {
        __typename: 'BlockedMemberConnection',
        nodes,
        pageInfo: { __typename: 'PageInfo', endCursor: null, hasNextPage: false },
      },
    },
  },
  delay: 20,
});
const render = (mocks: ReadonlyArray<MockLink.MockedResponse>) => renderWithProviders(<BlockedMembers />, { mocks });

describe('BlockedMembers', () => {
  it('shows loading, then each blocked member with avatar, name and Unblock', async () => {
    render([page([member('u2', 'Bongani Blocked'), member('u3', 'Chantal Blocked')])]);
    expect(screen.getByTestId('blocked-loading')).toBeInTheDocument();
    const rows = await screen.findAllByTestId('blocked-member');
    expect(rows.map((r) => r.textContent)).toEqual(['BBongani BlockedUnblock', 'CChantal BlockedUnblock']);
    expect(within(rows[0]).getByRole('button', { name: 'Unblock Bongani Blocked' })).toBeEnabled();
  });

  it('says so when nobody is blocked', async () => {
    render([page([])]);
    expect(await screen.findByText('You have not blocked anyone.')).toBeInTheDocument();
  });

  it('shows the failure with Retry', async () => {
    render([
      {
        request: { query: BlockedMembersDocument, variables: { first: 20 } },
        result: { errors: [new GraphQLError('down')] },
      },
    ]);
    expect(await screen.findByText('Could not load blocked members')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /retry/i })).toBeInTheDocument();
  });

  it('unblocks by keyboard: the member leaves the list, and the empty state follows', async () => {
    const user = userEvent.setup();
    render([
      page([member('u2', 'Bongani Blocked')]),
      {
        request: { query: UnblockMemberDocument, variables: { userId: 'u2' } },
        result: { data: { unblockMember: { __typename: 'User', id: 'u2', blockedByMe: false } } },
        delay: 20,
      },
    ]);
    const button = await screen.findByRole('button', { name: 'Unblock Bongani Blocked' });
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByTestId('blocked-member')).not.toBeInTheDocument());
    expect(screen.getByText('You have not blocked anyone.')).toBeInTheDocument();
  });

  it('keeps the member listed when unblocking fails, and says why', async () => {
    const user = userEvent.setup();
    render([
      page([member('u2', 'Bongani Blocked')]),
      {
        request: { query: UnblockMemberDocument, variables: { userId: 'u2' } },
        result: { errors: [new GraphQLError('Too many requests')] },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Unblock Bongani Blocked' }));
    expect(await screen.findByText(/Too many requests/)).toBeInTheDocument();
    expect(screen.getByTestId('blocked-member')).toBeInTheDocument();
  });
});
