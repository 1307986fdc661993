import { requireAdmin, requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db, type Tx } from '../../kernel/database';
import { notFound } from '../../kernel/errors';
import { checkUuid } from '../../kernel/ids';
import { once } from '../../kernel/idempotency';
import { afterCursorSql, keysetPage, pageOfRows, pageSize, type Page } from '../../kernel/pagination';
import { countAfterEach, deliverLocally, listen, onEventsMissed, publishAll } from '../../kernel/pubsub';
import { asEntities, queryRows, selectColumns } from '../../kernel/rows';
import { recordAdminAction } from '../admin/admin-audit.service';
import { messageBody } from '../messages/message.service';
import { notify } from '../notifications/notification.service';
import { SupportMessage } from './support-message.entity';
import { SupportThread } from './support-thread.entity';
import { supportPolicy } from './support.policy';

/**
 * The support inbox: a member writes to the admin team, any admin answers. It is its own thread per member, never
 * a direct conversation: admins read support threads only, never members' private messages (messages module).
 *
 * Live, through the one pub/sub (PostgreSQL NOTIFY, so across API processes):
 * - SUPPORT_MESSAGE_ADDED keyed by the thread's member: their own thread's messages (their words and the answers);
 * - SUPPORT_MESSAGE_ADDED keyed ADMINS: every support message, for every admin's inbox;
 * - SUPPORT_UNREAD_CHANGED keyed by the member, or ADMINS: a side's unread count may have moved.
 */
export const SUPPORT_MESSAGE_ADDED = 'SUPPORT_MESSAGE_ADDED';
export const SUPPORT_UNREAD_CHANGED = 'SUPPORT_UNREAD_CHANGED';
/** The key of the admin team's events (no member id is this). */
export const ADMINS = 'admins';
/** The name a member sees on an answer: the team, with the answering admin's first name when there is one. */
export const SUPPORT_NAME = 'Saffa Support';

const THREAD_COLUMNS = () => selectColumns(SupportThread, 't');

/** What travels on SUPPORT_MESSAGE_ADDED: the whole message and whose thread it is, so delivering it runs no SQL. */
export interface SupportMessageEvent {
  id: string;
  threadId: string;
  memberId: string;
  authorId: string | null;
  fromSupport: boolean;
  body: string;
  createdAt: string;
}

const threads = () => db().getRepository(SupportThread);

/** The member's own support thread, or null before their first message. */
export async function ownThread(viewer: Viewer | null): Promise<SupportThread | null> {
  const v = requireViewer(viewer);
  return threads().findOneBy({ memberId: v.id });
}

/** A thread by id, for admins; NOT_FOUND when there is none. */
async function threadForAdmin(
  viewer: Viewer | null,
  threadId: string,
): Promise<{ admin: Viewer; thread: SupportThread }> {
  const admin = requireAdmin(viewer);
  const thread = await threads().findOneBy({ id: checkUuid(threadId, 'threadId') });
  if (!thread) throw notFound('Support conversation');
  return { admin, thread };
}

/** A thread's messages, newest first; `after` (a page's endCursor) gives older ones. */
function threadMessages(
  threadId: string,
  args: { first?: number | null; after?: string | null },
): Promise<Page<SupportMessage>> {
  const qb = db().getRepository(SupportMessage).createQueryBuilder('sm').where('sm.thread_id = :t', { t: threadId });
  return keysetPage(qb, 'sm', args);
}

const emptyPage = (first: number | null | undefined): Page<SupportMessage> => {
  pageSize(first);
  return { nodes: [], pageInfo: { endCursor: null, hasNextPage: false } };
};

/** The member's own support messages, newest first (an empty page before they first write). */
export async function ownMessages(
  viewer: Viewer | null,
  args: { first?: number | null; after?: string | null },
): Promise<Page<SupportMessage>> {
  const thread = await ownThread(viewer);
  return thread ? threadMessages(thread.id, args) : emptyPage(args.first);
}

/** Admins: one thread's messages, newest first. */
export async function adminThreadMessages(
  viewer: Viewer | null,
  threadId: string,
  args: { first?: number | null; after?: string | null },
): Promise<Page<SupportMessage>> {
  const { thread } = await threadForAdmin(viewer, threadId);
  return threadMessages(thread.id, args);
}

/** SQL condition on thread `t`: a member message the admin team has not read (IDX_support_threads_waiting). */
const WAITING = `t.last_member_message_at > COALESCE(t.support_read_at, '-infinity'::timestamptz)`;

/**
 * Admins: the support threads, the one with the latest message first; `unreadOnly` keeps those waiting for an answer.
 */
