import type { GroupCardFieldsFragment } from './groups.generated';

/** "1 member", "1,250 members". */
export const membersText = (n: number) => `${n.toLocaleString('en-ZA')} ${n === 1 ? 'member' : 'members'}`;
/** Whether the viewer belongs to the group (a member or one of its admins). */
export const isMember = (g: Pick<GroupCardFieldsFragment, 'viewerStatus'>) =>
  g.viewerStatus === 'member' || g.viewerStatus === 'admin';
