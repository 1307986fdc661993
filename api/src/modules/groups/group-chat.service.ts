import { requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { keysetPage, type Page } from '../../kernel/pagination';
import { eventFits, listen, publishAll, type Event } from '../../kernel/pubsub';
import { asEntities, byIds, queryRows } from '../../kernel/rows';
import { messageBody } from '../messages/message.service';
import { User } from '../users/user.entity';
import { blockedEitherWaySql, isBlockedEitherWay, notBlockedSql } from '../blocks/block.service';
import { GROUP_MEMBERSHIP_ENDED, GROUP_MESSAGE_ADDED, type GroupMessageEvent } from './group-events';
import { GroupMessage } from './group-message.entity';
import { findGroup, requireMember, type PageArgs } from './group.service';

/** Sends a message to a group's chat as a member; every member with the chat open gets it live. */
export async function sendGroupMessage(viewer: Viewer | null, groupId: string, body: string): Promise<GroupMessage> {
  const v = requireViewer(viewer);
  const t = messageBody(body);
  const group = await findGroup(groupId, 'groupId');
  await requireMember(v, group.id);
  const m = await db()
    .getRepository(GroupMessage)
    .save(db().getRepository(GroupMessage).create({ groupId: group.id, senderId: v.id, body: t }));
  // Whom it must not reach live, worked out once here: delivering it to every open chat then costs no statement.
  const hidden = await queryRows<{ id: string }>(
    `SELECT b.id FROM (${blockedEitherWaySql('$1')}) b JOIN group_members gm ON gm.group_id = $2 AND gm.member_id = ` +
      `b.id`,
    [v.id, group.id],
  );
  const payload: GroupMessageEvent = {
    id: m.id,
    groupId: m.groupId,
    senderId: m.senderId,
    body: m.body,
    createdAt: m.createdAt.toISOString(),
    hiddenFrom: hidden.map((r) => r.id),
  };
  // Within NOTIFY's limit: without the body (read from the table), then without the list (asked per delivery).
  const { body: _body, ...withoutBody } = payload;
  const { hiddenFrom: _hidden, ...bare } = withoutBody;
  const event = [payload, withoutBody, bare]
    .map((p): Event => ({ topic: GROUP_MESSAGE_ADDED, key: group.id, payload: { ...p } }))
    .find(eventFits)!;
  await publishAll([event]);
  return m;
}

/**
 * A group's messages, newest first; `after` (a page's endCursor) gives the older ones. Members only. The messages of
 * a member the viewer blocked or was blocked by are left out (hidden, not collapsed: inside the keyset query, so
 * pages stay full); both stay members of a group they share, each without the other's words.
 */
export async function groupMessages(
  viewer: Viewer | null,
  groupId: string,
  args: PageArgs,
): Promise<Page<GroupMessage>> {
  const v = requireViewer(viewer);
  const group = await findGroup(groupId, 'groupId');
  await requireMember(v, group.id);
  const qb = db()
    .getRepository(GroupMessage)
    .createQueryBuilder('gm')
    .where('gm.group_id = :g', { g: group.id })
    .andWhere(notBlockedSql(':viewerId', 'gm.sender_id'), { viewerId: v.id });
  return keysetPage(qb, 'gm', args);
}

/**
 * A group's new messages, live, for a member: from the moment they subscribe until they leave or are removed
 * (GROUP_MEMBERSHIP_ENDED ends the stream at once, before any later message of the group reaches it); never those
 * of a member either side of a block with them.
 */
export async function groupMessageEvents(
  viewer: Viewer | null,
  groupId: string,
): Promise<AsyncIterableIterator<GroupMessageEvent>> {
  const v = requireViewer(viewer);
  const group = await findGroup(groupId, 'groupId');
  const events = listen<GroupMessageEvent | Record<string, never>>([
    { topic: GROUP_MEMBERSHIP_ENDED, key: `${group.id}:${v.id}` },
    { topic: GROUP_MESSAGE_ADDED, key: group.id },
  ]);
  try {
    await requireMember(v, group.id);
  } catch (err) {
    await events.return!();
    throw err;
  }
  const stream: AsyncIterableIterator<GroupMessageEvent> = {
    async next() {
      for (;;) {
        const r = await events.next();
        if (r.done || !('id' in r.value)) {
          await events.return!();
          return { value: undefined, done: true };
        }
        const e = r.value as GroupMessageEvent;
        // As the history: never a message of a member either side of a block (asked per message, so a block made
        // while the chat is open holds from the next message on; one primary-key lookup, none for one's own).
        if (
          e.senderId !== v.id &&
          (e.hiddenFrom ? e.hiddenFrom.includes(v.id) : await isBlockedEitherWay(v.id, e.senderId))
        )
          continue;
        return { value: e, done: false };
      }
    },
    async return() {
      await events.return!();
      return { value: undefined, done: true };
    },
    [Symbol.asyncIterator]() {
      return stream;
    },
  };
  return stream;
}

/** What every open chat of a group answers for one live message: the message and its sender. */
export interface LiveMessage {
  message: GroupMessage;
  sender: User | undefined;
}

const liveMessages = new WeakMap<GroupMessageEvent, Promise<LiveMessage>>();

/**
 * The message an event carries (read from the table only when its body did not travel) and its sender: read once
 * per event per process and shared by every open chat of the group, which all get the same event object.
 */
export function liveMessage(e: GroupMessageEvent): Promise<LiveMessage> {
  let answer = liveMessages.get(e);
  if (!answer) {
    const message =
      e.body === undefined
        ? db().getRepository(GroupMessage).findOneByOrFail({ id: e.id })
        : Promise.resolve(
            asEntities(GroupMessage, [
              { id: e.id, groupId: e.groupId, senderId: e.senderId, body: e.body, createdAt: new Date(e.createdAt) },
            ])[0],
          );
    answer = Promise.all([message, byIds(User, [e.senderId])]).then(([m, [sender]]) => ({ message: m, sender }));
    liveMessages.set(e, answer);
  }
  return answer;
}
