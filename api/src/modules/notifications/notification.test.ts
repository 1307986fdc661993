import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { deliverLocally, listen } from '../../kernel/pubsub';
import { buildNotification, buildUser } from '../../test/factories';
import { codeOf, countQueries, gql, subscribeAs } from '../../test/helpers';
import { BroadcastsFanOutOnRead1795600000000 } from '../../db/migrations/1795600000000-BroadcastsFanOutOnRead';
import { Role, type User } from '../users/user.entity';
import { broadcast, NOTIFICATION_ADDED, notify, UNREAD_CHANGED, type NotificationEvent } from './notification.service';

/** The next NOTIFICATION_ADDED event (of member `key`, or of everyone) that arrives from NOTIFY and matches. */
function nextEvent(match: (e: NotificationEvent) => boolean, key?: string, ms = 5000): Promise<NotificationEvent> {
  const it = listen<NotificationEvent>([{ topic: NOTIFICATION_ADDED, key }]);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no event')), ms);
    (async () => {
      for await (const e of it) {
        if (match(e)) {
          clearTimeout(timer);
          resolve(e);
          await it.return?.();
          return;
        }
      }
    })().catch(reject);
  });
}

describe('notifications', () => {
  it('requires authentication', async () => {
    expect(codeOf(await gql(`{ notifications { nodes { id } } }`))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(`{ unreadNotificationCount }`))).toBe('UNAUTHENTICATED');
  });

  it('stores a notification and publishes it through PostgreSQL NOTIFY to the listener', async () => {
    const u = await buildUser();
    const waiting = nextEvent((e) => e.recipientId === u.id, u.id);
    const n = await notify(u.id, { title: 'Hello', message: 'World' });
    const event = await waiting;
    expect(event.notificationId).toBe(n!.id);
    expect(event.content).toMatchObject({ title: 'Hello', message: 'World', type: 'info', link: null });
    const list = await gql(
      `{ notifications { nodes { title message type isRead } } unreadNotificationCount }`,
      {},
      { as: u },
    );
    expect(list.data.notifications.nodes).toEqual([{ title: 'Hello', message: 'World', type: 'info', isRead: false }]);
    expect(list.data.unreadNotificationCount).toBe(1);
  });

  it("marks read only the viewer's own notification", async () => {
    const u = await buildUser();
    const other = await buildUser();
    const n = await buildNotification({ recipientId: u.id, title: 'A', message: 'B' });
    const mark = (as: typeof u) =>
      gql(`mutation($id: ID!) { markNotificationRead(id: $id) { isRead } }`, { id: n!.id }, { as });
    expect(codeOf(await mark(other))).toBe('NOT_FOUND');
    expect((await mark(u)).data.markNotificationRead.isRead).toBe(true);
    expect((await gql(`{ unreadNotificationCount }`, {}, { as: u })).data.unreadNotificationCount).toBe(0);
  });

  it('lets admins broadcast to every member; others are refused', async () => {
    const admin = await buildUser({ role: Role.admin });
    const member = await buildUser();
    const send = (as: typeof admin, input: Record<string, unknown>) =>
      gql(`mutation($input: BroadcastInput!) { broadcastNotification(input: $input) }`, { input }, { as });
    expect(codeOf(await send(member, { title: 'x', message: 'y' }))).toBe('FORBIDDEN');
    expect(codeOf(await send(admin, { title: ' ', message: 'y' }))).toBe('BAD_USER_INPUT');
    const waiting = nextEvent((e) => e.recipientId === '*');
    const r = await send(admin, { title: 'Braai on Saturday', message: 'Everyone welcome', type: 'success' });
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    // It reaches every member, and is stored once: one row with no recipient.
    const [{ users }] = await db().query('SELECT count(*)::int AS users FROM users');
    expect(r.data.broadcastNotification).toBe(users);
    const stored = await db().query(`SELECT id, recipient_id FROM notifications WHERE title = 'Braai on Saturday'`);
    expect(stored).toEqual([{ id: expect.any(String), recipient_id: null }]);
    expect((await waiting).notificationId).toBe(stored[0].id);
    const list = await gql(
      `{ notifications { nodes { id title type isRead } } unreadNotificationCount }`,
      {},
      { as: member },
    );
    expect(list.data.notifications.nodes[0]).toEqual({
      id: stored[0].id,
      title: 'Braai on Saturday',
      type: 'success',
      isRead: false,
    });
    expect(list.data.unreadNotificationCount).toBe(1);
  });

  it('shows and counts a broadcast only to members who had joined when it was sent', async () => {
    const admin = await buildUser({ role: Role.admin });
    const early = await buildUser();
    const sent = await broadcast(admin, { title: 'Before you joined', message: 'x' });
    const [{ users }] = await db().query('SELECT count(*)::int AS users FROM users');
    expect(sent).toBe(users);
    const [{ id }] = await db().query(
      `SELECT id FROM notifications WHERE title = 'Before you joined' AND recipient_id IS NULL`,
    );
    await new Promise((r) => setTimeout(r, 5)); // the newcomer joins a few milliseconds later
    const late = await buildUser();
    const seen = async (as: User) =>
      (await gql(`{ notifications { nodes { id } } }`, {}, { as })).data.notifications.nodes.map(
        (n: { id: string }) => n.id,
      );
    expect(await seen(early)).toEqual([id]);
    expect(await unreadOf(early)).toBe(1);
    expect(await seen(late)).toEqual([]);
    expect(await unreadOf(late)).toBe(0);
    // Nor can they mark it read (it is not theirs), and marking everything read leaves no read row behind.
    const mark = (as: User) =>
      gql(`mutation($id: ID!) { markNotificationRead(id: $id) { id isRead } }`, { id }, { as });
    expect(codeOf(await mark(late))).toBe('NOT_FOUND');
    expect((await gql(`mutation { markAllNotificationsRead }`, {}, { as: late })).data.markAllNotificationsRead).toBe(
      0,
    );
    expect(await db().query('SELECT 1 FROM notification_reads WHERE member_id = $1', [late.id])).toEqual([]);
    expect((await mark(early)).data.markNotificationRead).toEqual({ id, isRead: true });
  });

  it('marks a broadcast read for the member who read it only; marking it again changes nothing', async () => {
    const admin = await buildUser({ role: Role.admin });
    const [me, other] = await Promise.all([buildUser(), buildUser()]);
    await broadcast(admin, { title: 'Read it or not', message: 'x' });
    const [{ id }] = await db().query(
      `SELECT id FROM notifications WHERE title = 'Read it or not' AND recipient_id IS NULL`,
    );
    const listed = async (as: User) =>
      (await gql(`{ notifications { nodes { id isRead } } }`, {}, { as })).data.notifications.nodes;
    const mark = () =>
      gql(`mutation($id: ID!) { markNotificationRead(id: $id) { id title isRead } }`, { id }, { as: me });
    expect((await mark()).data.markNotificationRead).toEqual({ id, title: 'Read it or not', isRead: true });
    expect(await listed(me)).toEqual([{ id, isRead: true }]);
    expect(await unreadOf(me)).toBe(0);
    expect(await listed(other)).toEqual([{ id, isRead: false }]);
    expect(await unreadOf(other)).toBe(1);
    expect((await mark()).data.markNotificationRead).toEqual({ id, title: 'Read it or not', isRead: true });
    expect(await db().query('SELECT member_id FROM notification_reads WHERE notification_id = $1', [id])).toEqual([
      { member_id: me.id },
    ]);
  });

  it('marks every notification read, own rows and broadcasts, for the viewer only', async () => {
    const admin = await buildUser({ role: Role.admin });
    const [me, other] = await Promise.all([buildUser(), buildUser()]);
    await notify(me.id, { title: 'Mine', message: 'x' });
    await broadcast(admin, { title: 'For all 1', message: 'x' });
    await broadcast(admin, { title: 'For all 2', message: 'x' });
    expect(await unreadOf(me)).toBe(3);
    const all = await gql(`mutation { markAllNotificationsRead }`, {}, { as: me });
    expect(all.data.markAllNotificationsRead).toBe(3);
    expect(await unreadOf(me)).toBe(0);
    const list = (await gql(`{ notifications { nodes { title isRead } } }`, {}, { as: me })).data.notifications.nodes;
    expect(list).toEqual(['For all 2', 'For all 1', 'Mine'].map((title) => ({ title, isRead: true })));
    expect((await gql(`mutation { markAllNotificationsRead }`, {}, { as: me })).data.markAllNotificationsRead).toBe(0);
    expect(await unreadOf(other)).toBe(2);
  });

  it('lists a page of own rows and broadcasts in the same number of statements for 5 and 40 notifications', async () => {
    const admin = await buildUser({ role: Role.admin });
    const many = await buildUser();
    for (let i = 0; i < 20; i++) await broadcast(admin, { title: `Early ${i}`, message: 'x' });
    await new Promise((r) => setTimeout(r, 5));
    const few = await buildUser();
    for (let i = 0; i < 2; i++) await broadcast(admin, { title: `Late ${i}`, message: 'x' });
    for (let i = 0; i < 3; i++) await notify(few.id, { title: `Few ${i}`, message: 'x' });
    for (let i = 0; i < 18; i++) await notify(many.id, { title: `Many ${i}`, message: 'x' });
    // Some read, some not, on both kinds of row.
    const page = `{ notifications(first: 50) { nodes { id title isRead createdAt } pageInfo { hasNextPage } } }`;
    const firstBroadcast = (await gql(page, {}, { as: many })).data.notifications.nodes.find(
      (n: { title: string }) => n.title === 'Late 0',
    );
    await gql(`mutation($id: ID!) { markNotificationRead(id: $id) { id } }`, { id: firstBroadcast.id }, { as: many });
    const ownOfMany = (await gql(page, {}, { as: many })).data.notifications.nodes.find(
      (n: { title: string }) => n.title === 'Many 0',
    );
    await gql(`mutation($id: ID!) { markNotificationRead(id: $id) { id } }`, { id: ownOfMany.id }, { as: many });

    const small = await countQueries(() => gql(page, {}, { as: few }));
    const large = await countQueries(() => gql(page, {}, { as: many }));
    expect(small.result.data.notifications.nodes).toHaveLength(5);
    const nodes = large.result.data.notifications.nodes as Array<{ title: string; isRead: boolean; createdAt: string }>;
    expect(nodes).toHaveLength(40);
    expect(large.queries.length).toBe(small.queries.length);
    expect(large.queries.length).toBe(2); // the page, and the viewer's read state of its broadcasts
    expect(
      nodes
        .filter((n) => n.isRead)
        .map((n) => n.title)
        .sort(),
    ).toEqual(['Late 0', 'Many 0']);
    // Newest first, over both kinds of row.
    const times = nodes.map((n) => n.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    // A page without broadcasts asks nothing more than the page.
    const loner = await buildUser();
    await notify(loner.id, { title: 'Only mine', message: 'x' });
    expect((await countQueries(() => gql(page, {}, { as: loner }))).queries).toHaveLength(1);
  });

  it('pages through own rows and broadcasts by keyset, no row twice or left out', async () => {
    const admin = await buildUser({ role: Role.admin });
    const me = await buildUser();
    const titles: string[] = [];
    for (let i = 0; i < 7; i++) {
      const title = `Mixed ${i}`;
      if (i % 2) await broadcast(admin, { title, message: 'x' });
      else await notify(me.id, { title, message: 'x' });
      titles.unshift(title);
    }
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const r = await gql(
        `query($after: String) { notifications(first: 3, after: $after) { nodes { title } pageInfo { endCursor ` +
          `hasNextPage } } }`,
        { after },
        { as: me },
      );
      const { nodes, pageInfo } = r.data.notifications as {
        nodes: Array<{ title: string }>;
        pageInfo: { endCursor: string; hasNextPage: boolean };
      };
      seen.push(...nodes.map((n) => n.title));
      if (!pageInfo.hasNextPage) break;
      after = pageInfo.endCursor;
    }
    expect(seen).toEqual(titles);
  });

  it('stores a broadcast in a constant number of statements however many members it reaches', async () => {
    const admin = await buildUser({ role: Role.admin });
    const send = (title: string) => countQueries(() => broadcast(admin, { title, message: 'x' }));
    const before = await send('Constant 1');
    await Promise.all(Array.from({ length: 60 }, () => buildUser()));
    const after = await send('Constant 2');
    expect(after.result).toBe(before.result + 60);
    // In one transaction, the INSERT (which also counts the members) and its audit entry; then the NOTIFY that
    // carries both events.
    expect(before.queries).toHaveLength(5);
    expect(after.queries).toHaveLength(5);
    expect(await db().query(`SELECT count(*)::int AS rows FROM notifications WHERE title LIKE 'Constant %'`)).toEqual([
      { rows: 2 },
    ]);
  });
});

