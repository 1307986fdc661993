import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import type { MockLink } from '@apollo/client/testing';
import { AdminUpdateUserDocument, AdminUsersDocument } from './admin.generated';
import { CachedSession, cacheWithMe, makeUser, renderWithProviders } from '../../test/render';
import AdminScreen, { ACCESS_DENIED_MESSAGE } from './AdminScreen';

const member = {
  __typename: 'User',
  id: 'm1',
  firstName: 'Jan',
  lastName: 'Smit',
  email: 'jan@example.com',
  role: 'user',
  suspended: false,
  displayName: 'Jan Smit',
  initials: 'JS',
  profileImageUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const usersMock = (nodes: unknown[]): MockLink.MockedResponse => ({
  request: { query: AdminUsersDocument, variables: { search: null, first: 20 } },
  result: {
    data: {
      adminUsers: {
        __typename: 'AdminUserConnection',
        nodes,
        pageInfo: { __typename: 'PageInfo', endCursor: null, hasNextPage: false },
      },
    },
  },
});

function renderAdmin(role: 'user' | 'admin', mocks: MockLink.MockedResponse[], route = '/admin') {
  return renderWithProviders(
    <CachedSession>
      <AdminScreen />
    </CachedSession>,
    { mocks, route, cache: cacheWithMe(makeUser({ role })) },
  );
}

describe('AdminScreen', () => {
  it('shows members Access Denied with the spec text and asks the server nothing', async () => {
    renderAdmin('user', []);
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText(ACCESS_DENIED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('lists users with role badges; the edit dialog has an email field and a failed save toasts the server message', async () => {
    renderAdmin('admin', [
      usersMock([member]),
      {
        request: {
          query: AdminUpdateUserDocument,
          variables: {
            id: 'm1',
            input: { firstName: 'Johan', lastName: 'Smit', email: 'jan@example.com', role: 'user' },
          },
        },
        result: { errors: [new GraphQLError('That email address is already in use.')] },
      },
    ]);
    const row = await screen.findByRole('listitem', { name: 'Jan Smit' });
    expect(within(row).getByText('User')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Edit Jan Smit' }));
    const dialog = await screen.findByTestId('admin-edit-user');
    expect(within(dialog).getByRole('textbox', { name: /Email/ })).toHaveAttribute('type', 'email');
    const first = within(dialog).getByRole('textbox', { name: /First Name/ });
    await userEvent.clear(first);
    await userEvent.type(first, 'Johan');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('That email address is already in use.')).toBeInTheDocument();
  });

  it("shows 'No users found' for an empty list", async () => {
    renderAdmin('admin', [usersMock([])]);
    expect(await screen.findByText('No users found')).toBeInTheDocument();
  });

  it("refuses a blank broadcast with 'Please fill in all fields' and sends nothing", async () => {
    renderAdmin('admin', [], '/admin?tab=notifications');
    await userEvent.type(await screen.findByRole('textbox', { name: /Title/ }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send Notification' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('info');
  });
});
