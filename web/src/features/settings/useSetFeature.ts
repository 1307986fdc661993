import { useCallback } from 'react';
import { useSetFeatureEnabledMutation, type SetFeatureEnabledMutation } from './settings.generated';
import { FEATURE_KEYS, writeEnabledFeatures, type EnabledFeatures, type FeatureKey } from '../../lib/features';
import { useMemberFeatures } from '../../ui/memberFeatures';
import { useSession } from '../../ui/session';

/** The preference a list of enabled feature names describes (the server's `enabledFeatures`). */
export function featuresFromList(enabled: readonly string[]): EnabledFeatures {
  const result = {} as EnabledFeatures;
  for (const key of FEATURE_KEYS) result[key] = enabled.includes(key);
  return result;
}

/** The signed-in member's features as on/off values, for the Settings tab's toggles. */
export function useFeatureToggles(): EnabledFeatures {
  const { isEnabled } = useMemberFeatures();
  const result = {} as EnabledFeatures;
  for (const key of FEATURE_KEYS) result[key] = isEnabled(key);
  return result;
}

/**
 * Shows or hides a feature in the member's sidebar, stored on the server (rejects when that fails). The sidebar
 * changes at once (optimistic) and goes back on failure; once stored, this browser's local preference (the
 * fallback while signed out) takes the same choice.
 */
export function useSetFeature(): (key: FeatureKey, enabled: boolean) => Promise<void> {
  const session = useSession();
  const current = useFeatureToggles();
  const [save] = useSetFeatureEnabledMutation();
  return useCallback(
    async (key: FeatureKey, enabled: boolean) => {
      const next = { ...current, [key]: enabled };
      const list = FEATURE_KEYS.filter((k) => next[k]);
      const { data } = await save({
        variables: { feature: key, enabled },
        // With its __typename, so the cache puts it on the member the session reads: the sidebar changes at once.
        optimisticResponse: {
          setFeatureEnabled: {
            __typename: 'User',
            id: session.id,
            enabledFeatures: list,
          } as SetFeatureEnabledMutation['setFeatureEnabled'],
        },
      });
      const stored = data?.setFeatureEnabled.enabledFeatures;
      if (stored) writeEnabledFeatures(featuresFromList(stored));
    },
    [current, session.id, save],
  );
}
