import { byIds } from '../../kernel/rows';
import { createLoader } from '../../kernel/loaders';
import { User } from './user.entity';

export function userLoaders() {
  return {
    byId: createLoader<string, User>(
      (ids) => byIds(User, ids),
      (u) => u.id,
    ),
  };
}

declare module '../../kernel/context' {
  interface Loaders {
    users: ReturnType<typeof userLoaders>;
  }
}
