import { authorize, requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput, notFound } from '../../kernel/errors';
import { checkUuid } from '../../kernel/ids';
import { once } from '../../kernel/idempotency';
import { limitNewMemberMessage, newMemberUntil } from '../../kernel/rate-limit';
import { afterCursorSql, keysetPage, pageOfRows, pageSize, type Page } from '../../kernel/pagination';
import { countAfterEach, deliverLocally, listen, onEventsMissed, publishAll, type Event } from '../../kernel/pubsub';
import { asEntities, queryRows, selectColumns } from '../../kernel/rows';
import { assertNotBlocked, BLOCKED_MESSAGE, notBlockedSql } from '../blocks/block.service';
import { areFriends } from '../friends/friend.service';
import { User } from '../users/user.entity';
import {
  conversationOrigin,
  conversationRules,
  registerConversationOrigin,
  type ConversationOriginKind,
} from './conversation-origins';
import { ConversationMember } from './conversation-member.entity';
import { Conversation } from './conversation.entity';
import { Message } from './message.entity';
import { messagePolicy } from './message.policy';
import { enqueueWebhooks, WebhookEvent } from '../webhooks/webhook.outbox';
import { sideShown, sidesShown } from './conversation-sides';

export const MESSAGE_ADDED = 'MESSAGE_ADDED';
export const CONVERSATION_READ = 'CONVERSATION_READ';
export const UNREAD_CONVERSATIONS_CHANGED = 'UNREAD_CONVERSATIONS_CHANGED';
export const MAX_MESSAGE_LENGTH = 2000;
/** The select list of a conversation row under alias c. */
const CONVERSATION_COLUMNS = () => selectColumns(Conversation, 'c');

/** What travels on MESSAGE_ADDED (keyed by each participant): the whole message, so delivering it runs no SQL. */
export interface MessageEvent {
  id: string;
  conversationId: string;
  senderId: string;
  body: string;
  createdAt: string;
}

/** What travels on CONVERSATION_READ (keyed by each participant): who read how far. */
export interface ReadEvent {
  conversationId: string;
  readerId: string;
}

// A direct conversation between two members: one per pair, whoever starts it.
registerConversationOrigin('member', async (viewerId, id, manager) => {
  const memberId = checkUuid(id, 'memberId');
  if (memberId === viewerId) throw badInput('memberId', 'cannot be yourself');
  const exists = await manager.getRepository(User).exists({ where: { id: memberId } });
  if (!exists) throw notFound('Member');
  const [a, b] = [viewerId, memberId].sort();
  return { key: `member:${a}:${b}`, sides: [{ memberId: viewerId }, { memberId }] };
});

export interface StartInput {
  memberId?: string | null;
  datingMatchId?: string | null;
  listingId?: string | null;
}

/**
 * Opens the conversation an origin names, creating it the first time: the origin key is unique, so of many
 * concurrent starts one inserts and every other finds that one.
 */
