import { ApolloClient, ApolloLink, HttpLink } from '@apollo/client';
import { getMainDefinition } from '@apollo/client/utilities';
import { defer, mergeMap } from 'rxjs';
import { createCache } from '../ui/cache';
import { restorePreloaded } from './preload';

function wsUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/graphql`;
}

/**
 * The subscription link, with graphql-ws, loaded on the first subscription: not among the scripts a slow line must
 * fetch before the first screen shows. graphql-ws is lazy too: the socket opens on the first subscription and
 * closes when none remain.
 */
export function lazyWsLink(load = () => Promise.all([import('@apollo/client/link/subscriptions'), import('graphql-ws/client')])): ApolloLink {
  let link: Promise<ApolloLink> | undefined;
  const wsLink = () =>
    (link ??= load().then(
      ([{ GraphQLWsLink }, { createClient }]) => new GraphQLWsLink(createClient({ url: wsUrl, lazy: true, retryAttempts: Infinity })),
      (err: unknown) => {
        link = undefined; // a failed download is tried again on the next subscription
        throw err;
      },
    ));
  return new ApolloLink((operation, forward) => defer(wsLink).pipe(mergeMap((ws) => ws.request(operation, forward))));
}

/** One client for the app: queries and mutations over HTTP, subscriptions over graphql-ws. */
export function createApolloClient(): ApolloClient {
  // Apollo's CSRF prevention on the server is satisfied by the JSON content type HttpLink sends on POSTs.
  const httpLink = new HttpLink({ uri: '/graphql', credentials: 'include' });
  const wsLink = lazyWsLink();
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