export async function adminThreads(
  viewer: Viewer | null,
  args: { first?: number | null; after?: string | null; unreadOnly?: boolean | null },
): Promise<Page<SupportThread>> {
  requireAdmin(viewer);
  const size = pageSize(args.first);
  const params: unknown[] = [size + 1];
  const after = afterCursorSql(args.after, 't.last_message_at', 't.id', params);
  const rows = await queryRows(
    `SELECT ${THREAD_COLUMNS()} FROM support_threads t WHERE true ${args.unreadOnly ? `AND ${WAITING}` : ''} ${after}
      ORDER BY t.last_message_at DESC, t.id DESC LIMIT $1`,
    params,
  );
  return pageOfRows(asEntities(SupportThread, rows), size, (t) => [t.lastMessageAt, t.id]);
}

const eventOf = (m: SupportMessage, memberId: string): SupportMessageEvent => ({
  id: m.id,
  threadId: m.threadId,
  memberId,
  authorId: m.authorId,
  fromSupport: m.fromSupport,
  body: m.body,
  createdAt: m.createdAt.toISOString(),
});

/** Tells the member's sessions and every admin of a new message, and both sides that their unread counts may move. */
function announce(m: SupportMessage, memberId: string): Promise<void> {
  const payload = eventOf(m, memberId) as unknown as Record<string, unknown>;
  return publishAll([
    { topic: SUPPORT_MESSAGE_ADDED, payload, key: memberId },
    { topic: SUPPORT_MESSAGE_ADDED, payload, key: ADMINS },
    { topic: SUPPORT_UNREAD_CHANGED, payload: {}, key: memberId },
    { topic: SUPPORT_UNREAD_CHANGED, payload: {}, key: ADMINS },
  ]);
}

const loadMessage = async (id: string) => {
  const m = await db().getRepository(SupportMessage).findOneBy({ id });
  if (!m) throw notFound('Message');
  return m;
};

/**
 * Stores a message in a (locked) thread and moves the thread's times: its latest message, the latest of the writer's
 * side, and that side's read state (writing reads the thread up to one's own message; for an admin, for the team).
 */
async function writeMessage(
  tx: Tx,
  threadId: string,
  authorId: string,
  fromSupport: boolean,
  text: string,
): Promise<SupportMessage> {
  const m = await tx
    .getRepository(SupportMessage)
    .save(tx.create(SupportMessage, { threadId, authorId, fromSupport, body: text }));
  const [latest, read] = fromSupport
    ? ['last_support_message_at', 'support_read_at']
    : ['last_member_message_at', 'member_read_at'];
  await tx.query(
    `UPDATE support_threads SET last_message_at = GREATEST(last_message_at, $2), last_message_id = $3,
       ${latest} = GREATEST(COALESCE(${latest}, $2), $2), ${read} = GREATEST(COALESCE(${read}, $2), $2)
     WHERE id = $1`,
    [threadId, m.createdAt, m.id],
  );
  return m;
}

/**
 * A member writes to the admin team. Their thread is made by the first message: the member's id is unique, so of
 * many concurrent first messages one inserts it and every other finds (and waits on) that row.
 */
export async function sendSupportMessage(
  viewer: Viewer | null,
  body: string,
  idempotencyKey?: string | null,
): Promise<SupportMessage> {
  const v = requireViewer(viewer);
  const text = messageBody(body);
  const message = await once(
    { memberId: v.id, operation: 'sendSupportMessage', key: idempotencyKey },
    (record) =>
      db().transaction(async (tx) => {
        // The thread, made or found, locked for the rest of the transaction (its times move below).
        const [thread]: Array<{ id: string }> = await tx.query(
          `INSERT INTO support_threads (member_id) VALUES ($1) ON CONFLICT (member_id) DO UPDATE SET member_id = ` +
            `EXCLUDED.member_id RETURNING id`,
          [v.id],
        );
        const m = await writeMessage(tx, thread.id, v.id, false, text);
        await record(tx, m.id);
        return m;
      }),
    loadMessage,
  );
  await announce(message, v.id);
  return message;
}

/**
 * An admin answers a thread. The answer, the team's read state (answering reads the thread for every admin) and
 * its audit entry commit together; the member then gets it live and as a notification in their bell.
 */
export async function replySupport(
  viewer: Viewer | null,
  threadId: string,
  body: string,
  idempotencyKey?: string | null,
): Promise<SupportMessage> {
  const admin = requireAdmin(viewer);
  const id = checkUuid(threadId, 'threadId');
  const text = messageBody(body);
  let memberId = '';
  const message = await once(
    { memberId: admin.id, operation: 'replySupport', key: idempotencyKey },
    (record) =>
      db().transaction(async (tx) => {
        const [thread]: Array<{ id: string; memberId: string }> = await tx.query(
          `SELECT id, member_id AS "memberId" FROM support_threads WHERE id = $1 FOR UPDATE`,
          [id],
        );
        if (!thread) throw notFound('Support conversation');
        memberId = thread.memberId;
        const m = await writeMessage(tx, thread.id, admin.id, true, text);
        await recordAdminAction(tx, {
          actorId: admin.id,
          action: 'support.reply',
          targetType: 'support_thread',
          targetId: thread.id,
          after: { messageId: m.id, memberId: thread.memberId, length: [...text].length },
        });
        await record(tx, m.id);
        return m;
      }),
    loadMessage,
  );
  if (!memberId) {
    // A retry answered by its key: nothing new to tell anyone.
    return message;
  }
  await announce(message, memberId);
  await notify(memberId, {
    title: SUPPORT_NAME,
    message: `Saffa Support replied: ${[...text].slice(0, 140).join('')}${[...text].length > 140 ? '…' : ''}`,
    link: '/support',
    actorId: admin.id,
  });
  return message;
}

