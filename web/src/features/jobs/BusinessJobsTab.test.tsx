import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { BusinessJobVacanciesDocument, GenerateJobDescriptionDocument } from './jobs.generated';
import { SessionProvider } from '../../ui/session';
import { makeUser, renderWithProviders } from '../../test/render';
import { BusinessJobsTab } from './BusinessJobsTab';
import { makeJob } from './testing';

const vacanciesMock = (nodes: ReturnType<typeof makeJob>[]): MockLink.MockedResponse => ({
  request: { query: BusinessJobVacanciesDocument, variables: { businessId: 'biz-1', first: 20 } },
  result: {
    data: {
      businessJobVacancies: {
        __typename: 'JobVacancyConnection',
        nodes,
        pageInfo: { __typename: 'PageInfo', endCursor: null, hasNextPage: false },
      },
    },
  },
});

const renderTab = (isOwner: boolean, mocks: MockLink.MockedResponse[]) =>
  renderWithProviders(
    <SessionProvider user={makeUser()}>
      <BusinessJobsTab businessId="biz-1" businessName="Mzansi Braai House" isOwner={isOwner} />
    </SessionProvider>,
    { mocks },
  );

describe('BusinessJobsTab', () => {
  it("shows 'No Job Openings' with the owner's line, the back link and Create Job Vacancy", async () => {
    renderTab(true, [vacanciesMock([])]);
    expect(await screen.findByText('No Job Openings')).toBeInTheDocument();
    expect(screen.getByText('Create your first job vacancy to start hiring.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to Job Listings' })).toHaveAttribute('href', '/jobs');
    expect(screen.getByRole('button', { name: 'Create Job Vacancy' })).toBeInTheDocument();
  });

  it("shows visitors 'Check back later for new opportunities.' and no owner actions", async () => {
    renderTab(false, [vacanciesMock([])]);
    expect(await screen.findByText('Check back later for new opportunities.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Job Vacancy' })).toBeNull();
  });

  it("lists vacancies: owners get Applicants and Delete, visitors 'Apply Now' (or 'Already Applied')", async () => {
    const { unmount } = renderTab(true, [vacanciesMock([makeJob({ viewerCanManage: true, applicantCount: 4 })])]);
    const card = await screen.findByTestId('vacancy-card');
    expect(within(card).getByText('Braai Chef')).toBeInTheDocument();
    expect(within(card).getByText('Part-time')).toBeInTheDocument();
    expect(within(card).getByText('R 25 000 per month')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Applicants (4)' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Delete Braai Chef' })).toBeInTheDocument();
    unmount();
    renderTab(false, [vacanciesMock([makeJob(), makeJob({ id: 'job-2', title: 'Waiter', viewerHasApplied: true })])]);
    const [chef, waiter] = await screen.findAllByTestId('vacancy-card');
    expect(within(chef).getByRole('button', { name: 'Apply Now' })).toBeEnabled();
    expect(within(waiter).getByRole('button', { name: 'Already Applied' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Applicants/ })).toBeNull();
  });

  it('the Create Job Vacancy dialog asks for title, location and type before the AI drafts, then fills the four texts', async () => {
    const user = userEvent.setup();
    const draft = {
      description: 'Join our braai team.',
      requirements: '• Fire',
      responsibilities: '• Cook',
      benefits: '• Meat',
    };
    renderTab(true, [
      vacanciesMock([]),
      {
        request: {
          query: GenerateJobDescriptionDocument,
          variables: {
            input: {
              title: 'Chef',
              department: null,
              location: 'London',
              jobType: 'Full-time',
              experienceLevel: null,
              requirements: null,
              responsibilities: null,
            },
          },
        },
        result: { data: { generateJobDescription: { __typename: 'JobDraft', ...draft } } },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Create Job Vacancy' }));
    const dialog = await screen.findByTestId('create-vacancy');
    expect(within(dialog).getByRole('combobox', { name: /Currency/ })).toHaveValue('ZAR');
    expect(within(dialog).getByRole('checkbox', { name: /Active/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Generate with AI' }));
    expect(
      await screen.findByText('Please fill in at least Title, Location, and Job Type before generating.'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Job title/ }), 'Chef');
    await user.type(within(dialog).getByRole('textbox', { name: /^Location/ }), 'London');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Job type/ }), 'Full-time');
    await user.click(within(dialog).getByRole('button', { name: 'Generate with AI' }));
    expect(await screen.findByText('AI-tsa! Generated')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Description/ })).toHaveValue('Join our braai team.');
    expect(within(dialog).getByRole('textbox', { name: 'Benefits' })).toHaveValue('• Meat');
  });
});
