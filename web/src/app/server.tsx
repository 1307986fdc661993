import { renderToString } from 'react-dom/server';
import { ApolloClient, ApolloLink, Observable } from '@apollo/client';
import { AppTree } from './AppTree';
import { PRELOADED_QUERIES, restorePreloadedAnswers } from './preload';
import { preloadSignedIn } from './routes';
import { createCache } from '../ui/cache';
import { isPhone, SERVER_RENDER_ATTRIBUTE } from '../lib/pageHints';

/** What the server render reads of the request. */
export interface PageRequest {
  path: string;
  /** The Cookie header. */
  cookie: string;
  /** The User-Agent and Sec-CH-UA-Mobile headers: a phone gets the phone's layout. */
  userAgent?: string;
  mobileHint?: string;
  /** The page's script nonce, for the colour mode's inline script (ui/color-mode.tsx). */
  nonce?: string;
}

/**
 * The server's render of a signed-in page's first screen (built to dist-server/ by vite.server.config.ts, called by
 * the API's api/src/web-app.ts): the page then shows its screen as soon as its HTML arrives, instead of after its
 * scripts, and the browser's first render takes that markup over (main.tsx, hydrateRoot).
 *
 * It renders the same tree as the browser (AppTree), from the same answers the page carries (app/preload.ts) and
 * the same hints (lib/pageHints.ts). It never fetches: a query the page does not carry renders its loading state,
 * as in the browser's first render, which then asks for it.
 *
 * Answers the page's root element (`<div id="root" ...>`), or null when the browser should render the page itself,
 * as without a server render: a path whose screen's data the page does not carry (every screen but the home feed
 * shows a loading state first, and this saves nothing there), or a screen that needs more (a lazy part not loaded,
 * an error).
 */
export async function renderFirstScreen(
  { path, cookie, userAgent, mobileHint, nonce }: PageRequest,
  answers: unknown,
): Promise<string | null> {
  const screenQueries = PRELOADED_QUERIES.filter((q) => q.path === path);
  const everyPage = PRELOADED_QUERIES.filter((q) => q.path === null).length;
  if (!screenQueries.length || !Array.isArray(answers) || answers.length !== everyPage + screenQueries.length)
    return null;
  await preloadSignedIn(path);
  const client = new ApolloClient({
    cache: createCache(),
    ssrMode: true,
    link: new ApolloLink(() => new Observable(() => undefined)),
  });
  if (restorePreloadedAnswers(client.cache, answers) !== answers.length) return null;
  const phone = isPhone(userAgent, mobileHint);
  // Lists show their first items only, as in the browser's first render (lib/firstScreen.ts: a server render
  // counts as taking markup over, useHydrating).
  let html: string;
  try {
    html = renderToString(<AppTree client={client} location={path} hints={{ cookie, phone, nonce }} />);
  } finally {
    client.stop();
  }
  // A part that suspended or failed was rendered as a boundary left to the browser: let the browser render it all.
  if (html.includes('<!--$!-->') || html.includes('<!--$?-->')) return null;
  return `<div id="root" ${SERVER_RENDER_ATTRIBUTE}="${phone ? 'phone' : 'computer'}">${html}</div>`;
}
