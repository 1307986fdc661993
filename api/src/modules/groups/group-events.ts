import { requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { listen, publishAll, type Event } from '../../kernel/pubsub';

// The groups' live topics: a group's chat, a member's groups and their Klets unread count.

export const GROUP_MESSAGE_ADDED = 'GROUP_MESSAGE_ADDED';
/** Keyed `${groupId}:${memberId}`: that member left or was removed; their live chat of the group ends. */
export const GROUP_MEMBERSHIP_ENDED = 'GROUP_MEMBERSHIP_ENDED';
/** Keyed by member: their groups changed (joined, left, approved, removed): the "Your Groups" lists refresh. */
export const MY_GROUPS_CHANGED = 'MY_GROUPS_CHANGED';
/** Keyed by member: they read a group's chat (in any tab), so their Klets unread count may have dropped. */
export const KLETS_READ = 'KLETS_READ';
/** Unkeyed, delivered in this process only: events were missed, every live Klets count reads again. */
export const KLETS_RECOUNT = 'KLETS_RECOUNT';

/** What travels on GROUP_MESSAGE_ADDED (keyed by group): the message, its body left out when it would not fit. */
export interface GroupMessageEvent {
  id: string;
  groupId: string;
  senderId: string;
  body?: string;
  createdAt: string;
  /** The group's members either side of a block with the sender; absent when it did not fit the event. */
  hiddenFrom?: string[];
}

/** Tells a member's open pages that their groups changed, and ends their live chat of a group they left. */
export async function myGroupsChanged(memberIds: string[], ended?: { groupId: string }): Promise<void> {
  await publishAll([
    ...memberIds.map((key): Event => ({ topic: MY_GROUPS_CHANGED, payload: {}, key })),
    ...(ended
      ? memberIds.map((m): Event => ({ topic: GROUP_MEMBERSHIP_ENDED, payload: {}, key: `${ended.groupId}:${m}` }))
      : []),
  ]);
}

/** The viewer's group list changed (any tab): fires with nothing, for the client to read its lists again. */
export function myGroupsEvents(viewer: Viewer | null): AsyncIterableIterator<Record<string, never>> {
  const v = requireViewer(viewer);
  return listen([{ topic: MY_GROUPS_CHANGED, key: v.id }]);
}
