import type { Viewer } from '../../kernel/context';

/** Who may follow whom: any member follows any other member, never themself. */
export const memberFollowPolicy = {
  canFollow: (viewer: Viewer, memberId: string) => viewer.id !== memberId,
};
