import { describe, expect, it } from 'vitest';
import {
  ANCHORED_WIDTH,
  CENTERED_WIDTH,
  GAP,
  MARGIN,
  placeCard,
  SCROLL_OFFSET,
  scrollToFit,
  type Box,
  type CardPlacement,
} from './placement';
import { stepForViewport, TUTORIAL_STEPS, type TutorialStep } from './steps';

const overlap = (a: Box, b: Box) =>
  a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;

function expectInside(card: Box, viewport: { width: number; height: number }) {
  expect(card.top).toBeGreaterThanOrEqual(MARGIN);
  expect(card.left).toBeGreaterThanOrEqual(MARGIN);
  expect(card.top + card.height).toBeLessThanOrEqual(viewport.height - MARGIN);
  expect(card.left + card.width).toBeLessThanOrEqual(viewport.width - MARGIN);
}

function anchored(p: CardPlacement) {
  if (p.centered) throw new Error('expected the card beside its target, got it centred');
  return p;
}

describe('placeCard', () => {
  const viewport = { width: 1280, height: 800 };
  const target = { top: 100, left: 500, width: 100, height: 40 };

  it('centres a 400 px card for centre steps, a missing target and a target off screen', () => {
    expect(placeCard({ target, position: 'center', viewport, cardHeight: 200 })).toEqual({
      centered: true,
      width: CENTERED_WIDTH,
    });
    expect(placeCard({ target: null, position: 'bottom', viewport, cardHeight: 200 })).toEqual({
      centered: true,
      width: CENTERED_WIDTH,
    });
    expect(placeCard({ target: { ...target, top: 900 }, position: 'bottom', viewport, cardHeight: 200 })).toEqual({
      centered: true,
      width: CENTERED_WIDTH,
    });
    expect(
      placeCard({ target: null, position: 'right', viewport: { width: 375, height: 700 }, cardHeight: 200 }),
    ).toEqual({
      centered: true,
      width: 343,
    });
  });

  it('puts a 350 px card 20 px from the target on the step side, with the highlight around the target', () => {
    const base = { target, viewport, cardHeight: 200 };
    expect(placeCard({ ...base, position: 'bottom' })).toMatchObject({
      side: 'bottom',
      width: ANCHORED_WIDTH,
      top: 140 + GAP,
      left: 375,
    });
    expect(placeCard({ ...base, position: 'right' })).toMatchObject({ side: 'right', top: 120 - 100, left: 600 + GAP });
    expect(placeCard({ ...base, position: 'left' })).toMatchObject({ side: 'left', left: 500 - GAP - ANCHORED_WIDTH });
    expect(
      placeCard({ ...base, target: { top: 500, left: 500, width: 100, height: 40 }, position: 'top' }),
    ).toMatchObject({
      side: 'top',
      top: 500 - GAP - 200,
    });
    expect(anchored(placeCard({ ...base, position: 'bottom' })).highlight).toEqual({
      top: 94,
      left: 494,
      width: 112,
      height: 52,
    });
  });

  it('goes to the opposite side, then across, rather than over the target', () => {
    // No room above a target near the top: below it instead (it used to be pushed down over the target).
    expect(placeCard({ target, viewport, cardHeight: 200, position: 'top' })).toMatchObject({
      side: 'bottom',
      top: 140 + GAP,
    });
    // Neither above nor below a tall target: beside it.
    const tall = { top: 60, left: 300, width: 200, height: 700 };
    expect(placeCard({ target: tall, viewport, cardHeight: 300, position: 'bottom' })).toMatchObject({
      side: 'right',
      left: 500 + GAP,
    });
  });

  it('highlights only the part of a target too large to sit beside, and keeps the card off that part', () => {
    const feed = { top: 80, left: 12, width: 366, height: 2700 };
    const phone = { width: 390, height: 844 };
    const p = anchored(placeCard({ target: feed, viewport: phone, cardHeight: 280, position: 'bottom' }));
    expect(p.partial).toBe(true);
    expect(p.side).toBe('bottom');
    expect(p.highlight.top).toBe(74);
    expect(p.highlight.top + p.highlight.height).toBe(844 - MARGIN - 280 - GAP + 6);
    expect(overlap(p, p.highlight)).toBe(false);
    expectInside(p, phone);
  });
});

describe('scrollToFit', () => {
  const phone = { width: 390, height: 844 };

  it('leaves a target alone when the card fits beside it', () => {
    expect(
      scrollToFit({
        target: { top: 10, left: 342, width: 36, height: 36 },
        position: 'bottom',
        viewport: phone,
        cardHeight: 300,
      }),
    ).toBe(0);
    expect(
      scrollToFit({
        target: { top: 10, left: 342, width: 36, height: 36 },
        position: 'center',
        viewport: phone,
        cardHeight: 300,
      }),
    ).toBe(0);
  });

  it('brings a target that barely shows to just under the top bar', () => {
    expect(
      scrollToFit({
        target: { top: 746, left: 12, width: 366, height: 2732 },
        position: 'bottom',
        viewport: phone,
        cardHeight: 276,
      }),
    ).toBe(746 - SCROLL_OFFSET);
    expect(
      scrollToFit({
        target: { top: 1200, left: 12, width: 366, height: 100 },
        position: 'bottom',
        viewport: phone,
        cardHeight: 276,
      }),
    ).toBe(1200 - SCROLL_OFFSET);
  });

  it('scrolls up a target that shows but fits beside the card only once scrolled', () => {
    expect(
      scrollToFit({
        target: { top: 313, left: 12, width: 366, height: 259 },
        position: 'bottom',
        viewport: phone,
        cardHeight: 309,
      }),
    ).toBe(313 - SCROLL_OFFSET);
    // Would not fit even then: nothing gained by scrolling.
    expect(
      scrollToFit({
        target: { top: 300, left: 12, width: 366, height: 700 },
        position: 'bottom',
        viewport: phone,
        cardHeight: 309,
      }),
    ).toBe(0);
  });
});

