import { useState, type ReactNode } from 'react';
import { ApolloProvider } from '@apollo/client/react';
import { BrowserRouter } from 'react-router';
import { createApolloClient } from './apollo';
import { UiProvider } from '../ui/UiProvider';

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(createApolloClient);
  return (
    <ApolloProvider client={client}>
      <UiProvider>
        <BrowserRouter>{children}</BrowserRouter>
      </UiProvider>
    </ApolloProvider>
  );
}
