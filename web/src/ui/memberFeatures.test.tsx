import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { makeUser } from '../test/render';
import { useMemberFeatures } from './memberFeatures';
import { SessionProvider } from './session';

describe('useMemberFeatures', () => {
  it('uses the defaults while no member is signed in', () => {
    const { result } = renderHook(() => useMemberFeatures());
    expect(result.current.isEnabled('news')).toBe(false);
    expect(result.current.isEnabled('klets')).toBe(true);
    expect(result.current.isEnabled('jobs')).toBe(true);
  });

  it("uses the signed-in member's stored choice", () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SessionProvider user={makeUser({ enabledFeatures: ['jobs'] })}>{children}</SessionProvider>
    );
    const { result } = renderHook(() => useMemberFeatures(), { wrapper });
    expect(result.current.isEnabled('news')).toBe(false);
    expect(result.current.isEnabled('jobs')).toBe(true);
    expect(result.current.isEnabled('klets')).toBe(false);
  });
});
