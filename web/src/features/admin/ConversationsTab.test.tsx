import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { CachedSession, cacheWithMe, makeUser, renderWithProviders } from '../../test/render';
import AdminScreen from './AdminScreen';
import {
  MarkSupportThreadReadDocument,
  ReplySupportDocument,
  SupportThreadMessagesDocument,
  SupportThreadsDocument,
  SupportUnreadCountChangedDocument,
  SupportUnreadCountDocument,
} from './conversations.generated';

const member = {
  __typename: 'User' as const,
  id: 'm1',
  displayName: 'Pieter Botha',
  initials: 'PB',
  profileImageUrl: null,
};
const message = (id: string, body: string, fromSupport: boolean, createdAt: string) => ({
  __typename: 'SupportMessage' as const,
  id,
  threadId: 't1',
  body,
  createdAt,
  fromSupport,
  mine: fromSupport,
  authorName: fromSupport ? 'Thandi Nkosi' : 'Pieter Botha',
});
const thread = (overrides: Record<string, unknown> = {}) => ({
  __typename: 'SupportThread' as const,
  id: 't1',
  lastMessageAt: '2026-01-01T10:05:00.000Z',
  unreadCount: 2,
  member,
  lastMessage: {
    __typename: 'SupportMessage' as const,
    id: 'x2',
    body: 'My upload fails',
    fromSupport: false,
    createdAt: '2026-01-01T10:05:00.000Z',
  },
  ...overrides,
});
const pageInfo = { __typename: 'PageInfo' as const, endCursor: null, hasNextPage: false };
const threadsMock = (nodes: unknown[]): MockLink.MockedResponse => ({
  request: { query: SupportThreadsDocument, variables: { first: 20 } },
  result: { data: { supportThreads: { __typename: 'SupportThreadConnection', nodes, pageInfo } } },
  maxUsageCount: 10,
});
const countMock = (n: number): MockLink.MockedResponse => ({
  request: { query: SupportUnreadCountDocument },
  result: { data: { supportUnreadCount: n } },
  maxUsageCount: 5,
});
const messagesMock = (nodes: unknown[]): MockLink.MockedResponse => ({
  request: { query: SupportThreadMessagesDocument, variables: { threadId: 't1', first: 30 } },
  result: { data: { supportThreadMessages: { __typename: 'SupportMessageConnection', nodes, pageInfo } } },
  maxUsageCount: 5,
});

function renderAdmin(mocks: MockLink.MockedResponse[], route = '/admin?tab=conversations') {
  return renderWithProviders(
    <CachedSession>
      <AdminScreen />
    </CachedSession>,
    { mocks, route, cache: cacheWithMe(makeUser({ role: 'admin' })) },
  );
}

describe('User Conversations', () => {
  it('comes first among the tabs, in the spec order, with the live count of conversations waiting', async () => {
    renderAdmin([
      countMock(2),
      threadsMock([]),
      {
        request: { query: SupportUnreadCountChangedDocument },
        result: { data: { supportUnreadCountChanged: 3 } },
        delay: 300,
      },
    ]);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent?.replace(/\d+$/, ''))).toEqual([
      'User Conversations',
      'User Management',
      'Reports',
      'Send Notifications',
      'Noot Approvals',
      'Audit Log',
    ]);
    expect(await screen.findByLabelText('2 unread conversations')).toBeInTheDocument();
    expect(await screen.findByLabelText('3 unread conversations')).toBeInTheDocument();
  });

  it('lists threads with the member, the last line, the time and an unread badge', async () => {
    renderAdmin([countMock(1), threadsMock([thread()])]);
    const row = await screen.findByRole('button', { name: /^Pieter Botha.*2\s*unread$/ });
    expect(within(row).getByText('My upload fails')).toBeInTheDocument();
    expect(within(row).getByTestId('support-thread-unread')).toHaveTextContent('2');
  });

  it('shows the empty state without conversations, and the error with Retry when the list fails', async () => {
    const { unmount } = renderAdmin([countMock(0), threadsMock([])]);
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
    unmount();
    renderAdmin([
      countMock(0),
      { request: { query: SupportThreadsDocument, variables: { first: 20 } }, error: new Error('offline') },
    ]);
    expect(await screen.findByText('Could not load the conversations')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeInTheDocument();
  });

  it('opens a thread, reads it for the team, and answers with Enter', async () => {
    let marked = 0;
    const answer = message('a1', 'We are on it', true, '2026-01-01T11:00:00.000Z');
    renderAdmin([
      countMock(1),
      threadsMock([thread()]),
      messagesMock([
        message('x2', 'My upload fails', false, '2026-01-01T10:05:00.000Z'),
        message('x1', 'Hello?', false, '2026-01-01T10:00:00.000Z'),
      ]),
      {
        request: { query: MarkSupportThreadReadDocument, variables: { threadId: 't1' } },
        result: () => {
          marked += 1;
          return { data: { markSupportThreadRead: { __typename: 'SupportThread', id: 't1', unreadCount: 0 } } };
        },
        maxUsageCount: 5,
      },
      {
        request: {
          query: ReplySupportDocument,
          variables: (v: Record<string, unknown>) =>
            v.threadId === 't1' && v.body === 'We are on it' && typeof v.idempotencyKey === 'string',
        },
        result: { data: { replySupport: answer } },
      },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: /^Pieter Botha/ }));
    const history = await screen.findByTestId('support-thread-messages');
    expect((await within(history).findAllByTestId('bubble-other')).map((b) => b.textContent)).toEqual([
      'Hello?',
      'My upload fails',
    ]);
    expect(screen.getByTestId('support-thread-member')).toHaveTextContent('Pieter Botha');
    await waitFor(() => expect(marked).toBeGreaterThan(0));
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'We are on it{Enter}');
    expect(await within(history).findByText('We are on it')).toBeInTheDocument();
  });

  it('on a phone shows the list, then the thread with a way back', async () => {
    const mql = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...mql(query),
      matches: query.includes('max-width'),
    })) as typeof window.matchMedia;
    try {
      renderAdmin([
        countMock(1),
        threadsMock([thread()]),
        messagesMock([message('x2', 'My upload fails', false, '2026-01-01T10:05:00.000Z')]),
      ]);
      await userEvent.click(await screen.findByRole('button', { name: /^Pieter Botha/ }));
      expect(await screen.findByTestId('support-thread-messages')).toBeInTheDocument();
      expect(screen.queryByTestId('support-thread-list')).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Back to conversations' }));
      expect(await screen.findByTestId('support-thread-list')).toBeInTheDocument();
    } finally {
      window.matchMedia = mql;
    }
  });
});