export async function startConversation(viewer: Viewer | null, input: StartInput): Promise<Conversation> {
  const v = requireViewer(viewer);
  const given = (['memberId', 'datingMatchId', 'listingId'] as const).filter(
    (f) => input[f] !== null && input[f] !== undefined,
  );
  if (given.length !== 1) throw badInput('input', 'must name exactly one of memberId, datingMatchId, listingId');
  const field = given[0];
  const kind: ConversationOriginKind =
    field === 'memberId' ? 'member' : field === 'datingMatchId' ? 'datingMatch' : 'listing';
  const origin = conversationOrigin(kind, field);
  return db().transaction(async (manager) => {
    const { key, sides } = await origin(v.id, String(input[field]), manager);
    if (sides[0].memberId !== v.id || sides[1].memberId === v.id)
      throw new Error(`origin ${kind} must put the viewer first, once`);
    // Never with a member either side of a block, unless the sides appear under personas (a dating match: a block
    // between the members must not tell who is behind an alias; the origin applies its own blocks).
    if (conversationRules(kind).memberBlocks) await assertNotBlocked(v.id, sides[1].memberId, manager);
    const inserted: Array<{ id: string }> = await manager.query(
      `INSERT INTO conversations (origin_key) VALUES ($1) ON CONFLICT (origin_key) DO NOTHING RETURNING id`,
      [key],
    );
    if (inserted.length) {
      await manager.insert(
        ConversationMember,
        sides.map((s) => ({
          conversationId: inserted[0].id,
          memberId: s.memberId,
          personaName: s.persona?.name ?? null,
          personaPhotoUrl: s.persona?.photoUrl ?? null,
        })),
      );
    }
    const rows = await manager.query(
      `SELECT ${CONVERSATION_COLUMNS()} FROM conversations c JOIN conversation_members m ON m.conversation_id = c.id ` +
        `AND m.member_id = $2 WHERE c.origin_key = $1`,
      [key, v.id],
    );
    if (!rows.length) throw notFound('Conversation');
    return asEntities(Conversation, rows)[0];
  });
}

/** The conversation, if the viewer takes part in it; NOT_FOUND otherwise (others never learn it exists). */
export async function conversationFor(viewer: Viewer | null, id: string): Promise<Conversation> {
  const v = requireViewer(viewer);
  const rows = await queryRows(
    `SELECT ${CONVERSATION_COLUMNS()} FROM conversations c JOIN conversation_members m ON m.conversation_id = c.id ` +
      `AND m.member_id = $2 WHERE c.id = $1`,
    [checkUuid(id, 'conversationId'), v.id],
  );
  if (!rows.length) throw notFound('Conversation');
  return asEntities(Conversation, rows)[0];
}

/** The viewer's conversations, the one with the latest message first (keyset over (updated_at, id)). */
export async function listConversations(
  viewer: Viewer | null,
  args: { first?: number | null; after?: string | null },
): Promise<Page<Conversation>> {
  const v = requireViewer(viewer);
  const size = pageSize(args.first);
  const params: unknown[] = [v.id, size + 1];
  const after = afterCursorSql(args.after, 'c.updated_at', 'c.id', params);
  const rows = await queryRows(
    `SELECT ${CONVERSATION_COLUMNS()} FROM conversation_members m JOIN conversations c ON c.id = m.conversation_id
      WHERE m.member_id = $1 ${after} ORDER BY c.updated_at DESC, c.id DESC LIMIT $2`,
    params,
  );
  return pageOfRows(asEntities(Conversation, rows), size, (c) => [c.updatedAt, c.id]);
}

/** A conversation's messages, newest first; `before` (a page's endCursor) gives the older ones. Participants only. */
export async function listMessages(
  viewer: Viewer | null,
  conversationId: string,
  args: { first?: number | null; before?: string | null },
): Promise<Page<Message>> {
  const c = await conversationFor(viewer, conversationId);
  const qb = db().getRepository(Message).createQueryBuilder('msg').where('msg.conversation_id = :c', { c: c.id });
  return keysetPage(qb, 'msg', { first: args.first, after: args.before });
}

/** The text of a chat message as stored, direct or in a group chat: trimmed, 1 to MAX_MESSAGE_LENGTH characters. */
export function messageBody(body: unknown): string {
  const text = typeof body === 'string' ? body.trim() : '';
  if (!text) throw badInput('body', 'must not be blank');
  if ([...text].length > MAX_MESSAGE_LENGTH) throw badInput('body', `must be at most ${MAX_MESSAGE_LENGTH} characters`);
  return text;
}

const participantsOf = async (conversationId: string): Promise<string[]> =>
  (
    await queryRows<{ member_id: string }>(`SELECT member_id FROM conversation_members WHERE conversation_id = $1`, [
      conversationId,
    ])
  ).map((r) => r.member_id);

