import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { Route, Routes } from 'react-router';
import type { MockLink } from '@apollo/client/testing';
import { BlockMemberDocument } from './profile.generated';
import { renderWithProviders } from '../../test/render';
import { BlockMemberButton } from './BlockMemberButton';

const blockMock = (result: 'ok' | Error): MockLink.MockedResponse => ({
  request: { query: BlockMemberDocument, variables: { userId: 'u2' } },
  result:
    result === 'ok'
      ? { data: { blockMember: { __typename: 'User', id: 'u2', blockedByMe: true } } }
      : { errors: [new GraphQLError(result.message)] },
  delay: 20,
});

function renderButton(mocks: ReadonlyArray<MockLink.MockedResponse>) {
  return renderWithProviders(
    <Routes>
      <Route path="/profile/:id" element={<BlockMemberButton user={{ id: 'u2', displayName: 'Bongani Blocked' }} />} />
      <Route path="/" element={<p>The feed</p>} />
    </Routes>,
    { mocks, route: '/profile/u2' },
  );
}

describe('BlockMemberButton', () => {
  it('asks first; Cancel blocks nobody', async () => {
    const user = userEvent.setup();
    renderButton([]);
    await user.click(screen.getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to block Bongani Blocked?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Block' })).toBeInTheDocument();
  });

  it('blocks after confirming, by keyboard, and leaves the profile for the feed', async () => {
    const user = userEvent.setup();
    renderButton([blockMock('ok')]);
    screen.getByRole('button', { name: 'Block' }).focus();
    await user.keyboard('{Enter}');
    const confirm = within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Block' });
    confirm.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('The feed')).toBeInTheDocument();
  });

  it('stays on the profile and says why when the server refuses', async () => {
    const user = userEvent.setup();
    renderButton([blockMock(new Error('Too many requests'))]);
    await user.click(screen.getByRole('button', { name: 'Block' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText(/Too many requests/)).toBeInTheDocument();
    expect(screen.queryByText('The feed')).not.toBeInTheDocument();
  });
});
