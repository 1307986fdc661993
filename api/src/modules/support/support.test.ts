import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { settings } from '../../kernel/settings';
import { buildConversation, buildMessage, buildUser } from '../../test/factories';
import { codeOf, countQueries, gql, subscribeAs, withRoomyWriteLimits } from '../../test/helpers';
import { AdminAuditEntry } from '../admin/admin-audit-entry.entity';
import { Notification } from '../notifications/notification.entity';
import { Role } from '../users/user.entity';
import { SupportMessage } from './support-message.entity';
import { SupportThread } from './support-thread.entity';

const MSG = `id threadId body fromSupport mine authorName createdAt`;
const THREAD = `id memberId lastMessageAt unreadCount member { id displayName } lastMessage { body fromSupport }`;
const SEND = `mutation($b: String!, $k: String) { sendSupportMessage(body: $b, idempotencyKey: $k) { ${MSG} } }`;
const OWN = `query { supportThread { ${THREAD} } }`;
const OWN_MESSAGES =
  `query($first: Int, $after: String) { supportMessages(first: $first, after: $after) { nodes ` +
  `{ ${MSG} } pageInfo { endCursor hasNextPage } } }`;
const MARK = `mutation { markSupportRead { id unreadCount } }`;
const UNREAD = `query { supportUnreadCount }`;
const THREADS =
  `query($first: Int, $after: String, $u: Boolean) { supportThreads(first: $first, after: $after, ` +
  `unreadOnly: $u) { nodes { ${THREAD} } pageInfo { endCursor hasNextPage } } }`;
const THREAD_MESSAGES =
  `query($t: ID!, $first: Int, $after: String) { supportThreadMessages(threadId: $t, first: ` +
  `$first, after: $after) { nodes { ${MSG} } pageInfo { endCursor hasNextPage } } }`;
const REPLY =
  `mutation($t: ID!, $b: String!, $k: String) { replySupport(threadId: $t, body: $b, idempotencyKey: $k) ` +
  `{ ${MSG} } }`;
const MARK_THREAD = `mutation($t: ID!) { markSupportThreadRead(threadId: $t) { id unreadCount } }`;

const admin = () => buildUser({ role: Role.admin, firstName: 'Thandi', lastName: 'Nkosi' });

async function memberWithThread(body = 'Help, please') {
  const member = await buildUser({ firstName: 'Pieter', lastName: 'Botha' });
  const sent = await gql(SEND, { b: body }, { as: member });
  expect(sent.errors).toBeUndefined();
  return { member, threadId: sent.data.sendSupportMessage.threadId as string };
}

const countRows = async () => ({
  threads: await db().getRepository(SupportThread).count(),
  messages: await db().getRepository(SupportMessage).count(),
});

