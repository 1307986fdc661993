import { describe, expect, it } from 'vitest';
import { pubSub } from '../../kernel/pubsub';
import { buildNotification, buildUser } from '../../test/factories';
import { codeOf, gql, subscribeAs } from '../../test/helpers';
import { Role } from '../users/user.entity';
import { NOTIFICATION_ADDED, notify, type NotificationEvent } from './notification.service';

function nextEvent(match: (e: NotificationEvent) => boolean, ms = 5000): Promise<NotificationEvent> {
  const it = (pubSub.subscribe as (t: string) => AsyncIterableIterator<NotificationEvent>)(NOTIFICATION_ADDED);
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
    const waiting = nextEvent((e) => e.recipientId === u.id);
    const n = await notify(u.id, { title: 'Hello', message: 'World' });
    const event = await waiting;
    expect(event.notificationId).toBe(n!.id);
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
