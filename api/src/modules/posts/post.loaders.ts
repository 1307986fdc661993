import { In } from 'typeorm';
import { db } from '../../kernel/database';
import { createLoader } from '../../kernel/loaders';
import { Post } from './post.entity';

export function postLoaders() {
  return {
    byId: createLoader<string, Post>((ids) => db().getRepository(Post).findBy({ id: In([...ids]) }), (p) => p.id),
    /** Share count per post, one grouped query for a whole page. */
    shareCount: createLoader<string, { postId: string; n: number }>(
      (ids) =>
        db()
          .query('SELECT post_id AS "postId", count(*)::int AS n FROM post_shares WHERE post_id = ANY($1) GROUP BY post_id', [ids])
          .then((rows: Array<{ postId: string; n: number }>) => rows),
      (r) => r.postId,
    ),
  };
}

declare module '../../kernel/context' {
  interface Loaders {
    posts: ReturnType<typeof postLoaders>;
  }
}
