import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../ui/session';
import { useUpdateTutorialMutation } from './tutorial.generated';
import { TUTORIAL_STEPS, TUTORIAL_STEP_COUNT } from './steps';
import { TutorialContext, type TutorialContextValue } from './tutorialContext';
import {
  AUTO_START_DELAY_MS,
  initialTutorial,
  readTutorialSeen,
  transition,
  writeTutorialSeen,
  type TutorialAction,
  type TutorialState,
} from './tutorialState';

export { useOptionalTutorial, useTutorial, type TutorialContextValue } from './tutorialContext';

// The overlay's code loads when the tutorial first shows.
const TutorialOverlay = lazy(() => import('./TutorialOverlay').then((m) => ({ default: m.TutorialOverlay })));

/**
 * The first-run tutorial of the signed-in layout: decides on load whether to auto-start or resume, keeps the
 * member's progress on the server (updateTutorial), navigates to each step's path and renders the overlay.
 */
export function TutorialProvider({ children }: { children: ReactNode }) {
  const user = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [save] = useUpdateTutorialMutation();

  // Decided once, from the member as loaded: later saves update `me` but must not restart anything.
  const [initial] = useState(() => initialTutorial(user, readTutorialSeen()));
  const [state, setState] = useState<TutorialState>(() =>
    initial.kind === 'resume' ? { active: true, step: initial.step } : { active: false, step: 0 },
  );
  const stateRef = useRef(state);
  stateRef.current = state;

  useEffect(() => {
    if (initial.kind !== 'autoStart') return undefined;
    const timer = window.setTimeout(() => {
      if (!readTutorialSeen()) setState((current) => (current.active ? current : { active: true, step: 0 }));
    }, AUTO_START_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [initial]);

  const dispatch = useCallback(
    (action: TutorialAction) => {
      const result = transition(stateRef.current, action);
      if (action === 'finish') {
        if (!stateRef.current.active) return;
        writeTutorialSeen();
      }
      stateRef.current = result.state;
      setState(result.state);
      if (result.save) {
        save({ variables: result.save }).catch((error: unknown) => {
          // Progress is a convenience: a failed save only means the tutorial may show again next time.
          console.warn('Could not save tutorial progress', error);
        });
      }
    },
    [save],
  );

  // A step with a path takes the app there when it shows.
  const pathRef = useRef(location.pathname);
  pathRef.current = location.pathname;
  useEffect(() => {
    if (!state.active) return;
    const path = TUTORIAL_STEPS[state.step]?.path;
    if (path && pathRef.current !== path) void navigate(path);
  }, [state.active, state.step, navigate]);

  const value = useMemo<TutorialContextValue>(
    () => ({
      isActive: state.active,
      currentStep: state.step,
      totalSteps: TUTORIAL_STEP_COUNT,
      step: TUTORIAL_STEPS[state.step],
      steps: TUTORIAL_STEPS,
      start: () => dispatch('start'),
      next: () => dispatch('next'),
      back: () => dispatch('back'),
      skip: () => dispatch('finish'),
      complete: () => dispatch('finish'),
    }),
    [state, dispatch],
  );

  return (
    <TutorialContext.Provider value={value}>
      {children}
      {state.active && (
        <Suspense fallback={null}>
          <TutorialOverlay />
        </Suspense>
      )}
    </TutorialContext.Provider>
  );
}
