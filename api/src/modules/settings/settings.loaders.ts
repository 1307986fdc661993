import { createGroupLoader } from '../../kernel/loaders';
import { queryRows } from '../../kernel/rows';

/** A member's feature choices (rows of member_feature_choices), by member id. */
export function settingsLoaders() {
  return {
    featureChoicesByUser: createGroupLoader<string, { userId: string; feature: string; enabled: boolean }>(
      (ids) =>
        queryRows(
          `SELECT user_id AS "userId", feature, enabled FROM member_feature_choices WHERE user_id = ANY($1::uuid[])`,
          [ids],
        ),
      (row) => row.userId,
    ),
  };
}

declare module '../../kernel/context' {
  interface Loaders {
    settings: ReturnType<typeof settingsLoaders>;
  }
}
