import { ApolloClient, ApolloLink, HttpLink } from '@apollo/client';
import { getMainDefinition } from '@apollo/client/utilities';
import type { ClientOptions } from 'graphql-ws/client';
import { defer, mergeMap } from 'rxjs';
import { refetchMissedNotifications } from '../features/notifications';
import { createCache } from '../ui/cache';
import { restorePreloaded } from './preload';

function wsUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/graphql`;
}

/**
 * The wait before reconnect number `retries` (0-based): doubling from 1 s, capped at 30 s, randomised so clients spread
 * out.
 */
export function reconnectDelayMs(retries: number, random: () => number = Math.random): number {
  return Math.round(Math.min(30_000, 1_000 * 2 ** Math.min(retries, 15)) * (0.5 + random() / 2));
}

/**
 * How the live link behaves when the API or its database goes away: it reconnects forever, with backoff (graphql-ws
 * would otherwise give up after one failed attempt, or wait hours after a few), and after a reconnect
 * `onReconnected` fetches what the subscriptions missed meanwhile.
 */
/** The close code with which the server ends the sockets of a session that ended (api kernel/websocket.ts). */
const SESSION_ENDED_CLOSE_CODE = 4401;

export function liveLinkOptions(
  onReconnected: () => void,
  onSessionEnded: () => void = () => undefined,
): Omit<ClientOptions, 'url'> {
  return {
    lazy: true, // the socket opens on the first subscription and closes when none remain
    retryAttempts: Infinity,
    // Any failure is worth another try: a refused connection (API down) is an error event, not a close event.
    shouldRetry: () => true,
    retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, reconnectDelayMs(retries))),
    on: {
      connected: (_socket, _payload, wasRetry) => {
        if (wasRetry) onReconnected();
      },
      // The server ended this session (signed out elsewhere, suspended, deleted): ask who is signed in now, so the
      // open page leaves the app for the landing screen at once rather than at its next request.
      closed: (event) => {
        if ((event as { code?: number } | undefined)?.code === SESSION_ENDED_CLOSE_CODE) onSessionEnded();
      },
    },
  };
}

/**
 * The subscription link, with graphql-ws, loaded on the first subscription: not among the scripts a slow line must
 * fetch before the first screen shows. graphql-ws is lazy too: the socket opens on the first subscription and
 * closes when none remain (see liveLinkOptions).
 */
export function lazyWsLink(
  options: Omit<ClientOptions, 'url'>,
  load = () => Promise.all([import('@apollo/client/link/subscriptions'), import('graphql-ws/client')]),
): ApolloLink {
  let link: Promise<ApolloLink> | undefined;
  const wsLink = () =>
    (link ??= load().then(
      ([{ GraphQLWsLink }, { createClient }]) => new GraphQLWsLink(createClient({ url: wsUrl, ...options })),
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
  const wsLink = lazyWsLink(
    liveLinkOptions(
      () => void refetchMissedNotifications(client),
      () => void client.refetchQueries({ include: ['Me'] }).catch(() => undefined),
    ),
  );
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
  const client = new ApolloClient({
    link,
    cache,
    defaultOptions: {
      // Spec 000 section 7: no polling, no refetch on focus; data refreshes after the related change.
      watchQuery: { fetchPolicy: 'cache-first' },
    },
  });
  return client;
}
