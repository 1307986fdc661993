import type { Viewer } from '../../kernel/context';

/** Who may block whom: any member blocks any other member, never themself. */
export const blockPolicy = {
  canBlock: (viewer: Viewer, memberId: string) => viewer.id !== memberId,
};
