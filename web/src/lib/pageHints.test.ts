import { describe, expect, it } from 'vitest';
import { guessMedia, isPhone } from './pageHints';
import { MOBILE_QUERY } from './useMediaQuery';

describe('isPhone', () => {
  it("trusts Chromium's mobile hint, else looks for a phone in the user agent", () => {
    expect(isPhone('Mozilla/5.0 (X11; Linux x86_64) Chrome/140', '?1')).toBe(true);
    expect(isPhone('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari', '?0')).toBe(false);
    expect(
      isPhone('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1', undefined),
    ).toBe(true);
    expect(
      isPhone('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/140 Mobile Safari/537.36', undefined),
    ).toBe(true);
    expect(
      isPhone('Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/140 Safari/537.36', undefined),
    ).toBe(false);
    expect(isPhone(undefined, undefined)).toBe(false);
  });
});

describe('guessMedia', () => {
  it('answers width queries for a 390 px phone and a 1280 px computer', () => {
    expect(guessMedia(MOBILE_QUERY, true)).toBe(true);
    expect(guessMedia(MOBILE_QUERY, false)).toBe(false);
    expect(guessMedia('(min-width: 1536px)', false)).toBe(false);
    expect(guessMedia('(min-width: 1024px)', false)).toBe(true);
    expect(guessMedia('(min-width: 1024px)', true)).toBe(false);
  });

  it('does not hold for any other query', () => {
    expect(guessMedia('(prefers-color-scheme: dark)', false)).toBe(false);
    expect(guessMedia('(min-width: 40em)', false)).toBe(false);
    expect(guessMedia('(hover: hover)', true)).toBe(false);
  });
});
