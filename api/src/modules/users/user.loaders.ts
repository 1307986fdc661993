import { In } from 'typeorm';
import { db } from '../../kernel/database';
import { createLoader } from '../../kernel/loaders';
import { User } from './user.entity';

export function userLoaders() {
  return {
    byId: createLoader<string, User>(
      (ids) => db().getRepository(User).findBy({ id: In([...ids]) }),
      (u) => u.id,
    ),
  };
}

declare module '../../kernel/context' {
  interface Loaders {
    users: ReturnType<typeof userLoaders>;
  }
}
