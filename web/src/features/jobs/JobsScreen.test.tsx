import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { MyJobPostingBusinessesDocument, SharedJobDocument } from './jobs.generated';
import { SessionProvider } from '../../ui/session';
import { makeUser, renderWithProviders } from '../../test/render';
import JobsScreen from './JobsScreen';
import { boardMock, makeJob } from './testing';

const businessesMock = {
  request: { query: MyJobPostingBusinessesDocument },
  result: { data: { myJobPostingBusinesses: [] } },
};

const renderScreen = (mocks: MockLink.MockedResponse[], route = '/jobs') =>
  renderWithProviders(
    <SessionProvider user={makeUser()}>
      <JobsScreen />
    </SessionProvider>,
    { mocks, route },
  );

describe('JobsScreen', () => {
  it("shows 'Loading jobs...' first, then the count line and the cards with company link, salary and real applicant count", async () => {
    renderScreen([
      boardMock(
        [
          makeJob(),
          makeJob({
            id: 'job-2',
            title: 'Barista',
            viewerHasApplied: true,
            businessId: null,
            company: 'Thandi Nkosi',
            applicantCount: 1,
          }),
        ],
        {},
        { delay: 30 },
      ),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Jobs' })).toBeInTheDocument();
    expect(screen.getByText('Loading jobs...')).toBeInTheDocument();
    expect(await screen.findByText('2 job(s) found')).toBeInTheDocument();
    const [chef, barista] = screen.getAllByTestId('job-card');
    expect(within(chef).getByRole('link', { name: 'Mzansi Braai House' })).toHaveAttribute(
      'href',
      '/business?company=Mzansi%20Braai%20House',
    );
    expect(within(chef).getByText('R 25 000 per month')).toBeInTheDocument();
    expect(within(chef).getByText('3 applicants')).toBeInTheDocument();
    expect(within(chef).getByRole('button', { name: 'Apply' })).toBeEnabled();
    expect(within(barista).getByRole('button', { name: 'Applied' })).toBeDisabled();
    expect(within(barista).queryByRole('link', { name: 'Thandi Nkosi' })).toBeNull();
  });

  it("shows 'No jobs found matching your criteria.' when nothing matches", async () => {
    renderScreen([boardMock([])]);
    expect(await screen.findByText('No jobs found matching your criteria.')).toBeInTheDocument();
    expect(screen.getByText('0 job(s) found')).toBeInTheDocument();
  });

  it('sends search, location and type to the server', async () => {
    const user = userEvent.setup();
    renderScreen([
      boardMock([makeJob()]),
      boardMock([makeJob({ id: 'job-9', title: 'Driver' })], { search: 'driver', location: 'durban' }),
      boardMock([], { search: 'driver', location: 'durban', type: 'Contract' }),
    ]);
    await screen.findByText('1 job(s) found');
    await user.type(screen.getByRole('textbox', { name: 'Search jobs' }), 'driver');
    await user.type(screen.getByRole('textbox', { name: 'Location' }), 'durban');
    expect(await screen.findByText('Driver')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Job type' }), 'Contract');
    expect(await screen.findByText('No jobs found matching your criteria.')).toBeInTheDocument();
  });

  it('Post Job toggles the inline form, whose button waits for title, location, type and description', async () => {
    const user = userEvent.setup();
    renderScreen([boardMock([]), businessesMock]);
    await screen.findByText('0 job(s) found');
    await user.click(screen.getByRole('button', { name: 'Post Job' }));
    const form = screen.getByTestId('post-job-form');
    const post = within(form).getByRole('button', { name: 'Post Job' });
    expect(post).toBeDisabled();
    await user.type(within(form).getByRole('textbox', { name: /Job title/ }), 'Chef');
    await user.type(within(form).getByRole('textbox', { name: /Location/ }), 'Durban');
    await user.selectOptions(within(form).getByRole('combobox', { name: /Job type/ }), 'full-time');
    expect(post).toBeDisabled();
    await user.type(within(form).getByRole('textbox', { name: /Description/ }), 'Cook for us, please.');
    expect(post).toBeEnabled();
    await user.click(screen.getAllByRole('button', { name: 'Post Job' })[0]);
    await waitFor(() => expect(screen.queryByTestId('post-job-form')).toBeNull());
  });

  it("opens a shared /jobs?id= link's details with 'Already Applied' when applied", async () => {
    const job = makeJob({ id: 'shared-1', title: 'Paralegal', viewerHasApplied: true });
    renderScreen(
      [
        boardMock([]),
        { request: { query: SharedJobDocument, variables: { id: 'shared-1' } }, result: { data: { jobVacancy: job } } },
      ],
      '/jobs?id=shared-1',
    );
    const dialog = await screen.findByTestId('job-details');
    expect(within(dialog).getByText('Paralegal')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Already Applied' })).toBeDisabled();
  });

  it("the details dialog offers 'Apply Now', which opens the application prefilled with the member's name and e-mail", async () => {
    const user = userEvent.setup();
    renderScreen([boardMock([makeJob()])]);
    await user.click(await screen.findByRole('button', { name: 'Braai Chef' }));
    await user.click(within(await screen.findByTestId('job-details')).getByRole('button', { name: 'Apply Now' }));
    const apply = await screen.findByTestId('apply-dialog');
    expect(within(apply).getByRole('textbox', { name: /Full name/ })).toHaveValue('Thandi Nkosi');
    expect(within(apply).getByRole('textbox', { name: /Email/ })).toHaveValue('thandi@example.com');
  });
});
