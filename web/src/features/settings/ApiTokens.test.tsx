import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import type { MockLink } from '@apollo/client/testing';
import { CreateAccessTokenDocument, MyAccessTokensDocument, RevokeAccessTokenDocument } from './tokens.generated';
import { renderWithProviders } from '../../test/render';
import { ApiTokens } from './ApiTokens';

const token = (id: string, name: string, more: Record<string, unknown> = {}) => ({
  __typename: 'AccessToken' as const,
  id,
  name,
  scope: 'read' as const,
  prefix: 'saffa_pat_AbCd',
  createdAt: '2026-01-05T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
  ...more,
});
const list = (tokens: ReturnType<typeof token>[]) => ({
  request: { query: MyAccessTokensDocument },
  result: { data: { myAccessTokens: tokens } },
  delay: 20,
});
const render = (mocks: ReadonlyArray<MockLink.MockedResponse>) => renderWithProviders(<ApiTokens />, { mocks });

describe('ApiTokens', () => {
  it('shows loading, then each token with its name, scope, prefix, dates', async () => {
    render([
      list([
        token('t1', 'Website sync', { lastUsedAt: new Date().toISOString(), expiresAt: '2099-01-01T00:00:00.000Z' }),
        token('t2', 'Backup', { scope: 'readWrite' }),
      ]),
    ]);
    expect(screen.getByTestId('tokens-loading')).toBeInTheDocument();
    const rows = await screen.findAllByTestId('api-token');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Website sync');
    expect(rows[0]).toHaveTextContent('Read only');
    expect(rows[0]).toHaveTextContent('saffa_pat_AbCd');
    expect(rows[0]).toHaveTextContent(/Last used/);
    expect(rows[0]).toHaveTextContent(/Expires/);
    expect(rows[1]).toHaveTextContent('Read and write');
    expect(rows[1]).toHaveTextContent('Never used');
    expect(rows[1]).toHaveTextContent('Never expires');
  });

  it('says so when there are no tokens, and shows a failure with Retry', async () => {
    const { unmount } = render([list([])]);
    expect(await screen.findByText('You have no API tokens.')).toBeInTheDocument();
    unmount();
    render([{ request: { query: MyAccessTokensDocument }, result: { errors: [new GraphQLError('down')] } }]);
    expect(await screen.findByText('Could not load your API tokens')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /retry/i })).toBeInTheDocument();
  });

  it('creates a token and shows its secret once, with Copy', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render([
      list([]),
      {
        request: {
          query: CreateAccessTokenDocument,
          variables: { input: { name: 'CI', scope: 'readWrite', expiresInDays: 30 } },
        },
        result: {
          data: {
            createAccessToken: {
              __typename: 'CreatedAccessToken',
              secret: 'saffa_pat_secret123',
              token: token('t9', 'CI', { scope: 'readWrite' }),
            },
          },
        },
      },
      list([token('t9', 'CI', { scope: 'readWrite' })]),
    ]);
    await user.click(await screen.findByTestId('create-token'));
    // The name is required, checked before anything is sent.
    await user.click(within(screen.getByTestId('create-token-dialog')).getByRole('button', { name: 'Create token' }));
    expect(screen.getByTestId('token-error')).toHaveTextContent('Name is required.');
    await user.type(screen.getByTestId('token-name'), 'CI');
    await user.selectOptions(screen.getByTestId('token-scope'), 'readWrite');
    await user.selectOptions(screen.getByTestId('token-expiry'), '30');
    await user.click(within(screen.getByTestId('create-token-dialog')).getByRole('button', { name: 'Create token' }));
    expect(await screen.findByTestId('token-secret')).toHaveTextContent('saffa_pat_secret123');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('saffa_pat_secret123');
  });

  it('shows the server refusal in the dialog', async () => {
    const user = userEvent.setup();
    render([
      list([]),
      {
        request: {
          query: CreateAccessTokenDocument,
          variables: { input: { name: 'CI', scope: 'read', expiresInDays: 90 } },
        },
        result: { errors: [new GraphQLError('A token with this name already exists')] },
      },
    ]);
    await user.click(await screen.findByTestId('create-token'));
    await user.type(screen.getByTestId('token-name'), 'CI');
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('token-error')).toHaveTextContent('A token with this name already exists');
  });

  it('revokes a token after confirmation: it leaves the list', async () => {
    const user = userEvent.setup();
    render([
      list([token('t1', 'Website sync')]),
      {
        request: { query: RevokeAccessTokenDocument, variables: { id: 't1' } },
        result: { data: { revokeAccessToken: 't1' } },
        delay: 20,
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Revoke Website sync' }));
    const dialog = await screen.findByTestId('revoke-token-dialog');
    expect(dialog).toHaveTextContent('Anything using Website sync stops working at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByTestId('api-token')).not.toBeInTheDocument());
  });
});
