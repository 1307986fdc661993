import { authorize, requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { deliverLocally, listen, onEventsMissed, publishAll } from '../../kernel/pubsub';
import { queryRows } from '../../kernel/rows';
import { notBlockedSql } from '../blocks/block.service';
import { GROUP_MESSAGE_ADDED, KLETS_READ, KLETS_RECOUNT, MY_GROUPS_CHANGED } from './group-events';
import { findGroup } from './group.service';

// ---------------------------------------------------------------------------------------------------- unread

/**
 * SQL: how many of member `$1`'s groups have a message from someone else after what they last read there (not one
 * of a member either side of a block: the chat does not show it).
 */
const KLETS_UNREAD =
  `SELECT count(*)::int AS n FROM group_members gm
  WHERE gm.member_id = $1 AND EXISTS (
    SELECT 1 FROM group_messages m WHERE m.group_id = gm.group_id AND m.sender_id <> $1 AND m.created_at > ` +
  `gm.last_read_at
       AND ${notBlockedSql('$1', 'm.sender_id')})`;

/** The number of the viewer's groups with chat messages they have not read (the Klets badge). */
export async function kletsUnread(viewer: Viewer | null): Promise<number> {
  const v = requireViewer(viewer);
  return (await queryRows<{ n: number }>(KLETS_UNREAD, [v.id]))[0].n;
}

/** The viewer has read a group's chat up to now (members only); answers their Klets unread count after it. */
export async function markGroupRead(viewer: Viewer | null, groupId: string): Promise<number> {
  const v = requireViewer(viewer);
  const group = await findGroup(groupId, 'groupId');
  const updated = await queryRows(
    'UPDATE group_members SET last_read_at = now() WHERE group_id = $1 AND member_id = $2 RETURNING 1',
    [group.id, v.id],
  );
  authorize(updated.length > 0, 'Only members of this group can see and send its messages.');
  await publishAll([{ topic: KLETS_READ, key: v.id, payload: { read: true } }]);
  return kletsUnread(v);
}

/** SQL: member `$1`'s groups, each with whether it has a message from someone else after what they last read there. */
const KLETS_GROUPS =
  `SELECT gm.group_id, EXISTS (
    SELECT 1 FROM group_messages m WHERE m.group_id = gm.group_id AND m.sender_id <> $1 AND m.created_at > ` +
  `gm.last_read_at) AS unread
  FROM group_members gm WHERE gm.member_id = $1 ORDER BY gm.group_id`;

/**
 * The viewer's Klets unread count: at once, then again whenever it moves. It holds which of the member's groups are
 * unread, so a message from someone else costs no SQL (its group joins the unread ones, or already was one); a read
 * in any tab, their groups changing (joined, left, removed: the chats listened to change with them) or this process
 * having missed events reads the groups again.
 */
export function kletsUnreadCounts(viewer: Viewer | null): AsyncIterableIterator<number> {
  const v = requireViewer(viewer);
  let events: AsyncIterableIterator<Record<string, unknown>> | null = null;
  let unread = new Set<string>();
  let done = false;
  const finished = { value: undefined, done: true } as const;
  const readGroups = () => queryRows<{ group_id: string; unread: boolean }>(KLETS_GROUPS, [v.id]);
  /** Listens to the member's own topics and to each of their groups' chats, as they are now; false once closed. */
  const refresh = async (): Promise<boolean> => {
    for (;;) {
      const before = await readGroups();
      if (done) return false;
      await events?.return?.();
      events = listen<Record<string, unknown>>([
        { topic: MY_GROUPS_CHANGED, key: v.id },
        { topic: KLETS_READ, key: v.id },
        { topic: KLETS_RECOUNT },
        ...before.map((g) => ({ topic: GROUP_MESSAGE_ADDED, key: g.group_id })),
      ]);
      // Read again now that it listens: a message in between is in this answer, and a change of groups in between
      // (which the listener could not hear yet) shows as different groups: then listen again.
      const after = await readGroups();
      if (done) {
        await events.return?.(); // closed while reading: this listener must not outlive the subscription
        return false;
      }
      if (after.map((g) => g.group_id).join() === before.map((g) => g.group_id).join()) {
        unread = new Set(after.filter((g) => g.unread).map((g) => g.group_id));
        return true;
      }
    }
  };
  const iterator: AsyncIterableIterator<number> = {
    async next() {
      if (done) return finished;
      if (!events) return (await refresh()) ? { value: unread.size, done: false } : finished;
      for (;;) {
        const r = await events.next();
        if (r.done || done) return finished;
        const e = r.value;
        if ('senderId' in e) {
          const groupId = String(e.groupId);
          if (e.senderId === v.id || unread.has(groupId)) continue; // the count does not move
          unread.add(groupId);
          return { value: unread.size, done: false };
        }
        return (await refresh()) ? { value: unread.size, done: false } : finished;
      }
    },
    async return() {
      done = true;
      await events?.return?.();
      return finished;
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}

// Events published while this process's listener was away were missed: every live Klets count reads again.
onEventsMissed(() => deliverLocally(KLETS_RECOUNT, {}));