/** The member reads their thread up to its latest message. */
export async function markSupportRead(viewer: Viewer | null): Promise<SupportThread | null> {
  const v = requireViewer(viewer);
  const changed = await queryRows<{ id: string }>(
    `UPDATE support_threads SET member_read_at = last_message_at
      WHERE member_id = $1 AND member_read_at IS DISTINCT FROM last_message_at RETURNING id`,
    [v.id],
  );
  if (changed.length) await publishAll([{ topic: SUPPORT_UNREAD_CHANGED, payload: {}, key: v.id }]);
  return ownThread(v);
}

/** An admin reads a thread up to its latest message: for the whole team. */
export async function markSupportThreadRead(viewer: Viewer | null, threadId: string): Promise<SupportThread> {
  const { thread } = await threadForAdmin(viewer, threadId);
  const [updated] = await queryRows(
    `UPDATE support_threads t SET support_read_at = t.last_message_at
      WHERE t.id = $1 AND t.support_read_at IS DISTINCT FROM t.last_message_at RETURNING ${THREAD_COLUMNS()}`,
    [thread.id],
  );
  if (!updated) return thread;
  await publishAll([{ topic: SUPPORT_UNREAD_CHANGED, payload: {}, key: ADMINS }]);
  return asEntities(SupportThread, [updated])[0];
}

/** SQL: the support threads with a member message no admin has read (the admins' count). */
const ADMIN_UNREAD = `SELECT count(*)::int AS n FROM support_threads t WHERE ${WAITING}`;
/** SQL: the answers in member `$1`'s thread they have not read. */
const MEMBER_UNREAD = `SELECT count(*)::int AS n FROM support_threads t JOIN support_messages m ON m.thread_id = t.id
  WHERE t.member_id = $1 AND m.from_support AND m.created_at > COALESCE(t.member_read_at, '-infinity'::timestamptz)`;

/** Admins: how many threads wait for an answer. Members: how many answers they have not read. */
export async function supportUnreadCount(viewer: Viewer | null): Promise<number> {
  const v = requireViewer(viewer);
  const [r] = supportPolicy.onTeamSide(v)
    ? await queryRows<{ n: number }>(ADMIN_UNREAD)
    : await queryRows<{ n: number }>(MEMBER_UNREAD, [v.id]);
  return r.n;
}

/** The viewer's support unread count: at once, then again after each change that may move it (their side's). */
export function supportUnreadCounts(viewer: Viewer | null): AsyncIterableIterator<number> {
  const v = requireViewer(viewer);
  const events = listen<unknown>([
    { topic: SUPPORT_UNREAD_CHANGED },
    { topic: SUPPORT_UNREAD_CHANGED, key: supportPolicy.onTeamSide(v) ? ADMINS : v.id },
  ]);
  return countAfterEach(events, () => supportUnreadCount(v));
}

/** The member's own thread's messages, live (their own from other tabs, and the answers). */
export function ownMessageEvents(viewer: Viewer | null): AsyncIterableIterator<SupportMessageEvent> {
  const v = requireViewer(viewer);
  return listen<SupportMessageEvent>([{ topic: SUPPORT_MESSAGE_ADDED, key: v.id }], (e) => e.memberId === v.id);
}

/** Admins: every support message, live (members' and other admins' answers). */
export function inboxMessageEvents(viewer: Viewer | null): AsyncIterableIterator<SupportMessageEvent> {
  requireAdmin(viewer);
  return listen<SupportMessageEvent>([{ topic: SUPPORT_MESSAGE_ADDED, key: ADMINS }]);
}

/** The message an event carries, as an entity (no SQL). */
export function messageOfEvent(e: SupportMessageEvent): SupportMessage {
  return asEntities(SupportMessage, [
    {
      id: e.id,
      threadId: e.threadId,
      authorId: e.authorId,
      fromSupport: e.fromSupport,
      body: e.body,
      createdAt: new Date(e.createdAt),
    },
  ])[0];
}

// Events published while this process's listener was away were missed: every live count reads itself again.
onEventsMissed(() => deliverLocally(SUPPORT_UNREAD_CHANGED, {} as Record<string, unknown>));
