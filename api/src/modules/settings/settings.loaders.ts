import { createGroupLoader } from '../../kernel/loaders';
import { queryRows } from '../../kernel/rows';

/** A member's feature choices (rows of member_feature_choices), by member id. */
export function settingsLoaders() {
  return {
    featureChoicesByMember: createGroupLoader<string, { memberId: string; feature: string; enabled: boolean }>(
      (ids) =>
        queryRows(
          `SELECT member_id AS "memberId", feature, enabled FROM member_feature_choices WHERE member_id = ` +
            `ANY($1::uuid[])`,
          [ids],
        ),
      (row) => row.memberId,
    ),
  };
}

declare module '../../kernel/context' {
  interface Loaders {
    settings: ReturnType<typeof settingsLoaders>;
  }
}
