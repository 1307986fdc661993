import { isAdmin } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { Role } from '../users/user.entity';

/** A member as the admin rules see them. */
export interface Target {
  id: string;
  role: Role;
}

export const SELF_DELETE = 'You cannot delete your own account from the admin panel.';
export const SELF_DEMOTE = 'You cannot remove your own admin role.';
export const SELF_SUSPEND = 'You cannot suspend your own account.';
export const LAST_ADMIN = 'The last admin cannot be deleted, demoted or suspended.';

/**
 * What an admin may do to a member. `otherAdmins`: how many other admins who are not suspended there are, counted
 * while the admin roles are locked (admin.service.ts), so two admins acting at once cannot leave none.
 */
export const adminPolicy = {
  canDelete: (admin: Viewer, target: Target) => admin.id !== target.id,
  canDemote: (admin: Viewer, target: Target) => admin.id !== target.id,
  canSuspend: (admin: Viewer, target: Target) => admin.id !== target.id,
  /** Deleting, demoting or suspending `target` keeps at least one active admin. */
  keepsAnAdmin: (target: Target, otherAdmins: number) => target.role !== Role.admin || otherAdmins > 0,
  /** Whether a member is suspended: admins see it, nobody else. */
  canSeeSuspension: (viewer: Viewer | null) => isAdmin(viewer),
};
