import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import type { MockLink } from '@apollo/client/testing';
import { renderWithProviders } from '../../test/render';
import { EndOtherSessionsDocument, EndSessionDocument, MySessionsDocument } from './sessions.generated';
import { SessionsAndTokens } from './SessionsAndTokens';
import { MyAccessTokensDocument } from './tokens.generated';

const session = (id: string, device: string, current = false) => ({
  __typename: 'Session' as const,
  id,
  device,
  current,
  createdAt: '2026-01-05T10:00:00.000Z',
  lastSeenAt: new Date(Date.now() - 3_600_000).toISOString(),
});
const sessions = (list: ReturnType<typeof session>[], delay = 20) => ({
  request: { query: MySessionsDocument },
  result: { data: { mySessions: list } },
  delay,
});
const tokens = (list: Array<{ id: string; name: string }>) => ({
  request: { query: MyAccessTokensDocument },
  result: {
    data: {
      myAccessTokens: list.map((t) => ({
        __typename: 'AccessToken' as const,
        scope: 'read' as const,
        prefix: 'saffa_pat_AbCd',
        createdAt: '2026-01-05T10:00:00.000Z',
        lastUsedAt: null,
        expiresAt: null,
        ...t,
      })),
    },
  },
});
const render = (mocks: ReadonlyArray<MockLink.MockedResponse>) => renderWithProviders(<SessionsAndTokens />, { mocks });

describe('SessionsAndTokens', () => {
  it('shows loading, then this device first and the others with their device and last seen, and the tokens alongside', async () => {
    render([
      sessions([session('s1', 'Chrome on Linux', true), session('s2', 'Safari on iPhone')]),
      tokens([{ id: 't1', name: 'Home automation' }]),
    ]);
    expect(screen.getByTestId('sessions-loading')).toBeInTheDocument();
    const rows = await screen.findAllByTestId('session');
    expect(rows[0]).toHaveTextContent('Chrome on Linux');
    expect(rows[0]).toHaveTextContent('This device');
    expect(rows[1]).toHaveTextContent('Safari on iPhone');
    expect(rows[1]).toHaveTextContent(/Last seen/);
    expect(screen.getAllByRole('button', { name: /^Sign out Safari on iPhone/ })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Sign out Chrome on Linux/ })).toBeNull();
    expect(await screen.findByTestId('session-token')).toHaveTextContent('Home automation');
  });

  it('ends one session, and the other sessions', async () => {
    const user = userEvent.setup();
    render([
      sessions([
        session('s1', 'Chrome on Linux', true),
        session('s2', 'Safari on iPhone'),
        session('s3', 'Chrome on Android'),
      ]),
      tokens([]),
      { request: { query: EndSessionDocument, variables: { id: 's2' } }, result: { data: { endSession: 's2' } } },
      { request: { query: EndOtherSessionsDocument }, result: { data: { endOtherSessions: 1 } } },
      sessions([session('s1', 'Chrome on Linux', true)], 0),
    ]);
    await user.click(await screen.findByRole('button', { name: /^Sign out Safari on iPhone/ }));
    await waitFor(() => expect(screen.getAllByTestId('session')).toHaveLength(2));
    await user.click(screen.getByTestId('sign-out-others'));
    await waitFor(() => expect(screen.getAllByTestId('session')).toHaveLength(1));
    expect(screen.queryByTestId('sign-out-others')).toBeNull();
  });

  it('shows a failure with Retry', async () => {
    render([{ request: { query: MySessionsDocument }, result: { errors: [new GraphQLError('down')] } }, tokens([])]);
    expect(await screen.findByText('Could not load your sessions')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /retry/i })).toBeInTheDocument();
  });
});
