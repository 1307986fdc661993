import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser, renderWithProviders } from '../../test/render';
import { reportContentMock } from '../../test/report';
import { SessionProvider } from '../../ui/session';
import { toaster } from '../../ui/toaster';
import { PostCardCommentsDocument } from './comments.generated';
import { Comments } from './Comments';

const author = (id: string, displayName: string) => ({
  __typename: 'User' as const,
  id,
  displayName,
  initials: displayName.slice(0, 2),
  profileImageUrl: null,
});
const comment = (id: string, text: string, by: ReturnType<typeof author>) => ({
  __typename: 'Comment' as const,
  id,
  text,
  createdAt: '2026-11-20T10:00:00.000Z',
  author: by,
});

const commentsMock = {
  request: { query: PostCardCommentsDocument, variables: { postId: 'p1', first: 20 } },
  result: {
    data: {
      comments: {
        __typename: 'CommentConnection',
        nodes: [
          comment('c1', 'My own words', author('u1', 'Thandi Nkosi')),
          comment('c2', 'Buy cheap watches', author('u2', 'Lerato Mokoena')),
        ],
        pageInfo: { __typename: 'PageInfo', endCursor: null, hasNextPage: false },
      },
    },
  },
};

describe('Comments: Report', () => {
  beforeEach(() => {
    toaster.remove();
  });

  it("offers Report on others' comments only, and reports one with a reason", async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <SessionProvider user={makeUser({ id: 'u1' })}>
        <Comments postId="p1" />
      </SessionProvider>,
      { mocks: [commentsMock, reportContentMock('comment', 'c2', 'spam')] },
    );
    const [own, other] = await screen.findAllByTestId('comment');
    expect(within(own).queryByRole('button', { name: /report/i })).not.toBeInTheDocument();
    const report = within(other).getByRole('button', { name: 'Report comment by Lerato Mokoena' });

    // Keyboard: from the comment's Report button, Enter opens the dialog.
    report.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Report Comment' });
    await user.click(await within(dialog).findByText('Spam or misleading'));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Comment reported to administrators.')).toBeInTheDocument();
  });
});
