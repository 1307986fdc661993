import { useCallback } from 'react';
import { useSetFeatureEnabledMutation, type SetFeatureEnabledMutation } from './settings.generated';
import { FEATURE_KEYS, type EnabledFeatures, type FeatureKey } from '../../lib/features';
import { useMemberFeatures } from '../../ui/memberFeatures';
import { useSession } from '../../ui/session';

/** The signed-in member's features as on/off values, for the Settings tab's toggles. */
export function useFeatureToggles(): EnabledFeatures {
  const { isEnabled } = useMemberFeatures();
  const result = {} as EnabledFeatures;
  for (const key of FEATURE_KEYS) result[key] = isEnabled(key);
  return result;
}

/**
 * Shows or hides a feature in the member's sidebar, stored on the server (rejects when that fails). The sidebar
 * changes at once (optimistic) and goes back on failure.
 */
export function useSetFeature(): (key: FeatureKey, enabled: boolean) => Promise<void> {
  const session = useSession();
  const current = useFeatureToggles();
  const [save] = useSetFeatureEnabledMutation();
  return useCallback(
    async (key: FeatureKey, enabled: boolean) => {
      const next = { ...current, [key]: enabled };
      const list = FEATURE_KEYS.filter((k) => next[k]);
      await save({
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
    },
    [current, session.id, save],
  );
}
