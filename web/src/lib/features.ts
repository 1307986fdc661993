import { useCallback, useSyncExternalStore } from 'react';

/** The optional features a member can show in the sidebar's "My Features" group (spec 000 section 3). */
export const FEATURE_KEYS = [
  'klets',
  'saffaRadar',
  'dating',
  'recipes',
  'thingsToDoList',
  'radio',
  'nootVirNoot',
  'jobs',
  'news',
  'braggingRights',
] as const;

export type FeatureKey = (typeof FEATURE_KEYS)[number];
export type EnabledFeatures = Record<FeatureKey, boolean>;

export const FEATURES_STORAGE_KEY = 'saffa.enabledFeatures';

/** Tutorial text only: members are told they may choose up to 5. Not enforced. */
export const SUGGESTED_FEATURE_LIMIT = 5;

export const DEFAULT_ENABLED_FEATURES: Readonly<EnabledFeatures> = Object.freeze({
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

function isFeatureKey(key: string): key is FeatureKey {
  return (FEATURE_KEYS as readonly string[]).includes(key);
}

/** Parses a stored preference; unknown keys and non-boolean values are ignored, missing keys take defaults. */
export function parseEnabledFeatures(raw: string | null | undefined): EnabledFeatures {
  const result: EnabledFeatures = { ...DEFAULT_ENABLED_FEATURES };
  if (!raw) return result;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
        if (isFeatureKey(key) && typeof value === 'boolean') result[key] = value;
      }
    }
  } catch {
    // A damaged value falls back to the defaults.
  }
  return result;
}

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

function readRaw(): string | null {
  try {
    return storage()?.getItem(FEATURES_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function readEnabledFeatures(): EnabledFeatures {
  return parseEnabledFeatures(readRaw());
}

const listeners = new Set<() => void>();

export function writeEnabledFeatures(features: EnabledFeatures): void {
  try {
    storage()?.setItem(FEATURES_STORAGE_KEY, JSON.stringify(features));
  } catch {
    // Storage may be full or blocked; the preference then lasts for this page only.
    memoryFallback = features;
  }
  listeners.forEach((listener) => listener());
}

let memoryFallback: EnabledFeatures | null = null;
let cachedRaw: string | null | undefined;
let cachedValue: EnabledFeatures = { ...DEFAULT_ENABLED_FEATURES };

function getSnapshot(): EnabledFeatures {
  if (memoryFallback) return memoryFallback;
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedValue = parseEnabledFeatures(raw);
  }
  return cachedValue;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === FEATURES_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export interface UseEnabledFeatures {
  features: EnabledFeatures;
  isEnabled: (key: FeatureKey) => boolean;
  setFeature: (key: FeatureKey, enabled: boolean) => void;
  toggleFeature: (key: FeatureKey) => void;
  enabledCount: number;
}

/**
 * The enabled-features preference kept in this browser's localStorage and shared by every component using it: the
 * fallback while no member is signed in or their session has not loaded (ui/memberFeatures reads the member's
 * stored choice; the Settings tab keeps this copy in line with the choices it stores).
 */
export function useEnabledFeatures(): UseEnabledFeatures {
  const features = useSyncExternalStore(subscribe, getSnapshot, () => DEFAULT_ENABLED_FEATURES);
  const setFeature = useCallback((key: FeatureKey, enabled: boolean) => {
    writeEnabledFeatures({ ...getSnapshot(), [key]: enabled });
  }, []);
  const toggleFeature = useCallback((key: FeatureKey) => {
    const current = getSnapshot();
    writeEnabledFeatures({ ...current, [key]: !current[key] });
  }, []);
  const isEnabled = useCallback((key: FeatureKey) => features[key], [features]);
  const enabledCount = FEATURE_KEYS.filter((key) => features[key]).length;
  return { features, isEnabled, setFeature, toggleFeature, enabledCount };
}
