import type { GroupRole } from './group-member.entity';

/** Who may do what in a group (spec 002 section 6), from the viewer's role there (null: not a member). */
export const groupPolicy = {
  /** Chat, members list, favourite: members (admins included). */
  isMember: (role: GroupRole | null) => role === 'admin' || role === 'member',
  /** Approve or decline requests, remove members: the group's admins. */
  isAdmin: (role: GroupRole | null) => role === 'admin',
  /** An admin removes members, never another admin. */
  canRemove: (targetRole: GroupRole) => targetRole === 'member',
};
