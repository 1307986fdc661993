import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ConversationDocument,
  ConversationsDocument,
  MarkConversationReadDocument,
  MessagesDocument,
  SendMessageDocument,
} from './messages.generated';
import { renderWithProviders } from '../../test/render';
import { reportContentMock } from '../../test/report';
import { toaster } from '../../ui/toaster';
import { MESSAGES_PAGE } from './messageCache';
import MessagesScreen from './MessagesScreen';

const peer = { __typename: 'ConversationPeer' as const, name: 'Sipho Dlamini', photoUrl: null, memberId: 'u2' };
const msg = (id: string, body: string, mine: boolean, createdAt: string, readByPeer = false) => ({
  __typename: 'Message' as const,
  id,
  conversationId: 'c1',
  body,
  createdAt,
  mine,
  readByPeer,
});
const conversation = (overrides: Record<string, unknown> = {}) => ({
  __typename: 'Conversation' as const,
  id: 'c1',
  updatedAt: '2025-03-01T10:05:00.000Z',
  unreadCount: 2,
  peerReadAt: null as string | null,
  peer,
  me: { __typename: 'ConversationPeer' as const, name: 'Thandi Nkosi' },
  lastMessage: msg('m2', 'See https://example.com/x.', false, '2025-03-01T10:05:00.000Z'),
  ...overrides,
});
const page = (nodes: unknown[]) => ({
  nodes,
  pageInfo: { __typename: 'PageInfo' as const, endCursor: null, hasNextPage: false },
});

function listMock(nodes: unknown[]) {
  return {
    request: { query: ConversationsDocument, variables: { first: 20 } },
    result: { data: { conversations: { __typename: 'ConversationConnection', ...page(nodes) } } },
    maxUsageCount: 5,
  };
}

function threadMocks(messages: unknown[], convo = conversation()) {
  return [
    {
      request: { query: ConversationDocument, variables: { id: 'c1' } },
      result: { data: { conversation: convo } },
      maxUsageCount: 5,
    },
    {
      request: { query: MessagesDocument, variables: { conversationId: 'c1', first: MESSAGES_PAGE } },
      result: { data: { messages: { __typename: 'MessageConnection', ...page(messages) } } },
      maxUsageCount: 5,
    },
    {
      request: { query: MarkConversationReadDocument, variables: { conversationId: 'c1' } },
      result: { data: { markConversationRead: { __typename: 'Conversation', id: 'c1', unreadCount: 0 } } },
      maxUsageCount: 5,
    },
  ];
}

