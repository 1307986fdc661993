import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import {
  BraggingCategoriesDocument,
  BraggingChampionshipPageDocument,
  type BraggingEventFieldsFragment,
  type BraggingStandingFieldsFragment,
} from './bragging.generated';
import { makeUser, renderWithProviders } from '../../test/render';
import { SessionProvider } from '../../ui/session';
import { UiProvider } from '../../ui/UiProvider';
import { championshipProblem, eventProblem, predictionAction } from './bragging.rules';
import ChampionshipScreen from './ChampionshipScreen';
import { CreateChampionshipDialog } from './CreateChampionshipDialog';
import { CreateEventDialog } from './CreateEventDialog';
import { EventCard } from './EventCard';
import { Leaderboard } from './Leaderboard';

const HOUR = 3_600_000;
function event(o: Partial<BraggingEventFieldsFragment> = {}): BraggingEventFieldsFragment {
  return {
    id: 'e1',
    title: 'Bulls vs Sharks',
    category: 'Rugby',
    championshipId: null,
    team1Name: 'Blue Bulls',
    team1Logo: '/media/broken.png',
    team2Name: 'Sharks',
    team2Logo: null,
    eventDate: new Date(Date.now() + 48 * HOUR).toISOString(),
    closingDate: new Date(Date.now() + 24 * HOUR).toISOString(),
    isClosed: false,
    isScored: false,
    winnerTeam: null,
    team1Score: null,
    team2Score: null,
    actualMargin: null,
    status: 'upcoming',
    userPrediction: null,
    ...o,
  };
}
const standing = (rank: number, name: string): BraggingStandingFieldsFragment => ({
  id: `overall|${name}`,
  rank,
  userId: name,
  points: 40 - rank * 10,
  correctPredictions: 4 - rank,
  totalPredictions: 4,
  user: { id: name, displayName: name, initials: name[0], profileImageUrl: null },
});

describe('bragging rules', () => {
  it('Select while upcoming and open, Selected once predicted, Missed after the deadline or once started', () => {
    expect(predictionAction(event())).toBe('select');
    expect(
      predictionAction(
        event({
          userPrediction: { id: 'p', predictedWinner: 'team1', predictedMargin: null, points: null, isCorrect: null },
        }),
      ),
    ).toBe('selected');
    expect(predictionAction(event({ closingDate: new Date(Date.now() - 1000).toISOString() }))).toBe('missed');
    expect(predictionAction(event({ status: 'in_progress' }))).toBe('missed');
  });

  it("the spec's form messages", () => {
    const c = { name: 'Cup', description: 'd', startDate: '2026-01-01', endDate: '2026-02-01' };
    expect(championshipProblem(c)).toBeNull();
    expect(championshipProblem({ ...c, name: ' ' })).toEqual({
      title: 'Missing fields',
      description: 'Please fill in all required fields',
    });
    expect(championshipProblem({ ...c, endDate: '2026-01-01' })).toEqual({
      title: 'Invalid dates',
      description: 'End date must be after start date',
    });
    const e = {
      title: 't',
      team1Name: 'a',
      team2Name: 'b',
      eventDate: '2026-05-02T10:00',
      closingDate: '2026-05-01T10:00',
    };
    expect(eventProblem(e)).toBeNull();
    expect(eventProblem({ ...e, team2Name: '' })?.title).toBe('Missing fields');
    expect(eventProblem({ ...e, closingDate: '2026-05-02T10:00' })).toEqual({
      title: 'Invalid deadline',
      description: 'Prediction deadline must be before the event date',
    });
  });
});