const messageEvent = (m: Message): MessageEvent => ({
  id: m.id,
  conversationId: m.conversationId,
  senderId: m.senderId,
  body: m.body,
  createdAt: m.createdAt.toISOString(),
});

/** Sends a message as a participant; both sides get it live, and the other's unread count changes. */
export async function sendMessage(
  viewer: Viewer | null,
  conversationId: string,
  body: string,
  idempotencyKey?: string | null,
): Promise<Message> {
  const v = requireViewer(viewer);
  const text = messageBody(body);
  const conversation = await conversationFor(v, conversationId);
  // A conversation with a member either side of a block stays readable (its history) but takes no new message;
  // one its origin closed (an ended dating match) neither. Personas (aliases) are not subject to member blocks.
  const rules = conversationRules(conversation.originKey);
  if (rules.memberBlocks) {
    const [blocked] = await queryRows(
      `SELECT 1 FROM conversation_members o WHERE o.conversation_id = $1 AND o.member_id <> $2 AND ` +
        `NOT ${notBlockedSql('$2::uuid', 'o.member_id')}`,
      [conversation.id, v.id],
    );
    authorize(messagePolicy.canSend(!!blocked), BLOCKED_MESSAGE);
  }
  await rules.assertOpen?.(v.id, conversation.originKey);
  // The new-member sandbox: a new account's messages to anyone who is not their friend are limited per hour. Only a
  // direct conversation asks whether the other side is a friend: behind an alias or a listing the sender is always
  // counted, so the limit never tells whether a friend is behind a dating alias.
  if (newMemberUntil(v)) {
    const others = (await participantsOf(conversation.id)).filter((m) => m !== v.id);
    const direct = conversation.originKey.startsWith('member:');
    const strangers = direct ? await Promise.all(others.map(async (m) => !(await areFriends(v.id, m)))) : [true];
    if (strangers.some(Boolean)) await limitNewMemberMessage(v);
  }
  const load = async (id: string) => {
    const m = await db().getRepository(Message).findOneBy({ id });
    if (!m) throw notFound('Message');
    return m;
  };
  const message = await once(
    { memberId: v.id, operation: 'sendMessage', key: idempotencyKey },
    (record) =>
      db().transaction(async (manager) => {
        const m = await manager
          .getRepository(Message)
          .save(manager.create(Message, { conversationId: conversation.id, senderId: v.id, body: text }));
        await manager.query(
          `UPDATE conversations SET updated_at = GREATEST(updated_at, $2), last_message_id = $3 WHERE id = $1`,
          [conversation.id, m.createdAt, m.id],
        );
        // Sending reads the conversation up to one's own message.
        await manager.query(
          `UPDATE conversation_members SET last_read_at = $3 WHERE conversation_id = $1 AND member_id = $2`,
          [conversation.id, v.id, m.createdAt],
        );
        await record(manager, m.id);
        // Direct conversations only (a dating alias or a listing's buyer keeps their name from the other side's
        // integrations): the other member's webhooks hear of the message in its transaction, the sender named as
        // the chat shows them to the recipient (conversation-sides.ts: a side with a persona is its alias only).
        if (conversation.originKey.startsWith('member:')) {
          const sides = (await sidesShown([conversation.id], manager)).get(conversation.id) ?? [];
          const sender = sides.find((s) => s.memberId === v.id)?.shown ?? sideShown(undefined, null);
          for (const other of sides.filter((s) => s.memberId !== v.id)) {
            await enqueueWebhooks(manager, WebhookEvent.newMessage, { memberId: other.memberId }, async () => ({
              message: { id: m.id, conversationId: conversation.id, body: m.body, sentAt: m.createdAt },
              sender: { id: sender.memberId, name: sender.name },
            }));
          }
        }
        return m;
      }),
    load,
  );
  const members = await participantsOf(conversation.id);
  const payload = messageEvent(message) as unknown as Record<string, unknown>;
  await publishAll([
    ...members.map((key): Event => ({ topic: MESSAGE_ADDED, payload, key })),
    ...members
      .filter((m) => m !== v.id)
      .map((key): Event => ({ topic: UNREAD_CONVERSATIONS_CHANGED, payload: {}, key })),
  ]);
  return message;
}

