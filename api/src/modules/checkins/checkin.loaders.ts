import { db } from '../../kernel/database';
import { createLoader } from '../../kernel/loaders';

export function checkinLoaders(viewerId: string | null) {
  return {
    /** The viewer's saved check-in for each post of a page, if any. */
    savedByViewer: createLoader<string, { postId: string; id: string }>(
      async (postIds) =>
        viewerId
          ? db().query('SELECT post_id AS "postId", id FROM saved_checkins WHERE user_id = $1 AND post_id = ANY($2)', [viewerId, postIds])
          : [],
      (r) => r.postId,
    ),
  };
}

declare module '../../kernel/context' {
  interface Loaders {
    checkins: ReturnType<typeof checkinLoaders>;
  }
}
