import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { buildContext } from './context';

describe('buildContext', () => {
  it("makes the request's child logger only when something logs, also in the copy Apollo Server makes of the context", async () => {
    const parent = pino({ level: 'silent' });
    const child = vi.spyOn(parent, 'child');
    const ctx = await buildContext({
      token: null,
      meta: { ip: '10.0.0.1' },
      cookies: null,
      log: parent,
      requestId: 'req-1',
    });
    // What Apollo Server does with the context of every operation (ApolloServer.ts, cloneObject).
    const copy = Object.assign(Object.create(Object.getPrototypeOf(ctx)), ctx) as typeof ctx;
    expect(child).not.toHaveBeenCalled();
    // The copy has the original's shape: its own properties are the same, the logger is still to be made.
    expect(Object.keys(copy)).toEqual(Object.keys(ctx));

    const log = copy.log;
    expect(child).toHaveBeenCalledTimes(1);
    expect(child).toHaveBeenCalledWith({ requestId: 'req-1', userId: undefined });
    expect(copy.log).toBe(log); // once per context
    expect(copy.viewer).toBeNull();
    expect(copy.loaders).toBe(ctx.loaders);
  });
});
