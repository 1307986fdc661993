import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { renderWithProviders } from '../../test/render';
import {
  MarkSupportReadDocument,
  SendSupportMessageDocument,
  SupportMessageAddedDocument,
  SupportMessagesDocument,
} from './support.generated';
import { SUPPORT_PAGE } from './supportCache';
import SupportScreen from './SupportScreen';

const msg = (id: string, body: string, fromSupport: boolean, createdAt: string) => ({
  __typename: 'SupportMessage' as const,
  id,
  threadId: 't1',
  body,
  createdAt,
  fromSupport,
  mine: !fromSupport,
  authorName: fromSupport ? 'Saffa Support · Thandi' : 'Pieter Botha',
});
const page = (nodes: unknown[]) => ({
  __typename: 'SupportMessageConnection' as const,
  nodes,
  pageInfo: { __typename: 'PageInfo' as const, endCursor: null, hasNextPage: false },
});
const historyMock = (nodes: unknown[]): MockLink.MockedResponse => ({
  request: { query: SupportMessagesDocument, variables: { first: SUPPORT_PAGE } },
  result: { data: { supportMessages: page(nodes) } },
  maxUsageCount: 5,
});
const markMock = (): MockLink.MockedResponse => ({
  request: { query: MarkSupportReadDocument },
  result: { data: { markSupportRead: { __typename: 'SupportThread', id: 't1', unreadCount: 0 } } },
  maxUsageCount: 5,
});

describe('SupportScreen', () => {
  it('shows the conversation oldest first, answers under the Saffa Support name, and reads them', async () => {
    const read = markMock();
    let marked = 0;
    read.result = () => {
      marked += 1;
      return { data: { markSupportRead: { __typename: 'SupportThread', id: 't1', unreadCount: 0 } } };
    };
    renderWithProviders(<SupportScreen />, {
      mocks: [
        historyMock([
          msg('m2', 'We are on it', true, '2026-01-01T10:05:00.000Z'),
          msg('m1', 'My upload fails', false, '2026-01-01T10:00:00.000Z'),
        ]),
        read,
      ],
      route: '/support',
    });
    expect(screen.getByRole('heading', { name: 'Contact support', level: 1 })).toBeInTheDocument();
    const history = await screen.findByTestId('support-messages');
    const bubbles = await within(history).findAllByTestId(/bubble-/);
    expect(bubbles.map((b) => b.textContent)).toEqual(['My upload fails', 'We are on it']);
    expect(within(history).getByTestId('support-author')).toHaveTextContent('Saffa Support · Thandi');
    await waitFor(() => expect(marked).toBe(1));
  });

  it('shows the empty state before the first message', async () => {
    renderWithProviders(<SupportScreen />, { mocks: [historyMock([])], route: '/support' });
    expect(await screen.findByText('No messages yet. Say hello!')).toBeInTheDocument();
  });

  it('shows an error with Retry when the history fails', async () => {
    renderWithProviders(<SupportScreen />, {
      mocks: [
        {
          request: { query: SupportMessagesDocument, variables: { first: SUPPORT_PAGE } },
          error: new Error('offline'),
        },
      ],
      route: '/support',
    });
    expect(await screen.findByText('Could not load messages.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry loading messages' })).toBeInTheDocument();
  });

  it('sends with Enter (once, with an idempotency key) and shows the message', async () => {
    const sent = msg('m9', 'Hello support', false, '2026-01-01T11:00:00.000Z');
    renderWithProviders(<SupportScreen />, {
      mocks: [
        historyMock([]),
        {
          request: {
            query: SendSupportMessageDocument,
            variables: (v: Record<string, unknown>) =>
              v.body === 'Hello support' && typeof v.idempotencyKey === 'string',
          },
          result: { data: { sendSupportMessage: sent } },
        },
      ],
      route: '/support',
    });
    await screen.findByText('No messages yet. Say hello!');
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Hello support{Enter}');
    expect(await screen.findByText('Hello support', { selector: '[data-testid="bubble-own"]' })).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('puts an answer that arrives live into the chat', async () => {
    const answer = msg('m5', 'Fixed now!', true, '2026-01-01T12:00:00.000Z');
    renderWithProviders(<SupportScreen />, {
      mocks: [
        historyMock([msg('m1', 'Anyone there?', false, '2026-01-01T10:00:00.000Z')]),
        {
          request: { query: SupportMessageAddedDocument },
          result: { data: { supportMessageAdded: answer } },
          delay: 50,
        },
        markMock(),
      ],
      route: '/support',
    });
    expect(await screen.findByText('Fixed now!')).toBeInTheDocument();
    expect(screen.getByTestId('support-author')).toHaveTextContent('Saffa Support · Thandi');
  });
});
