import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { settings } from '../../kernel/settings';
import { notFound } from '../../kernel/errors';
import { buildUser } from '../../test/factories';
import { codeOf, gql, subscribeAs, withRoomyWriteLimits } from '../../test/helpers';
import { registerConversationOrigin } from './conversation-origins';
import { Conversation } from './conversation.entity';
import { Message } from './message.entity';

const CONVO =
  `id updatedAt unreadCount peerReadAt peer { name photoUrl memberId } me { name memberId } lastMessage ` +
  `{ id body mine readByPeer }`;
const START = `mutation($input: StartConversationInput!) { startConversation(input: $input) { ${CONVO} } }`;
const SEND =
  `mutation($c: ID!, $b: String!, $k: String) { sendMessage(conversationId: $c, body: $b, idempotencyKey: ` +
  `$k) { id conversationId body createdAt mine readByPeer } }`;
const READ = `mutation($c: ID!) { markConversationRead(conversationId: $c) { id unreadCount } }`;
const LIST =
  `query($first: Int, $after: String) { conversations(first: $first, after: $after) { nodes { ${CONVO} } ` +
  `pageInfo { endCursor hasNextPage } } }`;
const ONE = `query($id: ID!) { conversation(id: $id) { ${CONVO} } }`;
const MESSAGES =
  `query($c: ID!, $first: Int, $before: String) { messages(conversationId: $c, first: $first, before: ` +
  `$before) { nodes { id body mine readByPeer } pageInfo { endCursor hasNextPage } } }`;
const UNREAD = `query { unreadConversations }`;

async function pair() {
  const a = await buildUser({ firstName: 'Ayanda', lastName: 'Dube' });
  const b = await buildUser({ firstName: 'Bongani', lastName: 'Zulu' });
  const r = await gql(START, { input: { memberId: b.id } }, { as: a });
  expect(r.errors).toBeUndefined();
  return { a, b, id: r.data.startConversation.id as string };
}

