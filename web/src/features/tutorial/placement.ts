import type { TutorialPosition } from './steps';

/** Spec 000 section 9: card 400 px wide when centred, 350 px when anchored, 20 px from its target. */
export const CENTERED_WIDTH = 400;
export const ANCHORED_WIDTH = 350;
export const GAP = 20;
/** The card never touches the window's edges. */
export const MARGIN = 16;
/** The highlight box is this much larger than the target on every side (less than GAP, so the card stays clear). */
const HIGHLIGHT_PADDING = 6;
/** The highlight never quite touches the window's edges (its border stays visible). */
const EDGE = 2;
/** A target scrolled into view gets its top this far below the window's top: clear of a sticky top bar. */
export const SCROLL_OFFSET = 80;
/** A target showing less than this much of itself is scrolled into view. */
const MIN_VISIBLE = 160;
/** When only part of a target can be highlighted beside the card, at least this much of it. */
const MIN_SPOT = 48;

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export type Side = Exclude<TutorialPosition, 'center'>;

export type CardPlacement =
  | { centered: true; width: number }
  | {
      centered: false;
      side: Side;
      top: number;
      left: number;
      width: number;
      height: number;
      highlight: Box;
      /** Only part of the target is highlighted (it is too large for the card to sit beside all of it). */
      partial: boolean;
    };

interface Viewport {
  width: number;
  height: number;
}

/** A step's target (its box on screen, or null), its position, the window and the card's height. */
export interface Layout {
  target: Box | null;
  position: TutorialPosition;
  viewport: Viewport;
  cardHeight: number;
}

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(value, Math.max(min, max)));

const OPPOSITE: Record<Side, Side> = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' };
const ACROSS: Record<Side, [Side, Side]> = {
  top: ['right', 'left'],
  bottom: ['right', 'left'],
  left: ['bottom', 'top'],
  right: ['bottom', 'top'],
};

/** The step's own side first, then the opposite one, then the two across. */
function sidesToTry(position: Side): Side[] {
  return [position, OPPOSITE[position], ...ACROSS[position]];
}

/** The part of `box` inside the window, or null when none of it is (a zero-sized box inside counts as visible). */
function visiblePart(box: Box, viewport: Viewport): Box | null {
  const top = Math.max(0, box.top);
  const left = Math.max(0, box.left);
  const bottom = Math.min(viewport.height, box.top + box.height);
  const right = Math.min(viewport.width, box.left + box.width);
  if (bottom < top || right < left) return null;
  return { top, left, width: right - left, height: bottom - top };
}

