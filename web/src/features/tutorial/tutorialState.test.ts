import { describe, expect, it } from 'vitest';
import { TUTORIAL_STEPS } from './steps';
import { COMPLETED_STEP, LAST_STEP, initialTutorial, transition } from './tutorialState';

describe('tutorial steps', () => {
  it('has the nine steps of the spec, centred at both ends', () => {
    expect(TUTORIAL_STEPS.map((s) => s.id)).toEqual([
      'welcome',
      'sidebar',
      'home-feed',
      'create-post',
      'explore',
      'messages',
      'features',
      'profile',
      'complete',
    ]);
    expect(TUTORIAL_STEPS[0].position).toBe('center');
    expect(TUTORIAL_STEPS[8]).toMatchObject({ position: 'center', title: "You're All Set!" });
    expect(TUTORIAL_STEPS[6].description).toContain('choose up to 5 features');
    expect(TUTORIAL_STEPS[7].position).toBe('left');
    expect(TUTORIAL_STEPS.filter((s) => s.path).map((s) => s.path)).toEqual(['/', '/', '/explore', '/messages']);
  });
});

describe('initialTutorial', () => {
  it('auto-starts only when incomplete, at step 0 and not seen here', () => {
    expect(initialTutorial({ tutorialCompleted: false, tutorialStep: 0 }, false)).toEqual({ kind: 'autoStart' });
    expect(initialTutorial({ tutorialCompleted: false, tutorialStep: 0 }, true)).toEqual({ kind: 'none' });
    expect(initialTutorial({ tutorialCompleted: true, tutorialStep: 0 }, false)).toEqual({ kind: 'none' });
  });

  it('resumes an incomplete tutorial at its stored step, even when seen', () => {
    expect(initialTutorial({ tutorialCompleted: false, tutorialStep: 3 }, false)).toEqual({ kind: 'resume', step: 3 });
    expect(initialTutorial({ tutorialCompleted: false, tutorialStep: 5 }, true)).toEqual({ kind: 'resume', step: 5 });
    expect(initialTutorial({ tutorialCompleted: false, tutorialStep: 42 }, false)).toEqual({
      kind: 'resume',
      step: LAST_STEP,
    });
    expect(initialTutorial({ tutorialCompleted: true, tutorialStep: 4 }, false)).toEqual({ kind: 'none' });
  });
});

describe('transition', () => {
  const at = (step: number) => ({ active: true, step });

  it('moves forward and saves the step', () => {
    expect(transition(at(0), 'next')).toEqual({ state: at(1), save: { tutorialStep: 1 } });
    expect(transition(at(7), 'next')).toEqual({ state: at(8), save: { tutorialStep: 8 } });
  });

  it('cannot go back from step 0; otherwise moves back and saves', () => {
    expect(transition(at(0), 'back')).toEqual({ state: at(0), save: null });
    expect(transition(at(4), 'back')).toEqual({ state: at(3), save: { tutorialStep: 3 } });
  });

  it('completes when going forward from the last step: inactive, completed, step 9', () => {
    expect(transition(at(LAST_STEP), 'next')).toEqual({
      state: { active: false, step: LAST_STEP },
      save: { tutorialCompleted: true, tutorialStep: 9 },
    });
    expect(COMPLETED_STEP).toBe(9);
  });

  it('finishes (skip, close) from any step with completed and step 9', () => {
    expect(transition(at(2), 'finish')).toEqual({
      state: { active: false, step: 2 },
      save: { tutorialCompleted: true, tutorialStep: 9 },
    });
  });

  it('restarts at step 0', () => {
    expect(transition({ active: false, step: 5 }, 'start')).toEqual({ state: at(0), save: null });
  });

  it('ignores next and back while inactive', () => {
    expect(transition({ active: false, step: 3 }, 'next').save).toBeNull();
    expect(transition({ active: false, step: 3 }, 'back').save).toBeNull();
  });
});
