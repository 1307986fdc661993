import { db } from '../../kernel/database';
import { createLoader } from '../../kernel/loaders';
import { ReactionCounts, ReactionType } from './reaction.entity';

const empty = (): ReactionCounts => ({ lekker: 0, shocked: 0, sad: 0, care: 0, angry: 0, total: 0 });

export function reactionLoaders(viewerId: string | null) {
  return {
    /** Counts per kind for a page of posts: one grouped query. */
    counts: createLoader<string, { postId: string; counts: ReactionCounts }>(
      async (postIds) => {
        const rows: Array<{ postId: string; type: ReactionType; n: number }> = await db().query(
          `SELECT post_id AS "postId", reaction_type AS type, count(*)::int AS n
           FROM reactions WHERE post_id = ANY($1) GROUP BY post_id, reaction_type`,
          [postIds],
        );
        const byPost = new Map<string, ReactionCounts>();
        for (const r of rows) {
          const c = byPost.get(r.postId) ?? empty();
          c[r.type] = r.n;
          c.total += r.n;
          byPost.set(r.postId, c);
        }
        return postIds.map((postId) => ({ postId, counts: byPost.get(postId) ?? empty() }));
      },
      (r) => r.postId,
    ),
    /** The viewer's own reaction for a page of posts. */
    mine: createLoader<string, { postId: string; type: ReactionType }>(
      async (postIds) =>
        viewerId
          ? db().query(
              `SELECT post_id AS "postId", reaction_type AS type FROM reactions WHERE user_id = $1 AND post_id = ANY($2)`,
              [viewerId, postIds],
            )
          : [],
      (r) => r.postId,
    ),
  };
}

declare module '../../kernel/context' {
  interface Loaders {
    reactions: ReturnType<typeof reactionLoaders>;
  }
}
