import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { deliverLocally, listen } from '../../kernel/pubsub';
import { buildNotification, buildUser } from '../../test/factories';
import { codeOf, countQueries, gql, subscribeAs } from '../../test/helpers';
import { Role, type User } from '../users/user.entity';
import { broadcast, broadcastRowId, NOTIFICATION_ADDED, notify, UNREAD_CHANGED, type NotificationEvent } from './notification.service';

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
    const list = await gql(`{ notifications { nodes { title message type isRead } } unreadNotificationCount }`, {}, { as: u });
    expect(list.data.notifications.nodes).toEqual([{ title: 'Hello', message: 'World', type: 'info', isRead: false }]);
    expect(list.data.unreadNotificationCount).toBe(1);
  });

  it("marks read only the viewer's own notification", async () => {
    const u = await buildUser();
    const other = await buildUser();
    const n = await buildNotification({ recipientId: u.id, title: 'A', message: 'B' });
    const mark = (as: typeof u) => gql(`mutation($id: ID!) { markNotificationRead(id: $id) { isRead } }`, { id: n!.id }, { as });
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
    expect(r.data.broadcastNotification).toBeGreaterThanOrEqual(2);
    expect((await waiting).broadcastId).toBeTruthy();
    const list = await gql(`{ notifications { nodes { title type } } }`, {}, { as: member });
    expect(list.data.notifications.nodes[0]).toEqual({ title: 'Braai on Saturday', type: 'success' });
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
const readsIn = (queries: string[]) => queries.filter((q) => !/^\s*WITH (n|sent|r) AS \(|pg_notify/.test(q));
const unreadOf = async (as: User) => (await gql(`{ unreadNotificationCount }`, {}, { as })).data.unreadNotificationCount as number;

describe('fan-out: one event, no SQL per subscriber', () => {
  it("delivers a broadcast to every subscriber without a statement per delivery; each gets its own stored row's id", async () => {
    const admin = await buildUser({ role: Role.admin });
    // More members than the listener wakes in one turn of the event loop (64).
    const members = await Promise.all(Array.from({ length: 100 }, () => buildUser()));
    const added = await Promise.all(members.map((m) => subscribeAs(`subscription { notificationAdded { ${FIELDS} } }`, m)));
    const counts = await Promise.all(members.map((m) => subscribeAs('subscription { unreadNotificationCountChanged }', m)));
    const before = await Promise.all(counts.map((c) => c.next()));
    expect(before.every((b) => b?.unreadNotificationCountChanged === 0)).toBe(true);
    const nextAdded = added.map((s) => s.next());
    const nextCount = counts.map((c) => c.next());
    await settle();

    const { result, queries } = await countQueries(async () => {
      const sent = await broadcast(admin, { title: 'Load shedding tonight', message: 'Stage 2 from 18:00' });
      return { sent, delivered: await Promise.all(nextAdded), counted: await Promise.all(nextCount) };
    });
    // The writer's two statements (the INSERT that also counts, one NOTIFY for both events); nothing per delivery.
    expect(queries).toHaveLength(2);
    expect(readsIn(queries)).toEqual([]);
    const [{ users }] = await db().query('SELECT count(*)::int AS users FROM users');
    expect(result.sent).toBe(users);
    expect(result.counted.map((c) => c?.unreadNotificationCountChanged)).toEqual(members.map(() => 1));

    for (const [i, m] of members.entries()) {
      const got = (result.delivered[i] as { notificationAdded: Record<string, unknown> }).notificationAdded;
      const stored = (await gql(`{ notifications(first: 1) { nodes { ${FIELDS} } } }`, {}, { as: m })).data.notifications.nodes[0];
      expect(got).toEqual(stored);
      expect(got.id).toBe(broadcastRowId(String((await db().query('SELECT broadcast_id FROM notifications WHERE id = $1', [got.id]))[0].broadcast_id), m.id));
    }
    // markRead works on the delivered id, and the member's live count follows.
    const first = (result.delivered[0] as { notificationAdded: { id: string } }).notificationAdded.id;
    const afterRead = counts[0].next();
    const read = await gql(`mutation($id: ID!) { markNotificationRead(id: $id) { id isRead } }`, { id: first }, { as: members[0] });
    expect(read.data.markNotificationRead).toEqual({ id: first, isRead: true });
    expect(await afterRead).toEqual({ unreadNotificationCountChanged: 0 });
    // Another member's delivered id is NOT_FOUND for this member.
    const theirs = (result.delivered[1] as { notificationAdded: { id: string } }).notificationAdded.id;
    expect(codeOf(await gql(`mutation($id: ID!) { markNotificationRead(id: $id) { id } }`, { id: theirs }, { as: members[0] }))).toBe('NOT_FOUND');
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
    const stored = (await gql(`{ notifications(first: 1) { nodes { ${FIELDS} } } }`, {}, { as: me })).data.notifications.nodes[0];
    expect(result.got).toEqual({ notificationAdded: stored });
    expect(stored.id).toBe(result.n!.id);
    await expect(nextTheirs).rejects.toThrow('no event in time');
    await Promise.all([mine.close(), theirs.close()]);
  });

  it("falls back to ids when the content is over NOTIFY's 8000 bytes, and reads it once per event for all subscribers", async () => {
    const me = await buildUser();
    const tabs = await Promise.all([1, 2, 3].map(() => subscribeAs(`subscription { notificationAdded { ${FIELDS} } }`, me)));
    // 3,000 three-byte characters: 9,000 bytes of message.
    const long = `${'€'.repeat(3000)} end`;
    let waiting = tabs.map((t) => t.next());
    await settle();
    const one = await countQueries(async () => {
      const n = await notify(me.id, { title: 'A long one', message: long });
      return { n, got: await Promise.all(waiting) };
    });
    expect(readsIn(one.queries)).toHaveLength(1); // one read for the three tabs
    for (const got of one.result.got) expect(got).toMatchObject({ notificationAdded: { id: one.result.n!.id, title: 'A long one', message: long, isRead: false } });

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
    const stored = (await gql(`{ notifications(first: 1) { nodes { ${FIELDS} } } }`, {}, { as: me })).data.notifications.nodes[0];
    expect(stored.message).toBe(escaped);
    for (const got of over.result) expect(got).toEqual({ notificationAdded: stored });
    await Promise.all(tabs.map((t) => t.close()));
  });

  it('keeps the live unread count right across notify, broadcast, markRead and markAllRead, in every tab', async () => {
    const admin = await buildUser({ role: Role.admin });
    const me = await buildUser();
    const bystander = await buildUser();
    const tabs = await Promise.all([me, me, bystander].map((m) => subscribeAs('subscription { unreadNotificationCountChanged }', m)));
    const [tab1, tab2, theirs] = tabs;
    expect(await Promise.all(tabs.map((t) => t.next()))).toEqual([0, 0, 0].map((n) => ({ unreadNotificationCountChanged: n })));
    // The bystander's tab is read only when a broadcast tells them something: were it given another member's
    // count before, that value would be the one read then.
    const step = async (action: () => Promise<unknown>, mine: number, bystanders?: number) => {
      const next = [tab1.next(), tab2.next(), ...(bystanders === undefined ? [] : [theirs.next()])];
      await settle();
      await action();
      expect(await Promise.all(next)).toEqual([mine, mine, ...(bystanders === undefined ? [] : [bystanders])].map((n) => ({ unreadNotificationCountChanged: n })));
      expect(await unreadOf(me)).toBe(mine);
      if (bystanders !== undefined) expect(await unreadOf(bystander)).toBe(bystanders);
    };
    let first: Awaited<ReturnType<typeof notify>> = null;
    await step(async () => (first = await notify(me.id, { title: 'One', message: 'x' })), 1);
    await step(() => notify(me.id, { title: 'Two', message: 'x' }), 2);
    await step(() => broadcast(admin, { title: 'All', message: 'y' }), 3, 1);
    await step(() => gql(`mutation($id: ID!) { markNotificationRead(id: $id) { id } }`, { id: first!.id }, { as: me }), 2);
    await step(() => gql(`mutation { markAllNotificationsRead }`, {}, { as: me }), 0);
    await step(() => broadcast(admin, { title: 'Again', message: 'z' }), 1, 2);
    await Promise.all(tabs.map((t) => t.close()));
  });

  it('does not count a broadcast twice when its event arrives after the count that already includes it', async () => {
    const admin = await buildUser({ role: Role.admin });
    const me = await buildUser();
    await broadcast(admin, { title: 'Earlier', message: 'x' });
    const [{ broadcast_id: broadcastId }] = await db().query(`SELECT broadcast_id FROM notifications WHERE recipient_id = $1`, [me.id]);
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
    const content = { type: 'info', title: 'Only for the other', message: 'x', link: null, createdAt: new Date().toISOString() };
    // As a process of an older version published it: no key, so every subscription of this process sees it.
    deliverLocally(NOTIFICATION_ADDED, { recipientId: other.id, notificationId: randomUUID(), content });
    expect(await nextTheirs).toEqual({ notificationAdded: { title: 'Only for the other' } });
    await expect(nextMine).rejects.toThrow('no event in time');
    await Promise.all([mine.close(), theirs.close()]);
  });

  it('lets go of a closed subscription at once, even while it waits for an event', async () => {
    const me = await buildUser();
    const subs = await Promise.all(
      ['subscription { notificationAdded { id } }', 'subscription { unreadNotificationCountChanged }'].map((q) => subscribeAs(q, me)),
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
      `SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN saffa_events'`,
    );
    expect(cut).toEqual([{ done: true }]);
    expect(await next).toEqual({ unreadNotificationCountChanged: 1 });
    await count.close();
  });
});
