import type { Viewer } from '../../kernel/context';

/** Who may do what with events: any member creates and books; only the host manages and cancels. */
export const eventPolicy = {
  canManage: (viewer: Viewer | null, event: { hostId: string }) => !!viewer && viewer.id === event.hostId,
};
