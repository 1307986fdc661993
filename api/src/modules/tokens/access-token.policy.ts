import { isAdmin } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';

/** Who may create which personal access token: any member a read or read-write one, an admin an admin one. */
export const accessTokenPolicy = {
  canCreate: (viewer: Viewer | null, adminScope: boolean) => !adminScope || isAdmin(viewer),
};
