import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import type { MockLink } from '@apollo/client/testing';
import { CachedSession, cacheWithMe, makeUser, renderWithProviders } from '../../test/render';
import AdminScreen from './AdminScreen';
import {
  DismissReportDocument,
  ModerationQueueDocument,
  RemoveReportedContentDocument,
  SuspendReportedAuthorDocument,
} from './moderation.generated';

const entry = (over: Record<string, unknown> = {}) => ({
  __typename: 'Report',
  id: 'r1',
  kind: 'reel',
  subjectId: 's1',
  reason: 'spam',
  reasons: ['spam', 'violence'],
  status: 'open',
  reportCount: 2,
  createdAt: new Date(Date.now() - 60_000).toISOString(),
  reporters: [
    { __typename: 'User', id: 'u2', displayName: 'Piet Pompies' },
    { __typename: 'User', id: 'u3', displayName: 'Sannie Smit' },
  ],
  content: {
    __typename: 'ReportedContent',
    authorId: 'u1',
    author: { __typename: 'User', id: 'u1', displayName: 'Rude Reeler' },
    text: 'A very rude reel',
    mediaUrls: ['/media/reels/t.jpg'],
    url: '/reels?id=s1',
    removed: false,
  },
  ...over,
});
const page = (nodes: unknown[]) => ({
  data: {
    moderationQueue: {
      __typename: 'ReportConnection',
      nodes,
      pageInfo: { __typename: 'PageInfo', endCursor: null, hasNextPage: false },
    },
  },
});
const queueMock = (nodes: unknown[], kind: string | null = null): MockLink.MockedResponse => ({
  request: { query: ModerationQueueDocument, variables: { kind, first: 20 } },
  result: page(nodes),
});

function renderReports(mocks: MockLink.MockedResponse[]) {
  return renderWithProviders(
    <CachedSession>
      <AdminScreen />
    </CachedSession>,
    { mocks, route: '/admin?tab=reports', cache: cacheWithMe(makeUser({ role: 'admin' })) },
  );
}

describe('ReportsTab', () => {
  it('is the tab after User Management', async () => {
    renderReports([queueMock([])]);
    const tabs = await screen.findAllByRole('tab');
    const names = tabs.map((t) => t.textContent?.replace(/\d+$/, ''));
    expect(names.slice(names.indexOf('User Management'), names.indexOf('User Management') + 2)).toEqual([
      'User Management',
      'Reports',
    ]);
    expect(screen.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows loading, then an entry with its kind, content, author, reporters, reason labels and a link to where it is', async () => {
    renderReports([queueMock([entry()])]);
    expect(screen.getByTestId('admin-reports-loading')).toBeInTheDocument();
    const item = await screen.findByRole('listitem', { name: 'Reel by Rude Reeler' });
    expect(within(item).getByText('Reel')).toBeInTheDocument();
    expect(within(item).getByText('A very rude reel')).toBeInTheDocument();
    expect(within(item).getByText('Spam or misleading')).toBeInTheDocument();
    expect(within(item).getByText('Violence or dangerous content')).toBeInTheDocument();
    expect(within(item).getByText('2 reports')).toBeInTheDocument();
    expect(within(item).getByText(/Reported by Piet Pompies, Sannie Smit/)).toBeInTheDocument();
    expect(within(item).getByRole('img', { name: 'Reel media' })).toHaveAttribute('src', '/media/reels/t.jpg');
    expect(within(item).getByRole('link', { name: 'View where it is shown' })).toHaveAttribute('href', '/reels?id=s1');
  });

  it("says 'No reports to review' when the queue is empty, and filters by kind", async () => {
    const user = userEvent.setup();
    renderReports([queueMock([]), queueMock([entry({ kind: 'comment', id: 'r2' })], 'comment')]);
    expect(await screen.findByText('No reports to review')).toBeInTheDocument();
    await user.selectOptions(screen.getByTestId('admin-reports-kind'), 'comment');
    expect(await screen.findByRole('listitem', { name: 'Comment by Rude Reeler' })).toBeInTheDocument();
  });

  it('shows an error with a retry when the queue cannot load', async () => {
    renderReports([
      {
        request: { query: ModerationQueueDocument, variables: { kind: null, first: 20 } },
        result: { errors: [new GraphQLError('Only administrators may do that.')] },
      },
    ]);
    expect(await screen.findByText('Could not load reports')).toBeInTheDocument();
  });

  it('dismisses at once; the entry leaves the queue', async () => {
    const user = userEvent.setup();
    const result = vi.fn(() => ({ data: { dismissReport: entry({ status: 'dismissed' }) } }));
    renderReports([
      queueMock([entry()]),
      { request: { query: DismissReportDocument, variables: { id: 'r1' } }, result },
    ]);
    const item = await screen.findByRole('listitem', { name: 'Reel by Rude Reeler' });
    await user.click(within(item).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(result).toHaveBeenCalled());
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Reel by Rude Reeler' })).not.toBeInTheDocument(),
    );
  });

  it('asks before removing content and before suspending the author; Cancel sends nothing', async () => {
    const user = userEvent.setup();
    const removed = vi.fn(() => ({
      data: { removeReportedContent: entry({ status: 'removed', content: { ...entry().content, removed: true } }) },
    }));
    const suspended = vi.fn(() => ({ data: { suspendReportedAuthor: entry({ status: 'actioned' }) } }));
    renderReports([
      queueMock([entry()]),
      { request: { query: RemoveReportedContentDocument, variables: { id: 'r1' } }, result: removed },
      { request: { query: SuspendReportedAuthorDocument, variables: { id: 'r1' } }, result: suspended },
    ]);
    const item = await screen.findByRole('listitem', { name: 'Reel by Rude Reeler' });
    await user.click(within(item).getByRole('button', { name: 'Suspend author' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Suspend author' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(suspended).not.toHaveBeenCalled();
    await user.click(within(item).getByRole('button', { name: 'Remove content' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove content' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(removed).toHaveBeenCalled());
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Reel by Rude Reeler' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByText('Content removed')).toBeInTheDocument();
  });

  it("toasts the server's refusal and keeps the entry", async () => {
    const user = userEvent.setup();
    renderReports([
      queueMock([entry()]),
      {
        request: { query: SuspendReportedAuthorDocument, variables: { id: 'r1' } },
        result: { errors: [new GraphQLError('You cannot suspend your own account.')] },
      },
    ]);
    const item = await screen.findByRole('listitem', { name: 'Reel by Rude Reeler' });
    await user.click(within(item).getByRole('button', { name: 'Suspend author' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Suspend author' })).getByRole('button', {
        name: 'Suspend',
      }),
    );
    expect(await screen.findByText('You cannot suspend your own account.')).toBeInTheDocument();
    // behind the dialog, which stays open
    expect(screen.getByRole('listitem', { name: 'Reel by Rude Reeler', hidden: true })).toBeInTheDocument();
  });
});
