import { useCallback } from 'react';
import { DEFAULT_ENABLED_FEATURES, type FeatureKey } from '../lib/features';
import { useOptionalSession } from './session';

/**
 * Whether the sidebar shows a feature: the signed-in member's choice stored on the server (it comes with the
 * session, so it is there with the first screen and follows the member to any browser), else the defaults (signed
 * out, or a session without it). Kept this small on purpose: it runs on every first screen.
 */
export function useMemberFeatures(): { isEnabled: (key: FeatureKey) => boolean; stored: readonly FeatureKey[] | null } {
  const stored = useOptionalSession()?.enabledFeatures ?? null;
  const isEnabled = useCallback(
    (key: FeatureKey) => (stored ? stored.includes(key) : DEFAULT_ENABLED_FEATURES[key]),
    [stored],
  );
  return { isEnabled, stored };
}
