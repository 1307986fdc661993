import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { SessionProvider } from '../../ui/session';
import { UpdateTutorialDocument } from './tutorial.generated';
import { type SessionUserFragment } from '../../ui/session.generated';
import { makeUser, renderWithProviders } from '../../test/render';
import { TutorialProvider, useTutorial } from './TutorialProvider';
import { AUTO_START_DELAY_MS, TUTORIAL_SEEN_KEY } from './tutorialState';

function Probe() {
  const { pathname } = useLocation();
  const { start } = useTutorial();
  return (
    <>
      <div data-testid="location">{pathname}</div>
      <button type="button" onClick={start}>
        Restart tutorial
      </button>
      <nav data-tour="sidebar">Sidebar</nav>
    </>
  );
}

function saveMock(variables: { tutorialStep: number; tutorialCompleted?: boolean }) {
  const result = vi.fn(() => ({
    data: {
      updateTutorial: {
        __typename: 'User' as const,
        id: 'u1',
        tutorialStep: variables.tutorialStep,
        tutorialCompleted: variables.tutorialCompleted ?? false,
      },
    },
  }));
  return { mock: { request: { query: UpdateTutorialDocument, variables }, result }, result };
}

function renderTutorial(
  user: Partial<SessionUserFragment>,
  mocks: ReturnType<typeof saveMock>['mock'][] = [],
  route = '/',
) {
  return renderWithProviders(
    <SessionProvider user={makeUser(user)}>
      <TutorialProvider>
        <Probe />
      </TutorialProvider>
    </SessionProvider>,
    { mocks, route },
  );
}

const findCard = () => screen.findByRole('dialog', { name: 'Tutorial' });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('TutorialProvider', () => {
  it('auto-starts about a second after load for a new member', async () => {
    renderTutorial({ tutorialCompleted: false, tutorialStep: 0 });
    await wait(500);
    expect(screen.queryByRole('dialog', { name: 'Tutorial' })).not.toBeInTheDocument();
    const card = await screen.findByRole('dialog', { name: 'Tutorial' }, { timeout: 2000 });
    expect(within(card).getByText('Step 1 of 9')).toBeInTheDocument();
    expect(within(card).getByRole('heading', { name: 'Welcome to Saffa!' })).toBeInTheDocument();
  });

  it('does not auto-start when the tutorial was seen on this device, or is completed', async () => {
    window.localStorage.setItem(TUTORIAL_SEEN_KEY, 'true');
    const { unmount } = renderTutorial({ tutorialCompleted: false, tutorialStep: 0 });
    await wait(1300);
    expect(screen.queryByRole('dialog', { name: 'Tutorial' })).not.toBeInTheDocument();
    unmount();
    window.localStorage.clear();
    renderTutorial({ tutorialCompleted: true, tutorialStep: 9 });
    await wait(1300);
    expect(screen.queryByRole('dialog', { name: 'Tutorial' })).not.toBeInTheDocument();
  });

  it('resumes an incomplete tutorial at its stored step at once, on that step path', async () => {
    window.localStorage.setItem(TUTORIAL_SEEN_KEY, 'true');
    const timers = vi.spyOn(window, 'setTimeout');
    renderTutorial({ tutorialCompleted: false, tutorialStep: 4 });
    const card = await findCard();
    // At once: the auto-start delay was never waited for.
    expect(timers.mock.calls.some(([, ms]) => ms === AUTO_START_DELAY_MS)).toBe(false);
    timers.mockRestore();
    expect(within(card).getByText('Step 5 of 9')).toBeInTheDocument();
    expect(within(card).getByRole('heading', { name: 'Explore' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/explore');
  });

  it('moves forward and back, saving the step each time', async () => {
    const user = userEvent.setup();
    const forward = saveMock({ tutorialStep: 5 });
    const backward = saveMock({ tutorialStep: 4 });
    renderTutorial({ tutorialCompleted: false, tutorialStep: 4 }, [forward.mock, backward.mock]);
    const card = await findCard();
    await user.click(within(card).getByRole('button', { name: 'Next' }));
    expect(await within(card).findByText('Step 6 of 9')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/messages');
    await waitFor(() => expect(forward.result).toHaveBeenCalledTimes(1));
    await user.click(within(card).getByRole('button', { name: 'Back' }));
    expect(await within(card).findByText('Step 5 of 9')).toBeInTheDocument();
    await waitFor(() => expect(backward.result).toHaveBeenCalledTimes(1));
  });

  it('restarts at step 0 with Back disabled and a progress bar', async () => {
    const user = userEvent.setup();
    renderTutorial({ tutorialCompleted: true, tutorialStep: 9 });
    await user.click(screen.getByRole('button', { name: 'Restart tutorial' }));
    const card = await findCard();
    expect(within(card).getByText('Step 1 of 9')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Skip Tutorial' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Next' })).toBeInTheDocument();
    const progress = within(card).getByRole('progressbar');
    expect(progress).toHaveAttribute('aria-valuemax', '100');
    expect(Number(progress.getAttribute('aria-valuenow'))).toBeCloseTo(100 / 9);
  });

  it('finishes on the last step: saves completed with step 9, sets the seen flag, closes', async () => {
    const user = userEvent.setup();
    const finish = saveMock({ tutorialCompleted: true, tutorialStep: 9 });
    renderTutorial({ tutorialCompleted: false, tutorialStep: 8 }, [finish.mock]);
    const card = await findCard();
    expect(within(card).getByRole('heading', { name: "You're All Set!" })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Skip Tutorial' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tutorial' })).not.toBeInTheDocument());
    await waitFor(() => expect(finish.result).toHaveBeenCalledTimes(1));
    expect(window.localStorage.getItem(TUTORIAL_SEEN_KEY)).not.toBeNull();
  });

  it('skips with the close button and with Escape', async () => {
    const user = userEvent.setup();
    const first = saveMock({ tutorialCompleted: true, tutorialStep: 9 });
    const second = saveMock({ tutorialCompleted: true, tutorialStep: 9 });
    renderTutorial({ tutorialCompleted: false, tutorialStep: 2 }, [first.mock, second.mock]);
    await user.click(within(await findCard()).getByRole('button', { name: 'Close tutorial' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tutorial' })).not.toBeInTheDocument());
    await waitFor(() => expect(first.result).toHaveBeenCalledTimes(1));
    expect(window.localStorage.getItem(TUTORIAL_SEEN_KEY)).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Restart tutorial' }));
    await findCard();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tutorial' })).not.toBeInTheDocument());
    await waitFor(() => expect(second.result).toHaveBeenCalledTimes(1));
  });

  it('highlights a target it finds and centres the card when the target is missing', async () => {
    const user = userEvent.setup();
    renderTutorial({ tutorialCompleted: false, tutorialStep: 1 }, [saveMock({ tutorialStep: 2 }).mock]);
    const card = await findCard();
    await waitFor(() => expect(card).toHaveAttribute('data-placement', 'right'));
    expect(screen.getByTestId('tutorial-highlight')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Next' }));
    // No home feed or Home button here: the card is centred, without a highlight box.
    await waitFor(() => expect(card).toHaveAttribute('data-placement', 'center'));
    expect(screen.queryByTestId('tutorial-highlight')).not.toBeInTheDocument();
  });

  it('throws a developer error when used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Outside() {
      useTutorial();
      return null;
    }
    expect(() => render(<Outside />)).toThrow('useTutorial must be used within a TutorialProvider');
  });
});
