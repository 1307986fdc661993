import { describe, expect, it } from 'vitest';
import { startupFailure } from './startup-failure';

describe('startupFailure', () => {
  it('answers one line: the message, with its cause', () => {
    expect(startupFailure(new Error('listen EADDRINUSE: address already in use 127.0.0.1:3000'))).toBe(
      'listen EADDRINUSE: address already in use 127.0.0.1:3000',
    );
    expect(startupFailure(new Error('database did not open', { cause: new Error('connect ECONNREFUSED') }))).toBe(
      'database did not open (connect ECONNREFUSED)',
    );
    expect(startupFailure(new Error('first\n  second'))).toBe('first second');
  });

  it('never says "undefined" when a library rejects without a reason', () => {
    for (const nothing of [undefined, null, '', new Error('')]) {
      const line = startupFailure(nothing);
      expect(line).not.toMatch(/undefined|null/);
      expect(line.length).toBeGreaterThan(10);
    }
    expect(startupFailure({ code: 1 })).toBe('{"code":1}');
  });
});
