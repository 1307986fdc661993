import { In } from 'typeorm';
import { db } from '../../kernel/database';
import { createLoader } from '../../kernel/loaders';
import { Post } from './post.entity';

export function postLoaders() {
  return {
    byId: createLoader<string, Post>((ids) => db().getRepository(Post).findBy({ id: In([...ids]) }), (p) => p.id),
  };
}

declare module '../../kernel/context' {
  interface Loaders {
    posts: ReturnType<typeof postLoaders>;
  }
}
