import { useSyncExternalStore } from 'react';

/** Below 768 px of width the interface counts as mobile (spec 000 section 1). */
export const MOBILE_QUERY = '(max-width: 767.98px)';

function subscribe(listener: () => void): () => void {
  const mql = window.matchMedia(MOBILE_QUERY);
  mql.addEventListener?.('change', listener);
  return () => mql.removeEventListener?.('change', listener);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}
