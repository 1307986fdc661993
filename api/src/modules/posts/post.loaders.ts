import { byIds } from '../../kernel/rows';
import { createLoader } from '../../kernel/loaders';
import { Post } from './post.entity';

export function postLoaders() {
  return {
    byId: createLoader<string, Post>(
      (ids) => byIds(Post, ids),
      (p) => p.id,
    ),
  };
}

declare module '../../kernel/context' {
  interface Loaders {
    posts: ReturnType<typeof postLoaders>;
  }
}
