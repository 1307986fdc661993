import { requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput } from '../../kernel/errors';
import { User } from '../users/user.entity';
import { FEATURES, type Feature } from './settings.features';

/** Whether `feature` names one of the optional features (GraphQL's enum checks it too; REST or tests may not). */
export function checkFeature(feature: unknown): Feature {
  if (typeof feature !== 'string' || !(FEATURES as string[]).includes(feature))
    throw badInput('feature', `must be one of ${FEATURES.join(', ')}`);
  return feature as Feature;
}

/**
 * Shows or hides one feature in the viewer's sidebar. One statement that inserts or updates the member's row for
 * that feature (its primary key), so repeats and parallel clicks leave one row holding the last choice.
 */
export async function setFeatureEnabled(viewer: Viewer | null, feature: unknown, enabled: unknown): Promise<User> {
  const v = requireViewer(viewer);
  const f = checkFeature(feature);
  if (typeof enabled !== 'boolean') throw badInput('enabled', 'must be true or false');
  await db().query(
    `INSERT INTO member_feature_choices (member_id, feature, enabled) VALUES ($1, $2, $3)
     ON CONFLICT (member_id, feature) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = now()`,
    [v.id, f, enabled],
  );
  return db().getRepository(User).findOneByOrFail({ id: v.id });
}
