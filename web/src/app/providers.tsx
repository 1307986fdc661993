import { useState, type ReactNode } from 'react';
import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
import { BrowserRouter } from 'react-router';
import { createApolloClient } from './apollo';
import { ColorModeProvider } from './color-mode';
import { system } from './theme';
import { Toaster } from './toaster';

/** Chakra (with next-themes colour mode) and the toaster; shared by the app and by tests. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <ColorModeProvider>
        {children}
        <Toaster />
      </ColorModeProvider>
    </ChakraProvider>
  );
}

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