/** The highlight around a target (or the part of it shown): padded, and kept inside the window. */
function highlightBox(rect: Box, viewport: Viewport): Box {
  const top = Math.max(EDGE, rect.top - HIGHLIGHT_PADDING);
  const left = Math.max(EDGE, rect.left - HIGHLIGHT_PADDING);
  const bottom = Math.min(viewport.height - EDGE, rect.top + rect.height + HIGHLIGHT_PADDING);
  const right = Math.min(viewport.width - EDGE, rect.left + rect.width + HIGHLIGHT_PADDING);
  return { top, left, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

/**
 * The card on `side` of `spot` at the 20 px gap, slid along that side to stay in the window; null if it does not fit.
 */
function cardBeside(side: Side, spot: Box, card: { width: number; height: number }, viewport: Viewport) {
  const { width, height } = card;
  if (height > viewport.height - 2 * MARGIN) return null;
  const alongX = clamp(spot.left + spot.width / 2 - width / 2, MARGIN, viewport.width - width - MARGIN);
  const alongY = clamp(spot.top + spot.height / 2 - height / 2, MARGIN, viewport.height - height - MARGIN);
  let top: number;
  let left: number;
  switch (side) {
    case 'bottom':
      top = spot.top + spot.height + GAP;
      left = alongX;
      return top + height <= viewport.height - MARGIN ? { top, left } : null;
    case 'top':
      top = spot.top - GAP - height;
      left = alongX;
      return top >= MARGIN ? { top, left } : null;
    case 'right':
      left = spot.left + spot.width + GAP;
      top = alongY;
      return left + width <= viewport.width - MARGIN ? { top, left } : null;
    case 'left':
      left = spot.left - GAP - width;
      top = alongY;
      return left >= MARGIN ? { top, left } : null;
  }
}

/**
 * The part of a target too large for the card to sit beside it that is highlighted instead: as much of it as leaves
 * room for the card on `side` (a long feed shows its first posts, the card below them). Null when too little is left.
 */
function trimmedFor(side: Side, spot: Box, card: { width: number; height: number }, viewport: Viewport): Box | null {
  const bottom = spot.top + spot.height;
  const right = spot.left + spot.width;
  let trimmed: Box;
  switch (side) {
    case 'bottom':
      trimmed = { ...spot, height: Math.min(spot.height, viewport.height - MARGIN - card.height - GAP - spot.top) };
      break;
    case 'top': {
      const top = Math.max(spot.top, MARGIN + card.height + GAP);
      trimmed = { ...spot, top, height: bottom - top };
      break;
    }
    case 'right':
      trimmed = { ...spot, width: Math.min(spot.width, viewport.width - MARGIN - card.width - GAP - spot.left) };
      break;
    case 'left': {
      const left = Math.max(spot.left, MARGIN + card.width + GAP);
      trimmed = { ...spot, left, width: right - left };
      break;
    }
  }
  const along = side === 'top' || side === 'bottom' ? trimmed.height : trimmed.width;
  return along >= Math.min(MIN_SPOT, side === 'top' || side === 'bottom' ? spot.height : spot.width) ? trimmed : null;
}

/**
 * Where the card goes, so that it never covers what it points at: centred for centre steps and when the target is
 * missing or off screen; otherwise at a 20 px gap on the step's side of the target, or, when that side has no room,
 * the opposite side, then the two across. A target too large for any of them (a long feed) is highlighted only in
 * part, the part that leaves room for the card, tried in the same order. The highlight box is part of the answer.
 */
export function placeCard({ target, position, viewport, cardHeight }: Layout): CardPlacement {
  const centred: CardPlacement = { centered: true, width: Math.min(CENTERED_WIDTH, viewport.width - 2 * MARGIN) };
  const spot = position === 'center' || !target ? null : visiblePart(target, viewport);
  if (position === 'center' || !spot) return centred;
  const card = { width: Math.min(ANCHORED_WIDTH, viewport.width - 2 * MARGIN), height: cardHeight };
  const sides = sidesToTry(position);
  for (const side of sides) {
    const at = cardBeside(side, spot, card, viewport);
    if (at) return { centered: false, side, ...at, ...card, highlight: highlightBox(spot, viewport), partial: false };
  }
  for (const side of sides) {
    const part = trimmedFor(side, spot, card, viewport);
    const at = part && cardBeside(side, part, card, viewport);
    if (part && at)
      return { centered: false, side, ...at, ...card, highlight: highlightBox(part, viewport), partial: true };
  }
  return centred;
}

/**
 * How far to scroll the page before placing the card: a target that shows too little of itself, or that would only
 * fit beside the card once scrolled up, has its top brought to SCROLL_OFFSET. 0 when it is fine where it is (or
 * for centre steps, fixed targets the page cannot move, and targets that would not fit anyway).
 */
export function scrollToFit({ target, position, viewport, cardHeight }: Layout): number {
  if (!target || position === 'center') return 0;
  const visible = visiblePart(target, viewport);
  const showsEnough = !!visible && visible.height >= Math.min(target.height, MIN_VISIBLE);
  const delta = target.top - SCROLL_OFFSET;
  if (!showsEnough) return delta;
  const here = placeCard({ target, position, viewport, cardHeight });
  if (!here.centered && !here.partial) return 0;
  // Worth it only if, scrolled up, the card fits beside the whole target.
  const moved = placeCard({ target: { ...target, top: SCROLL_OFFSET }, position, viewport, cardHeight });
  return !moved.centered && !moved.partial ? delta : 0;
}

/** The first element matching one of the selectors, in the order given. */
export function findTarget(selectors: readonly string[] | undefined, root: ParentNode = document): HTMLElement | null {
  for (const selector of selectors ?? []) {
    const element = root.querySelector<HTMLElement>(selector);
    if (element) return element;
  }
  return null;
}
