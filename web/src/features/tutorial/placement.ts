import type { TutorialPosition } from './steps';

/** Spec 000 section 9: card 400 px wide when centred, 350 px when anchored, 20 px from its target. */
export const CENTERED_WIDTH = 400;
export const ANCHORED_WIDTH = 350;
export const GAP = 20;
/** The card never touches the window's edges. */
export const MARGIN = 16;

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export type CardPlacement = { centered: true; width: number } | { centered: false; top: number; left: number; width: number };

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(value, Math.max(min, max)));

/**
 * Where the card goes: centred for centre steps, when the target is missing, and always on mobile; otherwise on the
 * step's side of the target at a 20 px gap, kept inside the window.
 */
export function placeCard({
  target,
  position,
  viewport,
  cardHeight,
  mobile,
}: {
  target: Box | null;
  position: TutorialPosition;
  viewport: { width: number; height: number };
  cardHeight: number;
  mobile: boolean;
}): CardPlacement {
  if (mobile || position === 'center' || !target) {
    return { centered: true, width: Math.min(CENTERED_WIDTH, viewport.width - 2 * MARGIN) };
  }
  const width = Math.min(ANCHORED_WIDTH, viewport.width - 2 * MARGIN);
  const centreX = target.left + target.width / 2 - width / 2;
  const centreY = target.top + target.height / 2 - cardHeight / 2;
  let top: number;
  let left: number;
  switch (position) {
    case 'top':
      top = target.top - GAP - cardHeight;
      left = centreX;
      break;
    case 'bottom':
      top = target.top + target.height + GAP;
      left = centreX;
      break;
    case 'left':
      top = centreY;
      left = target.left - GAP - width;
      break;
    case 'right':
      top = centreY;
      left = target.left + target.width + GAP;
      break;
  }
  return {
    centered: false,
    width,
    top: clamp(top, MARGIN, viewport.height - cardHeight - MARGIN),
    left: clamp(left, MARGIN, viewport.width - width - MARGIN),
  };
}

/** The first element matching one of the selectors, in the order given. */
export function findTarget(selectors: readonly string[] | undefined, root: ParentNode = document): HTMLElement | null {
  for (const selector of selectors ?? []) {
    const element = root.querySelector<HTMLElement>(selector);
    if (element) return element;
  }
  return null;
}
