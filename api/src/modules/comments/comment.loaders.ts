import { db } from '../../kernel/database';
import { createLoader } from '../../kernel/loaders';

export function commentLoaders() {
  return {
    /** Comment count per post for a page of posts: one grouped query. */
    count: createLoader<string, { postId: string; n: number }>(
      (postIds) =>
        db().query('SELECT post_id AS "postId", count(*)::int AS n FROM comments WHERE post_id = ANY($1) GROUP BY post_id', [postIds]),
      (r) => r.postId,
    ),
  };
}

declare module '../../kernel/context' {
  interface Loaders {
    comments: ReturnType<typeof commentLoaders>;
  }
}