describe('MessagesScreen', () => {
  beforeEach(() => {
    toaster.remove();
  });

  it('lists conversations with the other member, the last line, the time and the unread count', async () => {
    renderWithProviders(<MessagesScreen />, { mocks: [listMock([conversation()])], route: '/messages' });
    const row = await screen.findByRole('button', { name: /^Sipho Dlamini.*2\s*unread$/ });
    expect(within(row).getByText('See https://example.com/x.')).toBeInTheDocument();
    expect(within(row).getByTestId('conversation-unread')).toHaveTextContent('2');
  });

  it('shows the empty state without conversations', async () => {
    renderWithProviders(<MessagesScreen />, { mocks: [listMock([])], route: '/messages' });
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
  });

  it('shows the error with Retry when the list fails', async () => {
    renderWithProviders(<MessagesScreen />, {
      mocks: [{ request: { query: ConversationsDocument, variables: { first: 20 } }, error: new Error('offline') }],
      route: '/messages',
    });
    expect(await screen.findByText('Could not load your conversations')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows the thread oldest at the top, links as safe links, markup as text, and the receipt on the last own message', async () => {
    const messages = [
      msg('m3', 'Thanks!', true, '2025-03-01T10:06:00.000Z'),
      msg('m2', 'See https://example.com/x. <b>bold</b>', false, '2025-03-01T10:05:00.000Z'),
      msg('m1', 'Hi <img src=x onerror=alert(1)>', true, '2025-03-01T10:00:00.000Z'),
    ];
    const read = conversation({ peerReadAt: '2025-03-01T10:06:00.000Z' });
    renderWithProviders(<MessagesScreen />, {
      mocks: [listMock([read]), ...threadMocks(messages, read)],
      route: '/messages?conversation=c1',
    });
    const thread = await screen.findByTestId('thread-messages');
    await within(thread).findByText('Thanks!');
    const bubbles = within(thread).getAllByTestId(/^bubble-/);
    expect(bubbles.map((b) => b.dataset.testid)).toEqual(['bubble-own', 'bubble-other', 'bubble-own']);
    expect(bubbles[0]).toHaveTextContent('Hi <img src=x onerror=alert(1)>');
    expect(thread.querySelector('img, b')).toBeNull();
    const link = within(bubbles[1]).getByRole('link', { name: 'https://example.com/x' });
    expect(link).toHaveAttribute('href', 'https://example.com/x');
    expect(link.getAttribute('rel')).toContain('noopener');
    const receipts = within(thread).getAllByTestId('read-receipt');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toHaveTextContent('Seen');
  });

  it('offers Report on received messages only, and reports one', async () => {
    const user = userEvent.setup();
    const messages = [
      msg('m3', 'Thanks!', true, '2025-03-01T10:06:00.000Z'),
      msg('m2', 'Send me your PIN', false, '2025-03-01T10:05:00.000Z'),
    ];
    renderWithProviders(<MessagesScreen />, {
      mocks: [listMock([conversation()]), ...threadMocks(messages), reportContentMock('directMessage', 'm2', 'spam')],
      route: '/messages?conversation=c1',
    });
    const thread = await screen.findByTestId('thread-messages');
    await within(thread).findByText('Thanks!');
    const reports = within(thread).getAllByRole('button', { name: 'Report message' });
    expect(reports).toHaveLength(1);
    expect(reports[0].parentElement).toContainElement(within(thread).getByTestId('bubble-other'));
    expect(within(thread).getByTestId('bubble-own').parentElement).not.toContainElement(reports[0]);
    reports[0].focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Report Message' });
    await user.click(await within(dialog).findByText('Spam or misleading'));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Message reported to administrators.')).toBeInTheDocument();
  });

  it('says Sent until the other side has read the last own message', async () => {
    renderWithProviders(<MessagesScreen />, {
      mocks: [
        listMock([conversation()]),
        ...threadMocks([msg('m3', 'Are you there?', true, '2025-03-01T10:06:00.000Z')]),
      ],
      route: '/messages?conversation=c1',
    });
    expect(await screen.findByTestId('read-receipt')).toHaveTextContent('Sent');
  });

  it('keeps Send disabled while blank, sends on Enter, and makes a new line on Shift+Enter', async () => {
    const user = userEvent.setup();
    const sent = msg('m9', 'Hello\nthere', true, '2025-03-01T10:07:00.000Z');
    renderWithProviders(<MessagesScreen />, {
      mocks: [
        listMock([conversation()]),
        ...threadMocks([]),
        {
          request: {
            query: SendMessageDocument,
            variables: (v: Record<string, unknown>) =>
              v.conversationId === 'c1' && v.body === 'Hello\nthere' && typeof v.idempotencyKey === 'string',
          },
          result: { data: { sendMessage: sent } },
        },
      ],
      route: '/messages?conversation=c1',
    });
    expect(await screen.findByText('No messages yet. Say hello!')).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send' });
    const box = screen.getByRole('textbox', { name: 'Message' });
    expect(send).toBeDisabled();
    await user.type(box, '   ');
    expect(send).toBeDisabled();
    await user.clear(box);
    await user.type(box, 'Hello{Shift>}{Enter}{/Shift}there');
    expect(box).toHaveValue('Hello\nthere');
    expect(send).toBeEnabled();
    await user.type(box, '{Enter}');
    await waitFor(() => expect(box).toHaveValue(''));
    const thread = screen.getByTestId('thread-messages');
    expect(await within(thread).findByTestId('bubble-own')).toHaveTextContent('Hello there');
  });

  it('on a phone shows the thread alone with a back button to the list', async () => {
    const user = userEvent.setup();
    const mql = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...mql(query),
      matches: query.includes('max-width'),
    })) as typeof window.matchMedia;
    try {
      renderWithProviders(<MessagesScreen />, {
        mocks: [listMock([conversation()]), ...threadMocks([])],
        route: '/messages?conversation=c1',
      });
      await screen.findByTestId('thread-peer');
      expect(screen.queryByTestId('conversation-list')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Back to conversations' }));
      expect(await screen.findByTestId('conversation-list')).toBeInTheDocument();
      expect(screen.queryByTestId('thread-peer')).toBeNull();
    } finally {
      window.matchMedia = mql;
    }
  });
});
