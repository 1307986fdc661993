import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { Route, Routes, useLocation } from 'react-router';
import { TopBarSearchDocument } from './explore.generated';
import { renderWithProviders } from '../../test/render';
import { SUGGESTIONS_PER_KIND, TopBarSearch } from './TopBarSearch';

const conn = (nodes: unknown[]) => ({ __typename: 'SearchHitConnection', nodes });
const person = {
  __typename: 'User',
  id: 'u2',
  displayName: 'Sipho Dlamini',
  initials: 'SD',
  profileImageUrl: null,
  followerCount: 0,
  viewerFollows: false,
};
const business = {
  __typename: 'Business',
  id: 'b1',
  name: 'Sipho Spaza',
  category: 'Retail',
  address: null,
  imageUrl: null,
  rating: null,
  reviewCount: 0,
};
const group = {
  __typename: 'Group',
  id: 'g1',
  name: 'Sipho Braai Club',
  description: null,
  type: 'Braai',
  locationName: 'Sea Point',
  imageUrl: null,
  memberCount: 2,
  requiresApproval: false,
  isFavorite: false,
  viewerStatus: 'none',
};
const event = {
  __typename: 'Event',
  id: 'e1',
  title: 'Sipho Jazz Night',
  category: 'Music',
  location: 'Durban',
  date: '2099-03-01',
  time: '19:00',
  imageUrl: null,
  status: 'Active',
};
const job = {
  __typename: 'JobVacancy',
  id: 'j1',
  title: 'Sipho Assistant',
  company: 'Acme',
  location: 'Durban',
  jobType: 'Full-time',
  salary: null,
  viewerHasApplied: false,
};

const suggestions = (
  query: string,
  data: { people?: unknown[]; businesses?: unknown[]; events?: unknown[]; groups?: unknown[]; jobs?: unknown[] },
): MockLink.MockedResponse => ({
  request: { query: TopBarSearchDocument, variables: { query, first: SUGGESTIONS_PER_KIND } },
  result: {
    data: {
      people: conn(data.people ?? []),
      businesses: conn(data.businesses ?? []),
      events: conn(data.events ?? []),
      groups: conn(data.groups ?? []),
      jobs: conn(data.jobs ?? []),
    },
  },
});

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

const renderBox = (mocks: MockLink.MockedResponse[]) =>
  renderWithProviders(
    <>
      <TopBarSearch />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { mocks },
  );

describe('TopBarSearch', () => {
  it('shows the first matches of every kind as the member types, grouped, with See all', async () => {
    const user = userEvent.setup();
    renderBox([suggestions('sipho', { people: [person], businesses: [business], groups: [group], jobs: [job] })]);
    const box = screen.getByRole('combobox', { name: 'Search Saffa' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.type(box, 'sipho');
    const list = screen.getByRole('listbox', { name: 'Search suggestions' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    await within(list).findByRole('option', { name: 'Sipho Dlamini' });
    expect(
      within(list)
        .getAllByRole('group')
        .map((g) => g.getAttribute('aria-labelledby') && within(g).getByRole('presentation').textContent),
    ).toEqual(['People', 'Businesses', 'Groups', 'Jobs']);
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sipho Dlamini', 'Sipho Spaza', 'Sipho Braai Club', 'Sipho Assistant', 'See all results for "sipho"']);
  });

  it('moves with the arrows (wrapping), opens the chosen match with Enter, and closes with Escape', async () => {
    const user = userEvent.setup();
    renderBox([suggestions('sipho', { people: [person], businesses: [business] })]);
    const box = screen.getByRole('combobox', { name: 'Search Saffa' });
    await user.type(box, 'sipho');
    await screen.findByRole('option', { name: 'Sipho Spaza' });
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Sipho Dlamini' })).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Sipho Dlamini' }).id);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Sipho Dlamini' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { name: 'See all results for "sipho"' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{ArrowUp}');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.click(box);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/business?company=Sipho%20Spaza');
  });

  it("opens an event suggestion on that event's details (/events?id=)", async () => {
    const user = userEvent.setup();
    renderBox([suggestions('sipho', { events: [event] })]);
    await user.type(screen.getByRole('combobox', { name: 'Search Saffa' }), 'sipho');
    await user.click(await screen.findByRole('option', { name: 'Sipho Jazz Night' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/events?id=e1');
  });

  it('opens Explore with the query on Enter when no match is chosen, and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderBox([suggestions('zzz', {})]);
    const box = screen.getByRole('combobox', { name: 'Search Saffa' });
    await user.type(box, 'zzz');
    expect(await screen.findByText('No matches yet')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/explore?q=zzz'));
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });
});
