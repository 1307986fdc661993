import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';

/**
 * What the server knew of the browser when it rendered the page's first screen (app/server.tsx): the request's
 * cookies, and whether it came from a phone. The server renders with them, and the browser's first render, which
 * takes over that markup (hydration), reads the same values, so both draw the same screen; hooks then follow what
 * the browser itself reports. Null outside a server-rendered page.
 */
export interface PageHints {
  cookie: string;
  phone: boolean;
  /** The page's script nonce (its Content-Security-Policy), for the colour mode's inline script; server only. */
  nonce?: string;
}

export const PageHintsContext = createContext<PageHints | null>(null);

export function usePageHints(): PageHints | null {
  return useContext(PageHintsContext);
}

const noSubscription = () => () => undefined;
const inBrowser = () => false;
const onServer = () => true;

/**
 * True while the server renders and while the browser takes server markup over, false in any other render: a
 * component whose first render would read the browser's state renders what the server did meanwhile.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(noSubscription, inBrowser, onServer);
}

/** Whether a request's headers come from a phone (Chromium's client hint, else the user agent's "Mobi"/iPhone). */
export function isPhone(userAgent: string | undefined, mobileHint: string | undefined): boolean {
  if (mobileHint === '?1') return true;
  if (mobileHint === '?0') return false;
  return /Mobi|iPhone|Android.+Mobile/i.test(userAgent ?? '');
}

/** The viewport width a server render assumes: a common phone's, or a common laptop's. */
const ASSUMED_WIDTH = { phone: 390, computer: 1280 } as const;

/**
 * What a width query (`(max-width: 767.98px)`, `(min-width: 1536px)`) answers in a server render, for the width it
 * assumes (ASSUMED_WIDTH); any other query does not hold.
 */
export function guessMedia(query: string, phone: boolean): boolean {
  const match = /^\s*\(\s*(min|max)-width\s*:\s*([\d.]+)px\s*\)\s*$/.exec(query);
  if (!match) return false;
  const width = phone ? ASSUMED_WIDTH.phone : ASSUMED_WIDTH.computer;
  return match[1] === 'min' ? width >= Number(match[2]) : width <= Number(match[2]);
}

/** The root element's attribute that says the server rendered the page, and for which device: "phone" or "computer". */
export const SERVER_RENDER_ATTRIBUTE = 'data-server-render';

/**
 * Rendered last in the screen's Suspense boundary (shell/SignedInLayout.tsx), the one React takes over last: once it
 * mounts, the server's markup is the app's, and the root element loses SERVER_RENDER_ATTRIBUTE (browser tests wait
 * for that before they act on a page).
 */
export function ServerRenderEnd() {
  useEffect(() => {
    document.getElementById('root')?.removeAttribute(SERVER_RENDER_ATTRIBUTE);
  }, []);
  return null;
}