describe('messages', () => {
  it('requires authentication for every operation', async () => {
    const { id } = await pair();
    expect(codeOf(await gql(START, { input: { memberId: id } }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(SEND, { c: id, b: 'hi' }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(READ, { c: id }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(LIST))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(ONE, { id }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(MESSAGES, { c: id }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(UNREAD))).toBe('UNAUTHENTICATED');
  });

  it('starts one conversation per pair, whoever starts it, showing the other member by name', async () => {
    const { a, b, id } = await pair();
    const again = await gql(START, { input: { memberId: a.id } }, { as: b });
    expect(again.data.startConversation.id).toBe(id);
    expect(again.data.startConversation.peer).toEqual({ name: 'Ayanda Dube', photoUrl: null, memberId: a.id });
    expect(again.data.startConversation.me).toEqual({ name: 'Bongani Zulu', memberId: b.id });
    expect(await db().getRepository(Conversation).countBy({ id })).toBe(1);
  });

  it('makes exactly one conversation from 50 parallel starts', async () => {
    const a = await buildUser();
    const b = await buildUser();
    const results = await withRoomyWriteLimits(() =>
      Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          gql(START, { input: { memberId: i % 2 ? a.id : b.id } }, { as: i % 2 ? b : a }),
        ),
      ),
    );
    expect(results.map((r) => r.errors)).toEqual(Array(50).fill(undefined));
    expect(new Set(results.map((r) => r.data.startConversation.id)).size).toBe(1);
    const [x, y] = [a.id, b.id].sort();
    expect(
      await db()
        .getRepository(Conversation)
        .countBy({ originKey: `member:${x}:${y}` }),
    ).toBe(1);
  });

  it('refuses yourself, an unknown member, a bad id, none or two fields, and a listing that does not exist', async () => {
    const a = await buildUser();
    const b = await buildUser();
    expect(codeOf(await gql(START, { input: { memberId: a.id } }, { as: a }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(START, { input: { memberId: '00000000-0000-4000-8000-000000000000' } }, { as: a }))).toBe(
      'NOT_FOUND',
    );
    expect(codeOf(await gql(START, { input: { memberId: 'nope' } }, { as: a }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(START, { input: {} }, { as: a }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(START, { input: { memberId: b.id, listingId: b.id } }, { as: a }))).toBe('BAD_USER_INPUT');
    // The marketplace registers 'listing' (its own tests cover Message Seller): a member's id names no listing.
    const listing = await gql(START, { input: { listingId: b.id } }, { as: a });
    expect(codeOf(listing)).toBe('NOT_FOUND');
    expect(listing.errors?.[0].message).toBe('Listing not found');
  });

  it('only participants read or write a conversation: anyone else gets NOT_FOUND', async () => {
    const { a, id } = await pair();
    await gql(SEND, { c: id, b: 'private' }, { as: a });
    const stranger = await buildUser();
    for (const [q, v] of [
      [ONE, { id }],
      [MESSAGES, { c: id }],
      [SEND, { c: id, b: 'hi' }],
      [READ, { c: id }],
    ] as const) {
      expect(codeOf(await gql(q, v, { as: stranger }))).toBe('NOT_FOUND');
    }
    expect((await gql(LIST, {}, { as: stranger })).data.conversations.nodes).toEqual([]);
    expect(await db().getRepository(Message).countBy({ conversationId: id })).toBe(1);
  });

  it('stores the text trimmed, refuses blank and over 2000 characters, writing nothing', async () => {
    const { a, id } = await pair();
    const ok = await gql(SEND, { c: id, b: '  Sawubona\nline two  ' }, { as: a });
    expect(ok.data.sendMessage).toMatchObject({
      body: 'Sawubona\nline two',
      mine: true,
      readByPeer: false,
      conversationId: id,
    });
    expect(codeOf(await gql(SEND, { c: id, b: ' \n ' }, { as: a }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(SEND, { c: id, b: 'x'.repeat(2001) }, { as: a }))).toBe('BAD_USER_INPUT');
    expect((await gql(SEND, { c: id, b: 'é'.repeat(2000) }, { as: a })).errors).toBeUndefined();
    expect(await db().getRepository(Message).countBy({ conversationId: id })).toBe(2);
  });

  it('answers a retried send with the same idempotency key with the first message', async () => {
    const { a, id } = await pair();
    const [r1, r2] = await Promise.all([
      gql(SEND, { c: id, b: 'once', k: 'k-1' }, { as: a }),
      gql(SEND, { c: id, b: 'once', k: 'k-1' }, { as: a }),
    ]);
    expect(r1.data.sendMessage.id).toBe(r2.data.sendMessage.id);
    expect(await db().getRepository(Message).countBy({ conversationId: id })).toBe(1);
  });

  it('counts unread conversations, marks read, and shows the receipt on the sender side', async () => {
    const { a, b, id } = await pair();
    await gql(SEND, { c: id, b: 'one' }, { as: a });
    await gql(SEND, { c: id, b: 'two' }, { as: a });
    expect((await gql(UNREAD, {}, { as: b })).data.unreadConversations).toBe(1);
    expect((await gql(UNREAD, {}, { as: a })).data.unreadConversations).toBe(0);
    expect((await gql(ONE, { id }, { as: b })).data.conversation.unreadCount).toBe(2);
    expect((await gql(ONE, { id }, { as: a })).data.conversation.lastMessage).toMatchObject({
      body: 'two',
      mine: true,
      readByPeer: false,
    });
    expect((await gql(READ, { c: id }, { as: b })).data.markConversationRead.unreadCount).toBe(0);
    expect((await gql(UNREAD, {}, { as: b })).data.unreadConversations).toBe(0);
    const seen = (await gql(ONE, { id }, { as: a })).data.conversation;
    expect(seen.lastMessage.readByPeer).toBe(true);
    expect(seen.peerReadAt).not.toBeNull();
  });

  it('lists conversations by latest message and pages messages newest first, older with before', async () => {
    const me = await buildUser();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const other = await buildUser();
      ids.push((await gql(START, { input: { memberId: other.id } }, { as: me })).data.startConversation.id);
    }
    await gql(SEND, { c: ids[0], b: 'latest' }, { as: me });
    const page1 = (await gql(LIST, { first: 2 }, { as: me })).data.conversations;
    expect(page1.nodes.map((c: { id: string }) => c.id)).toEqual([ids[0], ids[2]]);
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const page2 = (await gql(LIST, { first: 2, after: page1.pageInfo.endCursor }, { as: me })).data.conversations;
    expect(page2.nodes.map((c: { id: string }) => c.id)).toEqual([ids[1]]);

    for (let i = 1; i <= 5; i++) await gql(SEND, { c: ids[1], b: `m${i}` }, { as: me });
    const newest = (await gql(MESSAGES, { c: ids[1], first: 3 }, { as: me })).data.messages;
    expect(newest.nodes.map((m: { body: string }) => m.body)).toEqual(['m5', 'm4', 'm3']);
    const older = (await gql(MESSAGES, { c: ids[1], first: 3, before: newest.pageInfo.endCursor }, { as: me })).data
      .messages;
    expect(older.nodes.map((m: { body: string }) => m.body)).toEqual(['m2', 'm1']);
    expect(older.pageInfo.hasNextPage).toBe(false);
  });

  it('shows a side with a persona only under it: no member id, e-mail or real name reaches the other side', async () => {
    const real = await buildUser({
      firstName: 'Secret',
      lastName: 'Identity',
      profileImageUrl: '/media/real-face.jpg',
    });
    const other = await buildUser({ firstName: 'Open', lastName: 'Person' });
    // A test origin standing in for a dating match: `id` names the member behind the alias.
    registerConversationOrigin('datingMatch', async (viewerId, id, manager) => {
      const hidden = await manager.getRepository('User').findOneBy({ id });
      if (!hidden) throw notFound('Match');
      return {
        key: `datingMatch:test:${[viewerId, id].sort().join(':')}`,
        sides: [
          { memberId: viewerId, persona: { name: 'Sunny', photoUrl: '/media/sunny.jpg' } },
          { memberId: id, persona: { name: 'Moonlight', photoUrl: null } },
        ],
      };
    });
    const started = await gql(START, { input: { datingMatchId: real.id } }, { as: other });
    expect(started.errors).toBeUndefined();
    const id = started.data.startConversation.id;
    expect(started.data.startConversation.peer).toEqual({ name: 'Moonlight', photoUrl: null, memberId: null });
    expect(started.data.startConversation.me).toEqual({ name: 'Sunny', memberId: null });
    // The hidden member opens it too and writes; every answer the other side gets is free of their identity.
    await gql(SEND, { c: id, b: 'hello from the moon' }, { as: real });
    const answers = [
      await gql(ONE, { id }, { as: other }),
      await gql(LIST, {}, { as: other }),
      await gql(MESSAGES, { c: id }, { as: other }),
      await gql(READ, { c: id }, { as: other }),
    ];
    const text = JSON.stringify(answers);
    expect(answers.every((r) => !r.errors)).toBe(true);
    for (const secret of [real.id, real.email!, 'Secret', 'Identity', 'real-face']) expect(text).not.toContain(secret);
    expect(text).toContain('Moonlight');
    // And the other way round: the hidden member sees only the alias of the one who started it.
    const theirs = JSON.stringify(await gql(ONE, { id }, { as: real }));
    for (const secret of [other.id, other.email!, 'Open', 'Person']) expect(theirs).not.toContain(secret);
    expect(theirs).toContain('Sunny');
  });

  it('delivers messages, read receipts and the unread badge live to the participants only', async () => {
    const { a, b, id } = await pair();
    const stranger = await buildUser();
    const toB = await subscribeAs('subscription { messageAdded { body mine conversationId } }', b);
    const toA = await subscribeAs('subscription { messageAdded { body mine } }', a);
    const toStranger = await subscribeAs('subscription { messageAdded { body } }', stranger);
    const badge = await subscribeAs('subscription { unreadConversationsChanged }', b);
    const receipts = await subscribeAs('subscription { conversationRead { id peerReadAt } }', a);
    expect(await badge.next()).toEqual({ unreadConversationsChanged: 0 });
    const [nb, na, ns, nbadge] = [toB.next(), toA.next(), toStranger.next(1500), badge.next()];
    await new Promise((r) => setTimeout(r, 50));
    await gql(SEND, { c: id, b: 'live!' }, { as: a });
    expect(await nb).toEqual({ messageAdded: { body: 'live!', mine: false, conversationId: id } });
    expect(await na).toEqual({ messageAdded: { body: 'live!', mine: true } });
    expect(await nbadge).toEqual({ unreadConversationsChanged: 1 });
    await expect(ns).rejects.toThrow('no event in time');
    const [nr, nbadge2] = [receipts.next(), badge.next()];
    await new Promise((r) => setTimeout(r, 50));
    await gql(READ, { c: id }, { as: b });
    const receipt = (await nr) as { conversationRead: { id: string; peerReadAt: string | null } };
    expect(receipt.conversationRead.id).toBe(id);
    expect(receipt.conversationRead.peerReadAt).not.toBeNull();
    expect(await nbadge2).toEqual({ unreadConversationsChanged: 0 });
    for (const s of [toB, toA, toStranger, badge, receipts]) await s.close();
  });

  it('refuses a flood of messages to one member past RATE_MESSAGES_PER_MINUTE, kept in the database for every replica', async () => {
    const { a, b, id } = await pair();
    const limit = settings().limits.messagesPerMinute;
    const results = await Promise.all(
      Array.from({ length: limit + 15 }, (_, i) => gql(SEND, { c: id, b: `spam ${i}` }, { as: a })),
    );
    expect(results.filter((r) => !r.errors)).toHaveLength(limit);
    expect(results.filter((r) => r.errors).map(codeOf)).toEqual(Array(15).fill('RATE_LIMITED'));
    expect(await db().getRepository(Message).countBy({ conversationId: id, senderId: a.id })).toBe(limit);
    const [row] = await db().query(`SELECT hits FROM rate_limits WHERE key = $1`, [`write:messages:${a.id}`]);
    expect(row.hits).toBe(limit + 15);
    // The other side is not limited by it.
    expect((await gql(SEND, { c: id, b: 'stop please' }, { as: b })).errors).toBeUndefined();
  });

  it('refuses opening conversations with many members past RATE_CONVERSATIONS_PER_HOUR', async () => {
    const a = await buildUser();
    const limit = settings().limits.conversationsPerHour;
    const others = await Promise.all(Array.from({ length: limit + 5 }, () => buildUser()));
    const codes: unknown[] = [];
    for (const o of others) codes.push(codeOf(await gql(START, { input: { memberId: o.id } }, { as: a })));
    expect(codes).toEqual([...Array(limit).fill(undefined), ...Array(5).fill('RATE_LIMITED')]);
    const [{ n }] = await db().query(`SELECT count(*)::int AS n FROM conversation_members WHERE member_id = $1`, [
      a.id,
    ]);
    expect(n).toBe(limit);
  });
});
