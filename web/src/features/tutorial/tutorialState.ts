import { TUTORIAL_STEP_COUNT } from './steps';

/** Spec 000 section 9. */
export const AUTO_START_DELAY_MS = 1000;
export const TARGET_LOOKUP_DELAY_MS = 100;
/** The local "tutorial seen" flag. */
export const TUTORIAL_SEEN_KEY = 'saffa.tutorialSeen';
export const LAST_STEP = TUTORIAL_STEP_COUNT - 1;
/** Saved with tutorialCompleted when the tutorial is skipped, closed or finished. */
export const COMPLETED_STEP = TUTORIAL_STEP_COUNT;

export interface TutorialState {
  active: boolean;
  /** 0 to LAST_STEP. */
  step: number;
}

/** What the member's saved progress means when the app loads. */
type InitialTutorial = { kind: 'none' } | { kind: 'autoStart' } | { kind: 'resume'; step: number };

/**
 * Spec 000 section 4: incomplete with a stored step above 0 resumes there at once; incomplete at step 0 without the
 * local seen flag starts after a delay; anything else stays inactive.
 */
export function initialTutorial(
  user: { tutorialCompleted: boolean; tutorialStep: number },
  seen: boolean,
): InitialTutorial {
  if (user.tutorialCompleted) return { kind: 'none' };
  if (user.tutorialStep > 0) return { kind: 'resume', step: Math.min(Math.floor(user.tutorialStep), LAST_STEP) };
  if (!seen) return { kind: 'autoStart' };
  return { kind: 'none' };
}

/** The save a transition asks for: a step, or completion. */
interface TutorialSave {
  tutorialStep: number;
  tutorialCompleted?: boolean;
}

export type TutorialAction = 'start' | 'next' | 'back' | 'finish';

/**
 * The state machine. Next moves forward and saves the step (on the last step it finishes); Back moves back and
 * saves (never below 0); finish (skip, close, Finish) goes inactive and saves completed with step 9; start restarts
 * at step 0.
 */
export function transition(
  state: TutorialState,
  action: TutorialAction,
): { state: TutorialState; save: TutorialSave | null } {
  switch (action) {
    case 'start':
      return { state: { active: true, step: 0 }, save: null };
    case 'next':
      if (!state.active) return { state, save: null };
      if (state.step >= LAST_STEP) return transition(state, 'finish');
      return { state: { active: true, step: state.step + 1 }, save: { tutorialStep: state.step + 1 } };
    case 'back':
      if (!state.active || state.step <= 0) return { state, save: null };
      return { state: { active: true, step: state.step - 1 }, save: { tutorialStep: state.step - 1 } };
    case 'finish':
      return {
        state: { active: false, step: state.step },
        save: { tutorialCompleted: true, tutorialStep: COMPLETED_STEP },
      };
  }
}

export function readTutorialSeen(): boolean {
  try {
    return window.localStorage.getItem(TUTORIAL_SEEN_KEY) !== null;
  } catch {
    return false;
  }
}

export function writeTutorialSeen(): void {
  try {
    window.localStorage.setItem(TUTORIAL_SEEN_KEY, 'true');
  } catch {
    // Storage blocked: the server's tutorialCompleted still keeps it from starting again.
  }
}
