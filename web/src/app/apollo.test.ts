import { describe, expect, it, vi } from 'vitest';
import { ApolloClient, ApolloLink, gql } from '@apollo/client';
import { firstValueFrom, of } from 'rxjs';
import { createCache } from '../ui/cache';
import { lazyWsLink, liveLinkOptions, reconnectDelayMs } from './apollo';

const UNREAD = gql`
  subscription Unread {
    unreadCount
  }
`;

/** Stands in for the two modules the link loads: a "websocket" link that answers each subscription once. */
function fakeModules() {
  const createClient = vi.fn(() => ({}));
  class GraphQLWsLink extends ApolloLink {
    constructor() {
      super(() => of({ data: { unreadCount: 3 } }));
    }
  }
  return [{ GraphQLWsLink }, { createClient }] as unknown as [
    typeof import('@apollo/client/link/subscriptions'),
    typeof import('graphql-ws/client'),
  ];
}

const clientWith = (link: ApolloLink) => new ApolloClient({ link, cache: createCache() });

describe('lazyWsLink', () => {
  it('loads graphql-ws on the first subscription only, once for all of them', async () => {
    const load = vi.fn(async () => fakeModules());
    const client = clientWith(lazyWsLink({}, load));
    expect(load).not.toHaveBeenCalled();
    const first = await firstValueFrom(client.subscribe({ query: UNREAD }));
    const second = await firstValueFrom(client.subscribe({ query: UNREAD }));
    expect(first.data).toEqual({ unreadCount: 3 });
    expect(second.data).toEqual({ unreadCount: 3 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the download again on the next subscription after one failed', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockImplementation(async () => fakeModules());
    const client = clientWith(lazyWsLink({}, load));
    const failed = await firstValueFrom(client.subscribe({ query: UNREAD }));
    expect(failed.error?.message).toMatch(/offline/);
    const next = await firstValueFrom(client.subscribe({ query: UNREAD }));
    expect(next.data).toEqual({ unreadCount: 3 });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('the live link (graphql-ws) after the API or its database went away', () => {
  it('retries forever, whatever the failure: a refused connection is an error event, not a close event', () => {
    const options = liveLinkOptions(() => undefined);
    expect(options.retryAttempts).toBe(Infinity);
    expect(options.shouldRetry?.(new Event('error'))).toBe(true);
    expect(options.shouldRetry?.({ code: 1006, reason: '' })).toBe(true);
  });

  it('waits longer each time, but never more than 30 s (the default doubles without end)', () => {
    expect(reconnectDelayMs(0, () => 1)).toBe(1_000);
    expect(reconnectDelayMs(3, () => 1)).toBe(8_000);
    expect(reconnectDelayMs(50, () => 1)).toBe(30_000);
    expect(reconnectDelayMs(1_000, () => 0)).toBe(15_000);
  });

  it('asks who is signed in when the server closes the socket because the session ended (4401), not on other closes', () => {
    const onSessionEnded = vi.fn();
    const closed = liveLinkOptions(() => undefined, onSessionEnded).on!.closed!;
    closed({ code: 1006, reason: '' });
    expect(onSessionEnded).not.toHaveBeenCalled();
    closed({ code: 4401, reason: 'Session ended' });
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('fetches what was missed after a reconnect, not after the first connection', () => {
    const onReconnected = vi.fn();
    const connected = liveLinkOptions(onReconnected).on!.connected!;
    connected({}, undefined, false);
    expect(onReconnected).not.toHaveBeenCalled();
    connected({}, undefined, true);
    expect(onReconnected).toHaveBeenCalledTimes(1);
  });
});
