import { startTransition, useEffect, useState } from 'react';
import { useHydrating } from './pageHints';

/**
 * The page's first screen. A signed-in page arrives with its first screen's data (app/preload.ts), so the app's
 * first render draws the whole home feed at once, and on a slow line that render comes after the scripts, in one
 * long task. A list rendered in that first render shows its first items at once and the rest right after the
 * frame is painted (tests/bench/web.bench.ts, "first post visible"): ten post cards cost about a quarter of the feed's
 * first render. Lists mounted later (a screen opened from the menu, Back) render whole, as before.
 */
let pending = false;

/** Called by main.tsx before the app's first render. */
export function startFirstScreen(): void {
  pending = true;
}

/** Called once the app's first render is committed (main.tsx): lists mounted from then on render whole. */
export function endFirstScreen(): void {
  pending = false;
}

/** How many items a list shows in the first render of the page; enough to fill a tall screen with post cards. */
export const FIRST_SCREEN_ITEMS = 3;

/**
 * The items a list renders now: in the page's first render only the first `count`, then all of them in a
 * transition started after that frame is painted (a frame callback runs before the paint, its timer after it).
 * `complete` is false while some are held back: a list keeps its "load more" sentinel and footer until then, so
 * the short list does not ask for the next page.
 */
export function useFirstScreenItems<T>(
  items: readonly T[],
  count = FIRST_SCREEN_ITEMS,
): { items: readonly T[]; complete: boolean } {
  // A server-rendered page is taken over part by part (a Suspense boundary after the app around it), possibly after
  // the first render ended: while React takes the server's markup over, the list renders what the server did.
  const hydrating = useHydrating();
  const [partial, setPartial] = useState(() => pending || hydrating);
  useEffect(() => {
    if (!partial) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPartial(false)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [partial]);
  if (!partial || items.length <= count) return { items, complete: true };
  return { items: items.slice(0, count), complete: false };
}
