import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MOBILE_QUERY } from '../lib/useMediaQuery';
import { useShellCounts } from '../ui/counts';
import { fakeMatchMedia } from '../test/matchMedia';
import { renderWithProviders } from '../test/render';
import { NewJobsCountDocument, UpcomingEventsCountDocument } from './badges.generated';
import { SheetBadgesProvider } from './SheetBadgesProvider';

function Badges() {
  const counts = useShellCounts();
  return <span data-testid="badges">{`jobs ${counts.newJobs}, events ${counts.upcomingEvents}`}</span>;
}

function renderBadges() {
  renderWithProviders(
    <SheetBadgesProvider>
      <Badges />
    </SheetBadgesProvider>,
    {
      mocks: [
        { request: { query: NewJobsCountDocument }, result: { data: { newJobsCount: 5 } } },
        { request: { query: UpcomingEventsCountDocument }, result: { data: { upcomingEventsCount: 3 } } },
      ],
    },
  );
}

describe('the Jobs and Events badges of the mobile sheet', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('give the shell the new jobs and the upcoming events the member holds tickets for, on phones', async () => {
    vi.stubGlobal(
      'matchMedia',
      fakeMatchMedia((query) => query === MOBILE_QUERY),
    );
    renderBadges();
    expect(screen.getByTestId('badges')).toHaveTextContent('jobs 0, events 0');
    expect(await screen.findByText('jobs 5, events 3')).toBeInTheDocument();
  });

  it('ask nothing on a wide screen, which shows no sheet', async () => {
    vi.stubGlobal(
      'matchMedia',
      fakeMatchMedia(() => false),
    );
    renderBadges();
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.getByTestId('badges')).toHaveTextContent('jobs 0, events 0');
  });
});
