import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import {
  DEFAULT_ENABLED_FEATURES,
  FEATURES_STORAGE_KEY,
  parseEnabledFeatures,
  readEnabledFeatures,
  useEnabledFeatures,
} from './features';

describe('enabled-features preference', () => {
  it('defaults to every feature on except news and Bragging Rights', () => {
    expect(readEnabledFeatures()).toEqual({
      klets: true,
      saffaRadar: true,
      dating: true,
      recipes: true,
      thingsToDoList: true,
      radio: true,
      nootVirNoot: true,
      jobs: true,
      news: false,
      braggingRights: false,
    });
  });

  it('merges a stored value with the defaults and ignores junk', () => {
    expect(parseEnabledFeatures(JSON.stringify({ news: true, dating: false, bogus: true, jobs: 'yes' }))).toEqual({
      ...DEFAULT_ENABLED_FEATURES,
      news: true,
      dating: false,
    });
    expect(parseEnabledFeatures('not json')).toEqual(DEFAULT_ENABLED_FEATURES);
    expect(parseEnabledFeatures('[1,2]')).toEqual(DEFAULT_ENABLED_FEATURES);
  });

  it('reads from localStorage key saffa.enabledFeatures', () => {
    localStorage.setItem(FEATURES_STORAGE_KEY, JSON.stringify({ braggingRights: true }));
    const { result } = renderHook(() => useEnabledFeatures());
    expect(result.current.features.braggingRights).toBe(true);
    expect(result.current.isEnabled('news')).toBe(false);
  });

  it('persists changes and shares them between components', () => {
    const first = renderHook(() => useEnabledFeatures());
    const second = renderHook(() => useEnabledFeatures());
    act(() => first.result.current.toggleFeature('news'));
    act(() => first.result.current.setFeature('klets', false));
    expect(second.result.current.features.news).toBe(true);
    expect(second.result.current.features.klets).toBe(false);
    expect(JSON.parse(localStorage.getItem(FEATURES_STORAGE_KEY)!)).toMatchObject({ news: true, klets: false });
  });

  it('does not enforce the 5-feature suggestion', () => {
    const { result } = renderHook(() => useEnabledFeatures());
    act(() => {
      result.current.setFeature('news', true);
      result.current.setFeature('braggingRights', true);
    });
    expect(result.current.enabledCount).toBe(10);
  });
});
