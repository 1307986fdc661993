import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import type { ReportKind } from '../gql/graphql';
import { appConfigMock, reportReasonOptions } from '../test/appConfig';
import { renderWithProviders } from '../test/render';
import { ALREADY_REPORTED, reportContentMock } from '../test/report';
import { ReportButton } from './Report';
import { ReportDialog } from './ReportDialog';
import { reportTexts } from './reportKinds';
import { toaster } from './toaster';

const SIX_REASONS = [
  'Spam or misleading',
  'Harassment or hate speech',
  'Violence or dangerous content',
  'Inappropriate content',
  'Copyright violation',
  'Other',
];

function renderDialog(kind: ReportKind, mocks: MockLink.MockedResponse[] = []) {
  const onClose = vi.fn();
  renderWithProviders(<ReportDialog kind={kind} subjectId="s1" onClose={onClose} />, { mocks });
  return { onClose, dialog: screen.getByRole('dialog') };
}

async function submit(dialog: HTMLElement, reason: string) {
  const user = userEvent.setup();
  await user.click(await within(dialog).findByText(reason));
  await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
}

describe('reportTexts', () => {
  it("keeps the spec's post texts and says the same of every other kind with its noun", () => {
    expect(reportTexts('post')).toEqual({
      title: 'Report Post',
      action: 'Report post',
      question: 'Why are you reporting this post?',
      success: 'Post reported to administrators.',
      failure: 'Failed to report post.',
    });
    const titles: Record<ReportKind, [string, string]> = {
      post: ['Report Post', 'Post reported to administrators.'],
      comment: ['Report Comment', 'Comment reported to administrators.'],
      reel: ['Report Reel', 'Reel reported to administrators.'],
      recipe: ['Report Recipe', 'Recipe reported to administrators.'],
      recipeComment: ['Report Comment', 'Comment reported to administrators.'],
      review: ['Report Review', 'Review reported to administrators.'],
      listing: ['Report Listing', 'Listing reported to administrators.'],
      group: ['Report Group', 'Group reported to administrators.'],
      groupMessage: ['Report Message', 'Message reported to administrators.'],
      directMessage: ['Report Message', 'Message reported to administrators.'],
      alias: ['Report Alias', 'Alias reported to administrators.'],
      song: ['Report Song', 'Song reported to administrators.'],
    };
    for (const [kind, [title, success]] of Object.entries(titles)) {
      expect(reportTexts(kind as ReportKind).title).toBe(title);
      expect(reportTexts(kind as ReportKind).success).toBe(success);
    }
    expect(reportTexts('directMessage').failure).toBe('Failed to report message.');
  });
});

describe('ReportDialog', () => {
  beforeEach(() => {
    toaster.remove();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is titled for the kind and lists the six reasons; Submit waits for one', async () => {
    const { dialog } = renderDialog('comment');
    expect(screen.getByRole('dialog', { name: 'Report Comment' })).toBe(dialog);
    expect(within(dialog).getByText('Why are you reporting this comment?')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getAllByRole('radio')).toHaveLength(6));
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(SIX_REASONS);
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('lists the reasons appConfig serves', async () => {
    const reportReasons = reportReasonOptions([
      ['spam', 'Spam'],
      ['other', 'Something else'],
    ]);
    const { dialog } = renderDialog('reel', [appConfigMock({ reportReasons })]);
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('radio')
          .map((r) => r.closest('label')?.textContent),
      ).toEqual(['Spam', 'Something else']),
    );
  });

  it('sends the kind, the id and the reason, then says so and closes', async () => {
    const create = vi.spyOn(toaster, 'create');
    const answered = vi.fn(() => ({ data: { reportContent: { __typename: 'Report' as const, id: 'r1' } } }));
    const { dialog, onClose } = renderDialog('directMessage', [
      reportContentMock('directMessage', 's1', 'harassment', answered),
    ]);
    await submit(dialog, 'Harassment or hate speech');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(answered).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledWith({
      type: 'success',
      title: 'Success',
      description: 'Message reported to administrators.',
    });
  });

  it("answers a second report of the same item (CONFLICT) with an 'Already reported' notice, not an error", async () => {
    const create = vi.spyOn(toaster, 'create');
    const { dialog, onClose } = renderDialog('reel', [reportContentMock('reel', 's1', 'spam', ALREADY_REPORTED)]);
    await submit(dialog, 'Spam or misleading');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(create).toHaveBeenCalledWith({
      type: 'info',
      title: 'Already reported',
      description: 'You have already reported this.',
    });
    expect(await screen.findByText('Already reported')).toBeInTheDocument();
  });

  it('says the report failed and stays open on any other error', async () => {
    const create = vi.spyOn(toaster, 'create');
    const gone = { errors: [{ message: 'Not found.', extensions: { code: 'NOT_FOUND' } }] };
    const { dialog, onClose } = renderDialog('listing', [reportContentMock('listing', 's1', 'other', gone)]);
    await submit(dialog, 'Other');
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith({ type: 'error', title: 'Error', description: 'Failed to report listing.' }),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Report Listing' })).toBeInTheDocument();
  });
});

describe('ReportButton', () => {
  it('is reached with the keyboard and opens the dialog (loaded on first use) for its content', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ReportButton kind="groupMessage" subjectId="m1" />);
    const button = screen.getByRole('button', { name: 'Report message' });
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Report Message' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows 'Report' with a flag in its text form", () => {
    renderWithProviders(<ReportButton kind="listing" subjectId="l1" variant="text" label="Report listing" />);
    expect(screen.getByRole('button', { name: 'Report listing' })).toHaveTextContent('Report');
  });
});
