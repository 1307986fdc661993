import { useCallback, useSyncExternalStore } from 'react';
import { guessMedia, usePageHints } from './pageHints';

/** Below 768 px of width the interface counts as mobile (spec 000 section 1). */
export const MOBILE_QUERY = '(max-width: 767.98px)';

/** Whether a media query applies now (false where the browser has no matchMedia). */
export function matchesMedia(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/**
 * The one media-query hook of the web app: whether `query` applies, kept up to date as it changes. In a
 * server-rendered page (lib/pageHints.ts) the first render answers what the server guessed from the request.
 */
export function useMediaQuery(query: string): boolean {
  const hints = usePageHints();
  const subscribe = useCallback(
    (listener: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const mql = window.matchMedia(query);
      mql.addEventListener?.('change', listener);
      return () => mql.removeEventListener?.('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => matchesMedia(query),
    () => (hints ? guessMedia(query, hints.phone) : false),
  );
}

/** Phones: below 768 px. */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}
