import type { Viewer } from '../../kernel/context';
import type { User } from '../users/user.entity';
import { userPolicy } from '../users/user.policy';

/** Who may see a member's settings: the features they show in the sidebar, and whether their radar is on. */
export const settingsPolicy = {
  /** The member themself and admins: settings are private like the member's e-mail (users' canSeePrivate). */
  canSee: (viewer: Viewer | null, member: User) => userPolicy.canSeePrivate(viewer, member),
};
