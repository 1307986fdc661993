import { StrictMode, useEffect } from 'react';
import type { ApolloClient } from '@apollo/client';
import { App } from './App';
import { Providers } from './providers';
import { endFirstScreen } from '../lib/firstScreen';
import { PageHintsContext, type PageHints } from '../lib/pageHints';

/** Ends the page's first screen once the first render is committed (lib/firstScreen.ts). */
function FirstScreenEnd() {
  useEffect(endFirstScreen, []);
  return null;
}

/**
 * The whole app, as the browser renders it (main.tsx) and as the server renders a page's first screen
 * (app/server.tsx): one tree, so that the browser's first render matches the server's markup.
 */
export function AppTree({
  client,
  location,
  hints = null,
}: {
  client?: ApolloClient;
  location?: string;
  hints?: PageHints | null;
}) {
  return (
    <StrictMode>
      <PageHintsContext.Provider value={hints}>
        <Providers client={client} location={location}>
          <App />
          <FirstScreenEnd />
        </Providers>
      </PageHintsContext.Provider>
    </StrictMode>
  );
}
