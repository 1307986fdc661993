import { describe, expect, it, vi } from 'vitest';
import { liveLinkOptions, reconnectDelayMs } from './apollo';

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

  it('fetches what was missed after a reconnect, not after the first connection', () => {
    const onReconnected = vi.fn();
    const connected = liveLinkOptions(onReconnected).on!.connected!;
    connected({}, undefined, false);
    expect(onReconnected).not.toHaveBeenCalled();
    connected({}, undefined, true);
    expect(onReconnected).toHaveBeenCalledTimes(1);
  });
});
