import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { FEATURES_STORAGE_KEY } from '../lib/features';
import { makeUser } from '../test/render';
import { createCache } from './cache';
import { useMemberFeatures } from './memberFeatures';
import { SessionProvider } from './session';

const apollo = ({ children }: { children: ReactNode }) => <MockedProvider cache={createCache()}>{children}</MockedProvider>;

describe('useMemberFeatures', () => {
  it("uses this browser's preference while no member is signed in, and keeps changes there", async () => {
    localStorage.setItem(FEATURES_STORAGE_KEY, JSON.stringify({ news: true }));
    const { result } = renderHook(() => useMemberFeatures(), { wrapper: apollo });
    expect(result.current.isEnabled('news')).toBe(true);
    await act(() => result.current.setFeature('klets', false));
    expect(result.current.isEnabled('klets')).toBe(false);
    expect(JSON.parse(localStorage.getItem(FEATURES_STORAGE_KEY)!)).toMatchObject({ news: true, klets: false });
  });

  it("uses the signed-in member's stored choice over this browser's", () => {
    localStorage.setItem(FEATURES_STORAGE_KEY, JSON.stringify({ news: true, braggingRights: true }));
    const wrapper = ({ children }: { children: ReactNode }) => apollo({ children: <SessionProvider user={makeUser({ enabledFeatures: ['jobs'] })}>{children}</SessionProvider> });
    const { result } = renderHook(() => useMemberFeatures(), { wrapper });
    expect(result.current.isEnabled('news')).toBe(false);
    expect(result.current.isEnabled('jobs')).toBe(true);
    expect(result.current.enabledCount).toBe(1);
  });
});
