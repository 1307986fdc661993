import { ApolloClient, ApolloLink, HttpLink } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { getMainDefinition } from '@apollo/client/utilities';
import { createClient } from 'graphql-ws';
import { createCache } from '../ui/cache';
import { restorePreloaded } from './preload';

function wsUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/graphql`;
}

/** One client for the app: queries and mutations over HTTP, subscriptions over graphql-ws. */
export function createApolloClient(): ApolloClient {
  // Apollo's CSRF prevention on the server is satisfied by the JSON content type HttpLink sends on POSTs.
  const httpLink = new HttpLink({ uri: '/graphql', credentials: 'include' });
  // graphql-ws is lazy: the socket opens on the first subscription and closes when none remain.
  const wsLink = new GraphQLWsLink(createClient({ url: wsUrl, lazy: true, retryAttempts: Infinity }));
  const link = ApolloLink.split(
    ({ query }) => {
      const definition = getMainDefinition(query);
      return definition.kind === 'OperationDefinition' && definition.operation === 'subscription';
    },
    wsLink,
    httpLink,
  );
  const cache = createCache();
  // What the server answered inside index.html (the session, the first screen's first page): no round trip.
  restorePreloaded(cache);
  return new ApolloClient({
    link,
    cache,
    defaultOptions: {
      // Spec 000 section 7: no polling, no refetch on focus; data refreshes after the related change.
      watchQuery: { fetchPolicy: 'cache-first' },
    },
  });
}
