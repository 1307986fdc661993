import type { Viewer } from '../../kernel/context';
import { isAdmin } from '../../kernel/auth';
import type { User } from './user.entity';

/** Who may do what with a member's profile. */
export const userPolicy = {
  /** The member themself and admins see private fields (e-mail). */
  canSeePrivate: (viewer: Viewer | null, user: User) => !!viewer && (viewer.id === user.id || isAdmin(viewer)),
};
