import { userLoaders } from './modules/users/user.loaders';

/**
 * The per-request loader registry: each module contributes its batch loaders here.
 * Created fresh for every request, so caches never leak between viewers.
 */
export function createLoaders() {
  return {
    users: userLoaders(),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