/**
 * Every step's target as the demo app lays it out before any scrolling (measured in Chromium with the demo data),
 * and the card heights measured there, plus a margin for longer words or larger fonts. Fixed elements (the sidebar,
 * the bottom bar, the top bar's buttons) do not move when the page scrolls.
 */
const FIXED = true;
const SCROLLS = false;
/** A target: top, left, width, height, and whether it stays put when the page scrolls. */
type Measured = readonly [number, number, number, number, boolean];

const SCREENS = {
  desktop: {
    viewport: { width: 1440, height: 900 },
    mobile: false,
    cardHeights: [309, 276, 276, 309, 234, 234, 297, 276, 288],
    targets: {
      '[data-tour="sidebar"]': [0, 0, 256, 900, FIXED],
      '[data-tour="home-feed"]': [702, 536, 624, 2947, SCROLLS],
      '[data-tour="create-post"]': [353, 536, 624, 175, SCROLLS],
      '[data-tour="nav-explore"]': [10, 971, 101, 36, FIXED],
      '[data-tour="nav-messages"]': [10, 1076, 118, 36, FIXED],
      '[data-tour="my-features"]': [412, 8, 239, 324, FIXED],
      '[data-tour="user-avatar"]': [10, 1382, 42, 36, FIXED],
    },
  },
  phone: {
    viewport: { width: 390, height: 844 },
    mobile: true,
    cardHeights: [309, 318, 276, 309, 255, 255, 297, 297, 288],
    targets: {
      '[data-tour="mobile-menu"]': [10, 342, 36, 36, FIXED],
      '[data-tour="home-feed"]': [746, 12, 366, 2732, SCROLLS],
      '[data-tour="create-post"]': [313, 12, 366, 259, SCROLLS],
      '[data-tour="bottom-explore"]': [785, 234, 78, 59, FIXED],
      '[data-tour="bottom-messages"]': [785, 312, 78, 59, FIXED],
    },
  },
} as const;

type Screen = (typeof SCREENS)[keyof typeof SCREENS];

function targetOf(step: TutorialStep, screen: Screen): { box: Box; fixed: boolean } | null {
  const targets: Record<string, Measured> = screen.targets;
  const selector = step.target?.find((s) => s in targets);
  if (!selector) return null;
  const [top, left, width, height, fixed] = targets[selector];
  return { box: { top, left, width, height }, fixed };
}

describe.each(Object.entries(SCREENS))('every step on the %s screen', (_name, screen) => {
  const { viewport } = screen;
  it.each(TUTORIAL_STEPS.map((step, i) => [step.id, i] as const))('%s: the card never covers its target', (_id, i) => {
    const step = stepForViewport(TUTORIAL_STEPS[i], screen.mobile);
    if (step.position === 'center') {
      expect(
        placeCard({ target: null, position: 'center', viewport, cardHeight: screen.cardHeights[i] }).centered,
      ).toBe(true);
      return;
    }
    const found = targetOf(step, screen);
    expect(found, `a target for ${step.id} on this screen`).not.toBeNull();
    for (const cardHeight of [screen.cardHeights[i], screen.cardHeights[i] + 60]) {
      let box = found!.box;
      const delta = scrollToFit({ target: box, position: step.position, viewport, cardHeight });
      if (found!.fixed) expect(delta).toBe(0);
      else box = { ...box, top: box.top - delta };
      const p = anchored(placeCard({ target: box, position: step.position, viewport, cardHeight }));
      expectInside(p, viewport);
      expect(overlap(p, p.highlight)).toBe(false);
      // The whole target is highlighted, or (a feed longer than the screen) at least 200 px of it from its top.
      const visibleHeight = Math.min(box.top + box.height, viewport.height) - Math.max(box.top, 0);
      if (p.partial) {
        expect(p.highlight.top).toBeLessThanOrEqual(box.top);
        expect(p.highlight.height).toBeGreaterThanOrEqual(200);
      } else {
        expect(p.highlight.height).toBeGreaterThanOrEqual(Math.min(visibleHeight, viewport.height - 4));
        expect(overlap(p, box)).toBe(false);
      }
    }
  });
});

describe('steps on a phone', () => {
  it('speak of the menu button and the bottom bar, never of the sidebar, Ctrl+B or the avatar menu', () => {
    for (const step of TUTORIAL_STEPS) {
      const phone = stepForViewport(step, true);
      expect(phone.description, step.id).not.toMatch(/sidebar|ctrl|cmd|avatar|profile menu/i);
      expect(phone.title, step.id).not.toMatch(/sidebar|navigation menu/i);
      expect(phone.target ?? [], step.id).not.toContain('[data-tour="sidebar"]');
    }
    expect(stepForViewport(TUTORIAL_STEPS[1], true).description).toMatch(/menu button at the top right/);
    expect(stepForViewport(TUTORIAL_STEPS[1], true).description).toMatch(/bar at the bottom/);
    expect(stepForViewport(TUTORIAL_STEPS[6], true).description).toContain('choose up to 5 features');
  });

  it('keep the desktop texts on a wide screen', () => {
    expect(stepForViewport(TUTORIAL_STEPS[1], false).description).toContain('Ctrl+B');
    expect(stepForViewport(TUTORIAL_STEPS[1], false).target).toEqual(['[data-tour="sidebar"]']);
  });
});
