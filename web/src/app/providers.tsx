import { useState, type ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { BrowserRouter, StaticRouter } from 'react-router';
import { createApolloClient } from './apollo';
import { UiProvider } from '../ui/UiProvider';

/**
 * The app's providers. In the browser: its own Apollo client and the address bar's route. A server render
 * (app/server.tsx) passes the request's client and path.
 */
export function Providers({
  children,
  client: given,
  location,
}: {
  children: ReactNode;
  client?: ApolloClient;
  location?: string;
}) {
  const [client] = useState(() => given ?? createApolloClient());
  return (
    <ApolloProvider client={client}>
      <UiProvider>
        {location === undefined ? (
          <BrowserRouter>{children}</BrowserRouter>
        ) : (
          <StaticRouter location={location}>{children}</StaticRouter>
        )}
      </UiProvider>
    </ApolloProvider>
  );
}
