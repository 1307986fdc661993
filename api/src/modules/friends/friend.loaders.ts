import { db } from '../../kernel/database';
import { createLoader } from '../../kernel/loaders';

export function friendLoaders(viewerId: string | null) {
  return {
    /** The viewer's friendship row with each member of a list, if any. */
    withViewer: createLoader<string, { otherId: string; status: string; requesterId: string }>(
      async (userIds) =>
        viewerId
          ? db().query(
              `SELECT CASE WHEN user_low_id = $1 THEN user_high_id ELSE user_low_id END AS "otherId", status, ` +
                `requester_id AS "requesterId"
               FROM friendships WHERE (user_low_id = $1 AND user_high_id = ANY($2)) OR (user_high_id = $1 AND ` +
                `user_low_id = ANY($2))`,
              [viewerId, userIds],
            )
          : [],
      (r) => r.otherId,
    ),
  };
}

declare module '../../kernel/context' {
  interface Loaders {
    friends: ReturnType<typeof friendLoaders>;
  }
}
