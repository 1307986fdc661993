import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MoveApplicationStageDocument, RejectApplicationDocument, VacancyApplicationsDocument } from './jobs.generated';
import { SessionProvider } from '../../ui/session';
import { makeUser, renderWithProviders } from '../../test/render';
import { ApplicantTrackingDialog } from './ApplicantTrackingDialog';
import { makeApplication } from './testing';

const apps = [
  makeApplication(),
  makeApplication({
    id: 'app-2',
    applicantName: 'Sipho Dlamini',
    stage: 'interviewing',
    cvUrl: '/api/job-applications/app-2/cv',
    cvFileName: 'sipho.pdf',
  }),
  makeApplication({ id: 'app-3', applicantName: 'Naledi Khumalo', isRejected: true, rejectionReason: 'Too far' }),
];
const listMock = {
  request: { query: VacancyApplicationsDocument, variables: { vacancyId: 'job-1', first: 100 } },
  result: {
    data: {
      vacancyApplications: {
        __typename: 'JobApplicationConnection',
        nodes: apps,
        pageInfo: { __typename: 'PageInfo', endCursor: null, hasNextPage: false },
      },
    },
  },
};

const renderBoard = (extra: unknown[] = []) =>
  renderWithProviders(
    <SessionProvider user={makeUser()}>
      <ApplicantTrackingDialog vacancy={{ id: 'job-1', title: 'Braai Chef' }} onClose={() => undefined} />
    </SessionProvider>,
    { mocks: [listMock, ...(extra as never[])] },
  );

describe('ApplicantTrackingDialog', () => {
  it('shows the total, five stage columns and the Rejected section', async () => {
    renderBoard();
    const board = await screen.findByTestId('applicant-tracking');
    expect(within(board).getByText('Braai Chef - Applicant Tracking')).toBeInTheDocument();
    expect(await within(board).findByText('3 total applications')).toBeInTheDocument();
    for (const label of [
      'View Profile, 1',
      'Shortlisted, 0',
      'Interviewing, 1',
      'Offer, 0',
      'Visa Application, 0',
      'Rejected, 1',
    ]) {
      expect(within(board).getByRole('region', { name: label })).toBeInTheDocument();
    }
    expect(
      within(screen.getByTestId('stage-rejected')).getByRole('combobox', { name: 'Stage of Naledi Khumalo' }),
    ).toBeDisabled();
  });

  it("moves an application with its stage selector (the keyboard way) and says 'Stage Updated'", async () => {
    const user = userEvent.setup();
    renderBoard([
      {
        request: { query: MoveApplicationStageDocument, variables: { id: 'app-1', stage: 'offer' } },
        result: { data: { moveApplicationStage: { ...apps[0], stage: 'offer' } } },
      },
    ]);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Stage of Lerato Mokoena' }), 'offer');
    expect(await screen.findByText('Stage Updated')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Offer, 1' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'View Profile, 0' })).toBeInTheDocument();
  });

  it('opens the details with the private CV link, and rejects with a reason', async () => {
    const user = userEvent.setup();
    renderBoard([
      {
        request: { query: RejectApplicationDocument, variables: { id: 'app-2', rejectionReason: 'Filled' } },
        result: { data: { rejectApplication: { ...apps[1], isRejected: true, rejectionReason: 'Filled' } } },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Sipho Dlamini' }));
    const details = await screen.findByTestId('application-details');
    expect(within(details).getByTestId('cv-link')).toHaveAttribute('href', '/api/job-applications/app-2/cv');
    await user.click(within(details).getByRole('button', { name: 'Reject' }));
    const reject = await screen.findByTestId('reject-dialog');
    await user.type(within(reject).getByRole('textbox'), 'Filled');
    await user.click(within(reject).getByRole('button', { name: 'Reject Application' }));
    expect(await screen.findByText('The applicant has been notified.')).toBeInTheDocument();
    expect(await within(details).findByText('Rejected: Filled')).toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(screen.getByTestId('stage-rejected')).toHaveAccessibleName('Rejected, 2');
  });
});