describe('support inbox', () => {
  it('requires authentication for every operation', async () => {
    const { threadId } = await memberWithThread();
    const id = threadId;
    for (const [q, v] of [
      [SEND, { b: 'hi' }],
      [OWN, {}],
      [OWN_MESSAGES, {}],
      [MARK, {}],
      [UNREAD, {}],
      [THREADS, {}],
      [THREAD_MESSAGES, { t: id }],
      [REPLY, { t: id, b: 'hi' }],
      [MARK_THREAD, { t: id }],
    ] as const) {
      expect(codeOf(await gql(q, v)), q).toBe('UNAUTHENTICATED');
    }
  });

  it("refuses every admin operation to a member (FORBIDDEN, nothing changes), and a member never reads another's thread", async () => {
    const { threadId } = await memberWithThread('my private question');
    const other = await buildUser();
    const before = await countRows();
    for (const [q, v] of [
      [THREADS, {}],
      [THREAD_MESSAGES, { t: threadId }],
      [REPLY, { t: threadId, b: 'sneaky' }],
      [MARK_THREAD, { t: threadId }],
    ] as const) {
      const r = await gql(q, v, { as: other });
      expect(codeOf(r), q).toBe('FORBIDDEN');
      expect(JSON.stringify(r)).not.toContain('my private question');
    }
    expect(await countRows()).toEqual(before);
    // Their own views show only their own (none yet).
    expect((await gql(OWN, {}, { as: other })).data.supportThread).toBeNull();
    expect((await gql(OWN_MESSAGES, {}, { as: other })).data.supportMessages.nodes).toEqual([]);
    expect(await db().getRepository(AdminAuditEntry).countBy({ action: 'support.reply', targetId: threadId })).toBe(0);
  });

  it('makes one thread per member from 50 parallel first messages, each message kept', async () => {
    const member = await buildUser();
    const results = await withRoomyWriteLimits(() =>
      Promise.all(Array.from({ length: 50 }, (_, i) => gql(SEND, { b: `msg ${i}` }, { as: member }))),
    );
    expect(results.map((r) => r.errors)).toEqual(Array(50).fill(undefined));
    expect(new Set(results.map((r) => r.data.sendSupportMessage.threadId)).size).toBe(1);
    expect(await db().getRepository(SupportThread).countBy({ memberId: member.id })).toBe(1);
    expect(
      await db().getRepository(SupportMessage).countBy({ threadId: results[0].data.sendSupportMessage.threadId }),
    ).toBe(50);
  });

  it('stores the text trimmed; blank, over 2000 characters, NUL bytes are BAD_USER_INPUT, writing nothing', async () => {
    const member = await buildUser();
    const ok = await gql(SEND, { b: '  Howzit\nline two  ' }, { as: member });
    expect(ok.data.sendSupportMessage).toMatchObject({ body: 'Howzit\nline two', fromSupport: false, mine: true });
    const threadId = ok.data.sendSupportMessage.threadId;
    const before = await countRows();
    for (const b of [' \n ', 'x'.repeat(2001), 'nul\u0000byte']) {
      expect(codeOf(await gql(SEND, { b }, { as: member })), String(b)).toBe('BAD_USER_INPUT');
    }
    const a = await admin();
    for (const b of ['   ', 'y'.repeat(2001), 'a\u0000b'])
      expect(codeOf(await gql(REPLY, { t: threadId, b }, { as: a }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(REPLY, { t: 'not-a-uuid', b: 'hi' }, { as: a }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(REPLY, { t: '00000000-0000-4000-8000-000000000000', b: 'hi' }, { as: a }))).toBe(
      'NOT_FOUND',
    );
    expect(codeOf(await gql(THREAD_MESSAGES, { t: 'nope' }, { as: a }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(THREADS, { after: 'forged' }, { as: a }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(OWN_MESSAGES, { first: 0 }, { as: member }))).toBe('BAD_USER_INPUT');
    expect(await countRows()).toEqual(before);
    expect((await gql(SEND, { b: 'é'.repeat(2000) }, { as: member })).errors).toBeUndefined();
  });

  it('answers a retried send and a retried reply with the same idempotency key with the first message', async () => {
    const member = await buildUser();
    const [r1, r2] = await Promise.all([
      gql(SEND, { b: 'once', k: 'sup-1' }, { as: member }),
      gql(SEND, { b: 'once', k: 'sup-1' }, { as: member }),
    ]);
    expect(r1.data.sendSupportMessage.id).toBe(r2.data.sendSupportMessage.id);
    const threadId = r1.data.sendSupportMessage.threadId;
    expect(await db().getRepository(SupportMessage).countBy({ threadId })).toBe(1);
    const a = await admin();
    const x1 = await gql(REPLY, { t: threadId, b: 'answer', k: 'rep-1' }, { as: a });
    const x2 = await gql(REPLY, { t: threadId, b: 'answer', k: 'rep-1' }, { as: a });
    expect(x2.data.replySupport.id).toBe(x1.data.replySupport.id);
    expect(await db().getRepository(SupportMessage).countBy({ threadId })).toBe(2);
    expect(await db().getRepository(Notification).countBy({ recipientId: member.id })).toBe(1);
    expect(await db().getRepository(AdminAuditEntry).countBy({ action: 'support.reply', targetId: threadId })).toBe(1);
  });

  it("an admin's reply: audited in its transaction, shown to the member as Saffa Support with the admin's first name, notified in the bell", async () => {
    const { member, threadId } = await memberWithThread();
    const a = await admin();
    const r = await gql(REPLY, { t: threadId, b: 'We are on it' }, { as: a });
    expect(r.errors).toBeUndefined();
    expect(r.data.replySupport).toMatchObject({ fromSupport: true, mine: true, authorName: 'Thandi Nkosi', threadId });
    const entry = await db()
      .getRepository(AdminAuditEntry)
      .findOneByOrFail({ action: 'support.reply', targetId: threadId });
    expect(entry).toMatchObject({ actorId: a.id, targetType: 'support_thread' });
    expect(entry.after).toMatchObject({ messageId: r.data.replySupport.id, memberId: member.id });
    const seen = (await gql(OWN_MESSAGES, {}, { as: member })).data.supportMessages.nodes;
    expect(seen[0]).toMatchObject({
      body: 'We are on it',
      fromSupport: true,
      mine: false,
      authorName: 'Saffa Support · Thandi',
    });
    expect(seen[1]).toMatchObject({ body: 'Help, please', fromSupport: false, mine: true, authorName: 'Pieter Botha' });
    const note = await db().getRepository(Notification).findOneByOrFail({ recipientId: member.id });
    expect(note).toMatchObject({ title: 'Saffa Support', link: '/support', actorId: a.id });
    expect(note.message).toContain('We are on it');
    // An admin's account gone: the answer stays, from "Saffa Support".
    await db().query(`DELETE FROM users WHERE id = $1`, [a.id]);
    expect((await gql(OWN_MESSAGES, {}, { as: member })).data.supportMessages.nodes[0]).toMatchObject({
      body: 'We are on it',
      authorName: 'Saffa Support',
    });
  });

  it('counts unread on both sides: admins threads waiting (team-wide), the member unread answers', async () => {
    const [a, b] = await Promise.all([admin(), admin()]);
    const baseline = (await gql(UNREAD, {}, { as: a })).data.supportUnreadCount;
    const { member, threadId } = await memberWithThread('one');
    await gql(SEND, { b: 'two' }, { as: member });
    expect((await gql(UNREAD, {}, { as: a })).data.supportUnreadCount).toBe(baseline + 1);
    expect((await gql(UNREAD, {}, { as: member })).data.supportUnreadCount).toBe(0);
    const listed = (await gql(THREADS, { u: true, first: 100 }, { as: a })).data.supportThreads.nodes;
    expect(listed.find((t: { id: string }) => t.id === threadId)).toMatchObject({
      unreadCount: 2,
      member: { id: member.id, displayName: 'Pieter Botha' },
      lastMessage: { body: 'two' },
    });
    // One admin reads it: read for every admin.
    expect((await gql(MARK_THREAD, { t: threadId }, { as: a })).data.markSupportThreadRead.unreadCount).toBe(0);
    expect((await gql(UNREAD, {}, { as: b })).data.supportUnreadCount).toBe(baseline);
    const stillWaiting = (await gql(THREADS, { u: true, first: 100 }, { as: b })).data.supportThreads.nodes;
    expect(stillWaiting.map((t: { id: string }) => t.id)).not.toContain(threadId);
    // Two answers: the member has two unread, until they read.
    await gql(REPLY, { t: threadId, b: 'answer 1' }, { as: a });
    await gql(REPLY, { t: threadId, b: 'answer 2' }, { as: b });
    expect((await gql(UNREAD, {}, { as: member })).data.supportUnreadCount).toBe(2);
    expect((await gql(OWN, {}, { as: member })).data.supportThread.unreadCount).toBe(2);
    expect((await gql(MARK, {}, { as: member })).data.markSupportRead.unreadCount).toBe(0);
    expect((await gql(UNREAD, {}, { as: member })).data.supportUnreadCount).toBe(0);
    // Answering reads the thread for the team; the member's next message makes it wait again.
    expect((await gql(UNREAD, {}, { as: a })).data.supportUnreadCount).toBe(baseline);
    await gql(SEND, { b: 'thanks!' }, { as: member });
    expect((await gql(UNREAD, {}, { as: b })).data.supportUnreadCount).toBe(baseline + 1);
  });

  it('lists threads by latest message (keyset pages) and pages messages newest first, older with after', async () => {
    const a = await admin();
    const t1 = await memberWithThread('first');
    const t2 = await memberWithThread('second');
    const t3 = await memberWithThread('third');
    await gql(SEND, { b: 'bump' }, { as: t1.member });
    const page1 = (await gql(THREADS, { first: 2 }, { as: a })).data.supportThreads;
    expect(page1.nodes.map((t: { id: string }) => t.id)).toEqual([t1.threadId, t3.threadId]);
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const page2 = (await gql(THREADS, { first: 1, after: page1.pageInfo.endCursor }, { as: a })).data.supportThreads;
    expect(page2.nodes.map((t: { id: string }) => t.id)).toEqual([t2.threadId]);

    for (let i = 1; i <= 4; i++) await gql(SEND, { b: `m${i}` }, { as: t2.member });
    const newest = (await gql(THREAD_MESSAGES, { t: t2.threadId, first: 3 }, { as: a })).data.supportThreadMessages;
    expect(newest.nodes.map((m: { body: string }) => m.body)).toEqual(['m4', 'm3', 'm2']);
    const older = (
      await gql(THREAD_MESSAGES, { t: t2.threadId, first: 3, after: newest.pageInfo.endCursor }, { as: a })
    ).data.supportThreadMessages;
    expect(older.nodes.map((m: { body: string }) => m.body)).toEqual(['m1', 'second']);
    expect(older.pageInfo.hasNextPage).toBe(false);
    const own = (await gql(OWN_MESSAGES, { first: 2 }, { as: t2.member })).data.supportMessages;
    expect(own.nodes.map((m: { body: string }) => m.body)).toEqual(['m4', 'm3']);
    const ownOlder = (await gql(OWN_MESSAGES, { first: 10, after: own.pageInfo.endCursor }, { as: t2.member })).data
      .supportMessages;
    expect(ownOlder.nodes.map((m: { body: string }) => m.body)).toEqual(['m2', 'm1', 'second']);
  });

  it("never shows admins members' direct messages: the inbox holds support threads only", async () => {
    const a = await admin();
    const [x, y] = await Promise.all([buildUser(), buildUser()]);
    const c = await buildConversation({ a: x.id, b: y.id });
    await buildMessage({ conversationId: c.id, senderId: x.id, body: 'a private DM' });
    await gql(SEND, { b: 'a support question' }, { as: x });
    const all = JSON.stringify((await gql(THREADS, { first: 100 }, { as: a })).data);
    expect(all).toContain('a support question');
    expect(all).not.toContain('a private DM');
  });

  it('a page of threads costs the same statements for 2 and for 20 (relations batched)', async () => {
    const a = await admin();
    for (let i = 0; i < 20; i++) await memberWithThread(`page ${i}`);
    const small = await countQueries(() => gql(THREADS, { first: 2 }, { as: a }));
    const large = await countQueries(() => gql(THREADS, { first: 20 }, { as: a }));
    expect(large.result.errors).toBeUndefined();
    expect(large.result.data.supportThreads.nodes).toHaveLength(20);
    expect(large.queries.length).toBe(small.queries.length);
  });

  it('delivers live: the member gets their own thread only; every admin gets member messages and the unread count', async () => {
    const { member, threadId } = await memberWithThread('hello');
    const stranger = await buildUser();
    const [a, b] = await Promise.all([admin(), admin()]);
    const toMember = await subscribeAs(
      `subscription { supportMessageAdded { body fromSupport authorName threadId } }`,
      member,
    );
    const toStranger = await subscribeAs(`subscription { supportMessageAdded { body } }`, stranger);
    const toA = await subscribeAs(`subscription { supportInboxMessageAdded { body threadId fromSupport } }`, a);
    const toB = await subscribeAs(`subscription { supportInboxMessageAdded { body threadId } }`, b);
    const countA = await subscribeAs(`subscription { supportUnreadCountChanged }`, a);
    const memberCount = await subscribeAs(`subscription { supportUnreadCountChanged }`, member);
    const first = (await countA.next()) as { supportUnreadCountChanged: number };
    expect(await memberCount.next()).toEqual({ supportUnreadCountChanged: 0 });

    // The member writes: both admins get it, and the admins' count moves.
    const [na, nb, nc, nmc0] = [toA.next(), toB.next(), countA.next(), memberCount.next()];
    await new Promise((r) => setTimeout(r, 50));
    await gql(SEND, { b: 'still there?' }, { as: member });
    expect(await na).toEqual({ supportInboxMessageAdded: { body: 'still there?', threadId, fromSupport: false } });
    expect(await nb).toEqual({ supportInboxMessageAdded: { body: 'still there?', threadId } });
    expect(((await nc) as { supportUnreadCountChanged: number }).supportUnreadCountChanged).toBeGreaterThanOrEqual(
      first.supportUnreadCountChanged,
    );
    // Writing reads one's own thread: the member's count is told again (still 0).
    expect(await nmc0).toEqual({ supportUnreadCountChanged: 0 });
    // The member's own stream echoes their message (other tabs).
    expect(await toMember.next()).toMatchObject({ supportMessageAdded: { body: 'still there?', fromSupport: false } });

    // An admin answers: the member gets it under the support name, the stranger gets nothing.
    const [nm, ns, nmc] = [toMember.next(), toStranger.next(1500), memberCount.next()];
    await new Promise((r) => setTimeout(r, 50));
    await gql(REPLY, { t: threadId, b: 'Yes!' }, { as: a });
    expect(await nm).toEqual({
      supportMessageAdded: { body: 'Yes!', fromSupport: true, authorName: 'Saffa Support · Thandi', threadId },
    });
    expect(await nmc).toEqual({ supportUnreadCountChanged: 1 });
    await expect(ns).rejects.toThrow('no event in time');
    for (const s of [toMember, toStranger, toA, toB, countA, memberCount]) await s.close();
  });

  it('refuses the admin subscriptions to a member', async () => {
    const member = await buildUser();
    await expect(subscribeAs(`subscription { supportInboxMessageAdded { body } }`, member)).rejects.toThrow();
  });

  it('refuses a flood of support messages past RATE_SUPPORT_MESSAGES_PER_HOUR', async () => {
    const member = await buildUser();
    const limit = settings().limits.supportMessagesPerHour;
    const results = await Promise.all(
      Array.from({ length: limit + 10 }, (_, i) => gql(SEND, { b: `help ${i}` }, { as: member })),
    );
    expect(results.filter((r) => !r.errors)).toHaveLength(limit);
    expect(results.filter((r) => r.errors).map(codeOf)).toEqual(Array(10).fill('RATE_LIMITED'));
    expect(await db().getRepository(SupportMessage).countBy({ authorId: member.id })).toBe(limit);
  });
});
