import { useCallback, useEffect, useMemo } from 'react';
import { useSetFeatureEnabledMutation, type SetFeatureEnabledMutation } from '../gql/graphql';
import {
  enabledList,
  featuresFromList,
  readEnabledFeatures,
  useEnabledFeatures,
  writeEnabledFeatures,
  type EnabledFeatures,
  type FeatureKey,
} from '../lib/features';
import { useOptionalSession } from './session';

export interface MemberFeatures {
  features: EnabledFeatures;
  isEnabled: (key: FeatureKey) => boolean;
  /** Shows or hides a feature: stored on the server for a signed-in member (rejects when that fails), else locally. */
  setFeature: (key: FeatureKey, enabled: boolean) => Promise<void>;
  enabledCount: number;
}

const sameFeatures = (a: EnabledFeatures, b: EnabledFeatures) => enabledList(a).join() === enabledList(b).join();

/**
 * The features the sidebar shows: the signed-in member's choice stored on the server (it comes with the session, so
 * it is there with the first screen and follows the member to any browser), else this browser's local preference.
 * The local copy follows the member's choice, so the next signed-out or loading moment shows the same items.
 */
export function useMemberFeatures(): MemberFeatures {
  const session = useOptionalSession();
  const local = useEnabledFeatures();
  const [save] = useSetFeatureEnabledMutation();
  const stored = session?.enabledFeatures ?? null;
  const features = useMemo(() => (stored ? featuresFromList(stored) : local.features), [stored, local.features]);

  useEffect(() => {
    if (stored && !sameFeatures(features, readEnabledFeatures())) writeEnabledFeatures(features);
  }, [stored, features]);

  const setFeature = useCallback(
    async (key: FeatureKey, enabled: boolean) => {
      if (!session || !stored) {
        local.setFeature(key, enabled);
        return;
      }
      const next = enabledList({ ...featuresFromList(stored), [key]: enabled });
      await save({
        variables: { feature: key, enabled },
        // With its __typename, so the cache puts it on the member the session reads: the sidebar changes at once.
        optimisticResponse: { setFeatureEnabled: { __typename: 'User', id: session.id, enabledFeatures: next } as SetFeatureEnabledMutation['setFeatureEnabled'] },
      });
    },
    [session, stored, local, save],
  );

  const isEnabled = useCallback((key: FeatureKey) => features[key], [features]);
  return { features, isEnabled, setFeature, enabledCount: enabledList(features).length };
}
