import { createContext, useContext } from 'react';
import type { TutorialStep } from './steps';

export interface TutorialContextValue {
  isActive: boolean;
  /** 0 to 8. */
  currentStep: number;
  totalSteps: number;
  step: TutorialStep;
  steps: readonly TutorialStep[];
  /** Restarts the tutorial at step 0. */
  start: () => void;
  next: () => void;
  back: () => void;
  /** Skip, close: ends the tutorial and marks it completed. */
  skip: () => void;
  /** Finish: the same as skip, from the last step. */
  complete: () => void;
}

export const TutorialContext = createContext<TutorialContextValue | null>(null);

/** The tutorial's state and actions. Throws outside a TutorialProvider (spec 000 section 8). */
export function useTutorial(): TutorialContextValue {
  const value = useContext(TutorialContext);
  if (!value) throw new Error('useTutorial must be used within a TutorialProvider');
  return value;
}

/** The same, or null outside a provider (for shell parts also rendered on their own). */
export function useOptionalTutorial(): TutorialContextValue | null {
  return useContext(TutorialContext);
}