describe('the migration to broadcasts read by fan-out', () => {
  it('turns each broadcast back into a row per member who saw it, read as they had it, when reverted', async () => {
    const admin = await buildUser({ role: Role.admin });
    const [reader, other] = await Promise.all([buildUser(), buildUser()]);
    await broadcast(admin, { title: 'Revert me', message: 'x' });
    const [{ id }] = await db().query(
      `SELECT id FROM notifications WHERE title = 'Revert me' AND recipient_id IS NULL`,
    );
    await gql(`mutation($id: ID!) { markNotificationRead(id: $id) { id } }`, { id }, { as: reader });
    await new Promise((r) => setTimeout(r, 5));
    const later = await buildUser();
    // Reverted inside a transaction that is rolled back: the schema stays as the other tests need it.
    const runner = db().createQueryRunner();
    await runner.startTransaction();
    try {
      await new BroadcastsFanOutOnRead1795600000000().down(runner);
      const rows = await runner.query(
        `SELECT recipient_id AS "recipientId", is_read AS "isRead", broadcast_id AS "broadcastId" FROM notifications ` +
          `WHERE title = 'Revert me'`,
      );
      const of = (u: User) => rows.filter((r: { recipientId: string }) => r.recipientId === u.id);
      expect(of(reader)).toEqual([{ recipientId: reader.id, isRead: true, broadcastId: id }]);
      expect(of(other)).toEqual([{ recipientId: other.id, isRead: false, broadcastId: id }]);
      expect(of(later)).toEqual([]);
      expect(rows.filter((r: { recipientId: string | null }) => r.recipientId === null)).toEqual([]);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
    expect(await db().query(`SELECT count(*)::int AS rows FROM notifications WHERE title = 'Revert me'`)).toEqual([
      { rows: 1 },
    ]);
  });
});

describe('live notifications over subscriptions', () => {
  it('delivers a new notification to its recipient only, and the unread count as it changes', async () => {
    const me = await buildUser();
    const other = await buildUser();
    const mine = await subscribeAs('subscription { notificationAdded { title } }', me);
    const count = await subscribeAs('subscription { unreadNotificationCountChanged }', me);
    const theirs = await subscribeAs('subscription { notificationAdded { title } }', other);
    // The count subscription answers the current count at once.
    expect(await count.next()).toEqual({ unreadNotificationCountChanged: 0 });
    // A subscription starts listening when it is first read, as graphql-ws does at once.
    const [nextMine, nextCount, nextTheirs] = [mine.next(), count.next(), theirs.next(1500)];
    await new Promise((r) => setTimeout(r, 50));
    const n = await notify(me.id, { title: 'Just for me', message: 'x' });
    expect(await nextMine).toEqual({ notificationAdded: { title: 'Just for me' } });
    expect(await nextCount).toEqual({ unreadNotificationCountChanged: 1 });
    const afterRead = count.next();
    await gql(`mutation($id: ID!) { markNotificationRead(id: $id) { id } }`, { id: n!.id }, { as: me });
    expect(await afterRead).toEqual({ unreadNotificationCountChanged: 0 });
    await expect(nextTheirs).rejects.toThrow('no event in time');
    await Promise.all([mine.close(), count.close(), theirs.close()]);
  });
});

const FIELDS = 'id type title message link isRead createdAt';
const settle = () => new Promise((r) => setTimeout(r, 50));
/** The statements a test ran, other than the writer's own (its INSERT, its UPDATE, its NOTIFY). */
/**
 * The statements that read something: not the writer's own (its INSERT, the audit entry, the transaction, the NOTIFY).
 */
const readsIn = (queries: string[]) =>
  queries.filter(
    (q) => !/^\s*WITH (n|sent|r) AS \(|pg_notify|^\s*INSERT INTO admin_audit_log|^(START TRANSACTION|COMMIT)$/.test(q),
  );
const unreadOf = async (as: User) =>
  (await gql(`{ unreadNotificationCount }`, {}, { as })).data.unreadNotificationCount as number;

describe('fan-out: one event, no SQL per subscriber', () => {
  it('delivers a broadcast to every subscriber without a statement per delivery, all with the one stored row', async () => {
    const admin = await buildUser({ role: Role.admin });
    // More members than the listener wakes in one turn of the event loop (64).
    const members = await Promise.all(Array.from({ length: 100 }, () => buildUser()));
    const added = await Promise.all(
      members.map((m) => subscribeAs(`subscription { notificationAdded { ${FIELDS} } }`, m)),
    );
    const counts = await Promise.all(
      members.map((m) => subscribeAs('subscription { unreadNotificationCountChanged }', m)),
    );
    const before = await Promise.all(counts.map((c) => c.next()));
    expect(before.every((b) => b?.unreadNotificationCountChanged === 0)).toBe(true);
    const nextAdded = added.map((s) => s.next());
    const nextCount = counts.map((c) => c.next());
    await settle();

    const { result, queries } = await countQueries(async () => {
      const sent = await broadcast(admin, { title: 'Load shedding tonight', message: 'Stage 2 from 18:00' });
      return { sent, delivered: await Promise.all(nextAdded), counted: await Promise.all(nextCount) };
    });
    // The writer's statements (a transaction with the INSERT that also counts and the audit entry, one NOTIFY for
    // both events); nothing per delivery.
    expect(queries).toHaveLength(5);
    expect(readsIn(queries)).toEqual([]);
    expect(readsIn(queries)).toEqual([]);
    const [{ users }] = await db().query('SELECT count(*)::int AS users FROM users');
    expect(result.sent).toBe(users);
    expect(result.counted.map((c) => c?.unreadNotificationCountChanged)).toEqual(members.map(() => 1));

    const [row] = await db().query(
      `SELECT id FROM notifications WHERE title = 'Load shedding tonight' AND recipient_id IS NULL`,
    );
    for (const [i, m] of members.entries()) {
      const got = (result.delivered[i] as { notificationAdded: Record<string, unknown> }).notificationAdded;
      const stored = (await gql(`{ notifications(first: 1) { nodes { ${FIELDS} } } }`, {}, { as: m })).data
        .notifications.nodes[0];
      expect(got).toEqual(stored);
      expect(got.id).toBe(row.id);
    }
    // markRead works on the delivered id, and that member's live count follows; another member's does not move.
    const afterRead = counts[0].next();
    const untouched = counts[1].next();
    const read = await gql(
      `mutation($id: ID!) { markNotificationRead(id: $id) { id isRead } }`,
      { id: row.id },
      { as: members[0] },
    );
    expect(read.data.markNotificationRead).toEqual({ id: row.id, isRead: true });
    expect(await afterRead).toEqual({ unreadNotificationCountChanged: 0 });
    await notify(members[1].id, { title: 'Only for the second', message: 'x' });
    expect(await untouched).toEqual({ unreadNotificationCountChanged: 2 });
    await Promise.all([...added, ...counts].map((s) => s.close()));
  });

  it('delivers a one-member notification from the event alone, to that member only', async () => {
    const me = await buildUser();
    const other = await buildUser();
    const mine = await subscribeAs(`subscription { notificationAdded { ${FIELDS} } }`, me);
    const theirs = await subscribeAs(`subscription { notificationAdded { id } }`, other);
    const [nextMine, nextTheirs] = [mine.next(), theirs.next(1000)];
    await settle();
    const { result, queries } = await countQueries(async () => {
      const n = await notify(me.id, { title: 'New comment', message: 'Sipho commented on your post', link: '/post/x' });
      return { n, got: await nextMine };
    });
    expect(readsIn(queries)).toEqual([]);
    const stored = (await gql(`{ notifications(first: 1) { nodes { ${FIELDS} } } }`, {}, { as: me })).data.notifications
      .nodes[0];
    expect(result.got).toEqual({ notificationAdded: stored });
    expect(stored.id).toBe(result.n!.id);
    await expect(nextTheirs).rejects.toThrow('no event in time');
    await Promise.all([mine.close(), theirs.close()]);
  });

  it("falls back to ids when the content is over NOTIFY's 8000 bytes, and reads it once per event for all subscribers", async () => {
    const me = await buildUser();
    const tabs = await Promise.all(
      [1, 2, 3].map(() => subscribeAs(`subscription { notificationAdded { ${FIELDS} } }`, me)),
    );
    // 3,000 three-byte characters: 9,000 bytes of message.
    const long = `${'€'.repeat(3000)} end`;
    let waiting = tabs.map((t) => t.next());
    await settle();
    const one = await countQueries(async () => {
      const n = await notify(me.id, { title: 'A long one', message: long });
      return { n, got: await Promise.all(waiting) };
    });
    expect(readsIn(one.queries)).toHaveLength(1); // one read for the three tabs
    for (const got of one.result.got)
      expect(got).toMatchObject({
        notificationAdded: { id: one.result.n!.id, title: 'A long one', message: long, isRead: false },
      });

    // A broadcast of 2,000 characters of multibyte text (and a 200-character multibyte title) still fits: no read.
    const admin = await buildUser({ role: Role.admin });
    waiting = tabs.map((t) => t.next());
    await settle();
    const fits = await countQueries(async () => {
      await broadcast(admin, { title: 'ж'.repeat(200), message: '€'.repeat(2000) });
      return Promise.all(waiting);
    });
    expect(readsIn(fits.queries)).toEqual([]);
    expect(fits.result[0]).toMatchObject({ notificationAdded: { title: 'ж'.repeat(200), message: '€'.repeat(2000) } });

    // Control characters, which JSON escapes to six bytes each, take a 2,000-character broadcast over the limit.
    const escaped = '€\u0001'.repeat(1000);
    waiting = tabs.map((t) => t.next());
    await settle();
    const over = await countQueries(async () => {
      await broadcast(admin, { title: 'Escapes', message: escaped });
      return Promise.all(waiting);
    });
    expect(readsIn(over.queries)).toHaveLength(1);
    const stored = (await gql(`{ notifications(first: 1) { nodes { ${FIELDS} } } }`, {}, { as: me })).data.notifications
      .nodes[0];
    expect(stored.message).toBe(escaped);
    for (const got of over.result) expect(got).toEqual({ notificationAdded: stored });
    await Promise.all(tabs.map((t) => t.close()));
  });

  it('keeps the live unread count right across notify, broadcast, markRead and markAllRead, in every tab', async () => {
    const admin = await buildUser({ role: Role.admin });
    const me = await buildUser();
    const bystander = await buildUser();
    const tabs = await Promise.all(
      [me, me, bystander].map((m) => subscribeAs('subscription { unreadNotificationCountChanged }', m)),
    );
    const [tab1, tab2, theirs] = tabs;
    expect(await Promise.all(tabs.map((t) => t.next()))).toEqual(
      [0, 0, 0].map((n) => ({ unreadNotificationCountChanged: n })),
    );
    // The bystander's tab is read only when a broadcast tells them something: were it given another member's
    // count before, that value would be the one read then.
    const step = async (action: () => Promise<unknown>, mine: number, bystanders?: number) => {
      const next = [tab1.next(), tab2.next(), ...(bystanders === undefined ? [] : [theirs.next()])];
      await settle();
      await action();
      expect(await Promise.all(next)).toEqual(
        [mine, mine, ...(bystanders === undefined ? [] : [bystanders])].map((n) => ({
          unreadNotificationCountChanged: n,
        })),
      );
      expect(await unreadOf(me)).toBe(mine);
      if (bystanders !== undefined) expect(await unreadOf(bystander)).toBe(bystanders);
    };
    let first: Awaited<ReturnType<typeof notify>> = null;
    await step(async () => (first = await notify(me.id, { title: 'One', message: 'x' })), 1);
    await step(() => notify(me.id, { title: 'Two', message: 'x' }), 2);
    await step(() => broadcast(admin, { title: 'All', message: 'y' }), 3, 1);
    await step(
      () => gql(`mutation($id: ID!) { markNotificationRead(id: $id) { id } }`, { id: first!.id }, { as: me }),
      2,
    );
    await step(() => gql(`mutation { markAllNotificationsRead }`, {}, { as: me }), 0);
    await step(() => broadcast(admin, { title: 'Again', message: 'z' }), 1, 2);
    await Promise.all(tabs.map((t) => t.close()));
  });

  it('does not count a broadcast twice when its event arrives after the count that already includes it', async () => {
    const admin = await buildUser({ role: Role.admin });
    const me = await buildUser();
    await broadcast(admin, { title: 'Earlier', message: 'x' });
    const [{ id: broadcastId }] = (await gql(`{ notifications { nodes { id } } }`, {}, { as: me })).data.notifications
      .nodes;
    const count = await subscribeAs('subscription { unreadNotificationCountChanged }', me);
    expect(await count.next()).toEqual({ unreadNotificationCountChanged: 1 });
    const next = count.next();
    await settle();
    deliverLocally(UNREAD_CHANGED, { recipientId: '*', broadcastId }); // the same broadcast's event, late
    expect(await next).toEqual({ unreadNotificationCountChanged: 1 });
    await count.close();
  });

  it("never hands a member an event that names another member, even one published without the member's key", async () => {
    const me = await buildUser();
    const other = await buildUser();
    const mine = await subscribeAs('subscription { notificationAdded { title } }', me);
    const theirs = await subscribeAs('subscription { notificationAdded { title } }', other);
    const [nextMine, nextTheirs] = [mine.next(1000), theirs.next()];
    await settle();
    const content = {
      type: 'info',
      title: 'Only for the other',
      message: 'x',
      link: null,
      createdAt: new Date().toISOString(),
    };
    // As a process of an older version published it: no key, so every subscription of this process sees it.
    deliverLocally(NOTIFICATION_ADDED, { recipientId: other.id, notificationId: randomUUID(), content });
    expect(await nextTheirs).toEqual({ notificationAdded: { title: 'Only for the other' } });
    await expect(nextMine).rejects.toThrow('no event in time');
    await Promise.all([mine.close(), theirs.close()]);
  });

  it('lets go of a closed subscription at once, even while it waits for an event', async () => {
    const me = await buildUser();
    const subs = await Promise.all(
      ['subscription { notificationAdded { id } }', 'subscription { unreadNotificationCountChanged }'].map((q) =>
        subscribeAs(q, me),
      ),
    );
    expect(await subs[1].next()).toEqual({ unreadNotificationCountChanged: 0 });
    const waiting = subs.map((s) => s.next(10_000).catch(() => 'none'));
    await settle();
    const closed = Promise.all(subs.map((s) => s.close()));
    const late = new Promise((r) => setTimeout(() => r('still waiting'), 1_000));
    expect(await Promise.race([closed.then(() => 'closed'), late])).toBe('closed');
    expect(await Promise.all(waiting)).toEqual([undefined, undefined]); // done, without a value
  });

  it('reads each live count again once after the event listener reconnects (events may have been missed)', async () => {
    const me = await buildUser();
    const count = await subscribeAs('subscription { unreadNotificationCountChanged }', me);
    expect(await count.next()).toEqual({ unreadNotificationCountChanged: 0 });
    const next = count.next();
    await settle();
    // A notification stored while nobody announced it, then the listener's connection is cut: it reconnects.
    await buildNotification({ recipientId: me.id });
    const cut = await db().query(
      `SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE datname = current_database() AND query = ` +
        `'LISTEN saffa_events'`,
    );
    expect(cut).toEqual([{ done: true }]);
    expect(await next).toEqual({ unreadNotificationCountChanged: 1 });
    await count.close();
  });
});