/** Marks everything in the conversation read by the viewer; the other side sees the receipt live. */
export async function markRead(viewer: Viewer | null, conversationId: string): Promise<Conversation> {
  const v = requireViewer(viewer);
  const conversation = await conversationFor(v, conversationId);
  const changed = await queryRows(
    `UPDATE conversation_members cm SET last_read_at = l.at
       FROM (SELECT max(created_at) AS at FROM messages WHERE conversation_id = $1) l
      WHERE cm.conversation_id = $1 AND cm.member_id = $2 AND l.at IS NOT NULL AND (cm.last_read_at IS NULL OR ` +
      `cm.last_read_at < l.at)
      RETURNING cm.member_id`,
    [conversation.id, v.id],
  );
  if (changed.length) {
    const members = await participantsOf(conversation.id);
    const read: ReadEvent = { conversationId: conversation.id, readerId: v.id };
    await publishAll([
      ...members.map((key): Event => ({
        topic: CONVERSATION_READ,
        payload: read as unknown as Record<string, unknown>,
        key,
      })),
      { topic: UNREAD_CONVERSATIONS_CHANGED, payload: {}, key: v.id },
    ]);
  }
  return conversation;
}

/** SQL: how many of member `$1`'s conversations have a message from the other side after what they read. */
const UNREAD_CONVERSATIONS = `SELECT count(*)::int AS n FROM conversation_members cm
  WHERE cm.member_id = $1 AND EXISTS (
    SELECT 1 FROM messages m WHERE m.conversation_id = cm.conversation_id AND m.sender_id <> $1
       AND m.created_at > COALESCE(cm.last_read_at, '-infinity'::timestamptz))`;

/** The number of the viewer's conversations with unread messages (the Messages badge). */
export async function unreadConversations(viewer: Viewer | null): Promise<number> {
  const v = requireViewer(viewer);
  return (await queryRows<{ n: number }>(UNREAD_CONVERSATIONS, [v.id]))[0].n;
}

/** A participant's messages, live (both sides of each of their conversations). */
export function messageEvents(viewer: Viewer | null): AsyncIterableIterator<MessageEvent> {
  const v = requireViewer(viewer);
  return listen<MessageEvent>([{ topic: MESSAGE_ADDED, key: v.id }]);
}

/** Read receipts of the viewer's conversations, live (their own reads in other tabs as well). */
export function readEvents(viewer: Viewer | null): AsyncIterableIterator<ReadEvent> {
  const v = requireViewer(viewer);
  return listen<ReadEvent>([{ topic: CONVERSATION_READ, key: v.id }]);
}

/** The message an event carries, as an entity (no SQL). */
export function messageOfEvent(e: MessageEvent): Message {
  return asEntities(Message, [
    {
      id: e.id,
      conversationId: e.conversationId,
      senderId: e.senderId,
      body: e.body,
      createdAt: new Date(e.createdAt),
    },
  ])[0];
}

/** The viewer's unread conversation count: at once, then again after every change that may move it. */
export function unreadConversationCounts(viewer: Viewer | null): AsyncIterableIterator<number> {
  const v = requireViewer(viewer);
  const events = listen<unknown>([
    { topic: UNREAD_CONVERSATIONS_CHANGED },
    { topic: UNREAD_CONVERSATIONS_CHANGED, key: v.id },
  ]);
  return countAfterEach(events, () => unreadConversations(v));
}

// Events published while this process's listener was away were missed: every live badge counts again.
onEventsMissed(() => deliverLocally(UNREAD_CONVERSATIONS_CHANGED, {}));