describe('EventCard', () => {
  const renderCard = (e: BraggingEventFieldsFragment, admin = false) => {
    const onPredict = vi.fn();
    const onScore = vi.fn();
    render(
      <UiProvider>
        <EventCard event={e} admin={admin} onPredict={onPredict} onScore={onScore} />
      </UiProvider>,
    );
    return { onPredict, onScore };
  };

  it('shows both teams, a fallback when a logo fails, and Select opens the prediction', async () => {
    const { onPredict } = renderCard(event());
    expect(screen.getAllByTestId('team-logo-fallback')).toHaveLength(1); // Sharks has no logo
    fireEvent.error(screen.getByAltText('Blue Bulls logo'));
    expect(screen.getAllByTestId('team-logo-fallback')).toHaveLength(2);
    expect(screen.getByTestId('event-status')).toHaveTextContent('Upcoming');
    await userEvent.click(screen.getByRole('button', { name: 'Select a winner for Bulls vs Sharks' }));
    expect(onPredict).toHaveBeenCalled();
  });

  it('a disabled Selected with the pick and points; Missed; Score only for admins while in progress', async () => {
    renderCard(
      event({
        status: 'completed',
        isScored: true,
        team1Score: 31,
        team2Score: 24,
        userPrediction: { id: 'p', predictedWinner: 'team1', predictedMargin: 7, points: 20, isCorrect: true },
      }),
    );
    expect(screen.getByRole('button', { name: 'Selected' })).toBeDisabled();
    expect(screen.getByTestId('my-prediction')).toHaveTextContent('Your pick: Blue Bulls by 7 · 20 points');
    expect(screen.getByTestId('event-score')).toHaveTextContent('31 - 24');
  });

  it('Missed for members; admins score an event in progress', async () => {
    const { onScore } = renderCard(event({ status: 'in_progress' }), true);
    expect(screen.getByRole('button', { name: 'Missed' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Score' }));
    expect(onScore).toHaveBeenCalled();
  });
});

describe('Leaderboard', () => {
  it("'No rankings yet' when empty; gold, silver and bronze for the first three", () => {
    const { unmount } = render(
      <UiProvider>
        <Leaderboard rows={[]} testId="lb" />
      </UiProvider>,
    );
    expect(screen.getByText('No rankings yet')).toBeInTheDocument();
    unmount();
    render(
      <UiProvider>
        <Leaderboard
          rows={[standing(1, 'Thandi'), standing(2, 'Pieter'), standing(3, 'Lerato'), standing(4, 'Sipho')]}
          testId="lb"
        />
      </UiProvider>,
    );
    const rows = screen.getAllByTestId('leaderboard-row');
    expect(within(rows[0]).getByLabelText('Gold, rank 1')).toBeInTheDocument();
    expect(within(rows[1]).getByLabelText('Silver, rank 2')).toBeInTheDocument();
    expect(within(rows[2]).getByLabelText('Bronze, rank 3')).toBeInTheDocument();
    expect(within(rows[3]).queryByLabelText(/rank 4/)).not.toBeInTheDocument();
  });
});

describe('ChampionshipScreen', () => {
  it("an unknown championship reads 'Championship not found' with a way back", async () => {
    renderWithProviders(
      <SessionProvider user={makeUser()}>
        <Routes>
          <Route path="/bragging-rights/championships/:id" element={<ChampionshipScreen />} />
        </Routes>
      </SessionProvider>,
      {
        mocks: [
          {
            request: { query: BraggingChampionshipPageDocument, variables: { id: 'nope' } },
            result: { data: { braggingChampionship: null } },
          },
        ],
        route: '/bragging-rights/championships/nope',
      },
    );
    expect(await screen.findByText('Championship not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Bragging Rights/ })).toHaveAttribute('href', '/bragging-rights');
  });
});

// The categories the server serves (Query.braggingCategories), as the dialogs' category select reads them.
const categoriesMock = {
  request: { query: BraggingCategoriesDocument },
  result: { data: { braggingCategories: ['Rugby', 'Cricket', 'F1', 'EFC', 'Politics', 'News Events'] } },
};

describe('the admin create dialogs (one form frame)', () => {
  it('Add Championship: a blank form shows the spec message and sends nothing; end before start is refused', async () => {
    const onClose = vi.fn();
    renderWithProviders(<CreateChampionshipDialog initialCategory="Rugby" onClose={onClose} />, {
      mocks: [categoriesMock],
    });
    const dialog = await screen.findByTestId('championship-dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Championship' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please fill in all required fields');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Currie Cup');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'The oldest cup');
    fireEvent.change(within(dialog).getByLabelText(/Start date/), { target: { value: '2026-05-02' } });
    fireEvent.change(within(dialog).getByLabelText(/End date/), { target: { value: '2026-05-01' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Championship' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('End date must be after start date');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Add Event: the event date and the prediction deadline are required datetime fields; a deadline after the event is refused', async () => {
    renderWithProviders(<CreateEventDialog initialCategory="Rugby" onClose={() => undefined} />, {
      mocks: [categoriesMock],
    });
    const dialog = await screen.findByTestId('event-dialog');
    expect(within(dialog).getByLabelText(/Event date/)).toHaveAttribute('type', 'datetime-local');
    expect(within(dialog).getByLabelText(/Prediction deadline/)).toBeRequired();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Bulls vs Sharks');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Team 1/ }), 'Bulls');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Team 2/ }), 'Sharks');
    fireEvent.change(within(dialog).getByLabelText(/Event date/), { target: { value: '2026-05-01T15:00' } });
    fireEvent.change(within(dialog).getByLabelText(/Prediction deadline/), { target: { value: '2026-05-01T16:00' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Prediction deadline must be before the event date',
    );
  });
});
