import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { ExploreSearchDocument, FollowMemberDocument } from './explore.generated';
import { JoinGroupDocument, MyGroupsDocument } from '../groups/groups.generated';
import { type SearchKind } from '../../gql/graphql';
import { makeUser, renderWithProviders } from '../../test/render';
import { SessionProvider } from '../../ui/session';
import ExploreScreen, { EXPLORE_PAGE } from './ExploreScreen';

const page = (nodes: unknown[], endCursor: string | null = null) => ({
  __typename: 'SearchHitConnection',
  nodes,
  pageInfo: { __typename: 'PageInfo', endCursor, hasNextPage: !!endCursor },
});
const person = (id: string, displayName: string, viewerFollows = false) => ({
  __typename: 'User',
  id,
  displayName,
  initials: displayName.slice(0, 1),
  profileImageUrl: null,
  followerCount: viewerFollows ? 1 : 0,
  viewerFollows,
});
const job = {
  __typename: 'JobVacancy',
  id: 'j1',
  title: 'Sous Chef',
  company: 'Karoo Kitchens',
  location: 'Gqeberha',
  jobType: 'Full-time',
  salary: null,
  viewerHasApplied: false,
};

const searchMock = (
  kind: SearchKind,
  query: string | null,
  result: MockLink.MockedResponse['result'],
  after?: string,
): MockLink.MockedResponse => ({
  request: {
    query: ExploreSearchDocument,
    variables: { kind, query, first: EXPLORE_PAGE, ...(after ? { after } : {}) },
  },
  result,
});

const renderScreen = (mocks: MockLink.MockedResponse[], route = '/explore') =>
  renderWithProviders(
    <SessionProvider user={makeUser()}>
      <ExploreScreen />
    </SessionProvider>,
    { mocks, route },
  );

describe('ExploreScreen', () => {
  it('lists people for the query in the URL, pages with Load more, and follows a person with the spec toast', async () => {
    const user = userEvent.setup();
    renderScreen(
      [
        searchMock('people', 'sipho', {
          data: { search: page([person('u2', 'Sipho Dlamini'), person('u1', 'Thandi Nkosi')], 'c1') },
        }),
        searchMock('people', 'sipho', { data: { search: page([person('u3', 'Sipho Ndlovu')]) } }, 'c1'),
        {
          request: { query: FollowMemberDocument, variables: { userId: 'u2' } },
          result: {
            data: {
              followMember: { __typename: 'User', id: 'u2', viewerFollows: true, followerCount: 1, followingCount: 0 },
            },
          },
        },
      ],
      '/explore?q=sipho',
    );
    expect(screen.getByRole('searchbox', { name: 'Search Explore' })).toHaveValue('sipho');
    expect(screen.getByRole('tab', { name: 'People' })).toHaveAttribute('aria-selected', 'true');
    const sipho = await screen.findByRole('article', { name: 'Sipho Dlamini' });
    // The viewer sees themself without a Follow button.
    expect(within(screen.getByRole('article', { name: 'Thandi Nkosi' })).queryByRole('button')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Sipho Ndlovu' })).toBeInTheDocument();
    await user.click(within(sipho).getByRole('button', { name: 'Follow Sipho Dlamini' }));
    expect(await screen.findByText('You are now following Sipho Dlamini')).toBeInTheDocument();
    expect(within(sipho).getByRole('button', { name: 'Following Sipho Dlamini' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(sipho).getByText('1 follower')).toBeInTheDocument();
  });

  it('keeps the tab in the URL, applies to a job with the job application dialog, and shows empty and error states', async () => {
    const user = userEvent.setup();
    renderScreen(
      [
        searchMock('jobs', null, { data: { search: page([job]) } }),
        searchMock('businesses', null, { data: { search: page([]) } }),
        searchMock('events', null, { errors: [{ message: 'Database away' }] } as never),
      ],
      '/explore?tab=jobs',
    );
    const card = await screen.findByRole('article', { name: 'Sous Chef at Karoo Kitchens' });
    await user.click(within(card).getByRole('button', { name: 'Apply for Sous Chef' }));
    const dialog = await screen.findByTestId('apply-dialog');
    expect(within(dialog).getByText('Apply for Sous Chef')).toBeInTheDocument();
    expect(within(dialog).getByDisplayValue('Thandi Nkosi')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('apply-dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('tab', { name: 'Businesses' }));
    expect(await screen.findByTestId('explore-empty')).toHaveTextContent('No business pages yet.');
    await user.click(screen.getByRole('tab', { name: 'Events' }));
    expect(await screen.findByTestId('explore-error')).toHaveTextContent('Could not load results');
  });

  it('joins a group from the Groups tab with the spec toast', async () => {
    const user = userEvent.setup();
    const group = {
      __typename: 'Group',
      id: 'g1',
      name: 'Sea Point Braai Club',
      description: null,
      type: 'Braai',
      locationName: 'Sea Point',
      imageUrl: null,
      memberCount: 3,
      requiresApproval: false,
      isFavorite: false,
      viewerStatus: 'none',
    };
    renderScreen(
      [
        searchMock('groups', 'braai', { data: { search: page([group]) } }),
        {
          request: { query: JoinGroupDocument, variables: { id: 'g1' } },
          result: { data: { joinGroup: { ...group, memberCount: 4, viewerStatus: 'member' } } },
        },
        {
          request: { query: MyGroupsDocument, variables: () => true },
          result: {
            data: {
              myGroups: {
                __typename: 'GroupConnection',
                totalCount: 1,
                nodes: [],
                pageInfo: { __typename: 'PageInfo', endCursor: null, hasNextPage: false },
              },
            },
          },
        },
      ],
      '/explore?tab=groups&q=braai',
    );
    const card = await screen.findByTestId('group-card');
    expect(within(card).getByText('Sea Point Braai Club')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Join Community' }));
    expect(await screen.findByText('You joined Sea Point Braai Club')).toBeInTheDocument();
    expect(await within(card).findByRole('button', { name: 'Leave' })).toBeInTheDocument();
    expect(within(card).getByText(/4 members/)).toBeInTheDocument();
  });
});
