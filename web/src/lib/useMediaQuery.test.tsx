import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { matchesMedia, MOBILE_QUERY, useIsMobile, useMediaQuery } from './useMediaQuery';

/** A matchMedia whose answers can change, telling its listeners like a browser does on resize. */
function changingMatchMedia(initial: Record<string, boolean>) {
  const state = { ...initial };
  const listeners = new Map<string, Set<() => void>>();
  const matchMedia = (query: string) => ({
    get matches() {
      return state[query] ?? false;
    },
    media: query,
    addEventListener: (_: string, l: () => void) => {
      if (!listeners.has(query)) listeners.set(query, new Set());
      listeners.get(query)!.add(l);
    },
    removeEventListener: (_: string, l: () => void) => listeners.get(query)?.delete(l),
  });
  const set = (query: string, value: boolean) => {
    state[query] = value;
    listeners.get(query)?.forEach((l) => l());
  };
  return { matchMedia: matchMedia as unknown as typeof window.matchMedia, set, listeners };
}

afterEach(() => vi.unstubAllGlobals());

describe('useMediaQuery', () => {
  it('answers whether the query applies and follows its changes', () => {
    const media = changingMatchMedia({ '(min-width: 1536px)': false });
    vi.stubGlobal('matchMedia', media.matchMedia);
    const { result, unmount } = renderHook(() => useMediaQuery('(min-width: 1536px)'));
    expect(result.current).toBe(false);
    act(() => media.set('(min-width: 1536px)', true));
    expect(result.current).toBe(true);
    unmount();
    expect(media.listeners.get('(min-width: 1536px)')?.size).toBe(0);
  });

  it('useIsMobile is the query below 768 px', () => {
    const media = changingMatchMedia({ [MOBILE_QUERY]: true });
    vi.stubGlobal('matchMedia', media.matchMedia);
    const { result } = renderHook(() => useIsMobile());
    expect(result.current).toBe(true);
    act(() => media.set(MOBILE_QUERY, false));
    expect(result.current).toBe(false);
  });

  it('is false where the browser has no matchMedia', () => {
    vi.stubGlobal('matchMedia', undefined);
    expect(matchesMedia(MOBILE_QUERY)).toBe(false);
    expect(renderHook(() => useMediaQuery(MOBILE_QUERY)).result.current).toBe(false);
  });
});
