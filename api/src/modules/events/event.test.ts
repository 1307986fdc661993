import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { buildEvent, buildEventBooking, buildUser } from '../../test/factories';
import { codeOf, files, gql } from '../../test/helpers';
import { Notification } from '../notifications/notification.entity';
import { EventBooking } from './event-booking.entity';
import { Event } from './event.entity';

const FIELDS =
  `id hostId title description date time location category ticketPrice totalTickets ticketsSold ` +
  `ticketsAvailable status revenue viewerIsHost hostName hostImage viewerTickets imageUrl isCancelled`;
const CREATE = `mutation($input: CreateEventInput!) { createEvent(input: $input) { ${FIELDS} } }`;
const BOOK =
  `mutation($id: ID!, $q: Int!) { bookEventTickets(eventId: $id, quantity: $q) { id quantity ticketCode ` +
  `event { id ticketsSold ticketsAvailable status } } }`;
const CANCEL = `mutation($id: ID!) { cancelEvent(id: $id) { id isCancelled status } }`;
const LIST =
  `query($category: String, $upcoming: Boolean, $first: Int, $after: String) { events(category: ` +
  `$category, upcoming: $upcoming, first: $first, after: $after) {
  nodes { ${FIELDS} } pageInfo { endCursor hasNextPage } } }`;
const ONE = `query($id: ID!) { event(id: $id) { ${FIELDS} } }`;
const MINE = `query { myEvents { nodes { id title ticketsSold revenue status } } }`;
const TICKETS = `query { myTickets { nodes { id quantity ticketCode event { id title } } } }`;

const VALID = { title: 'Braai Night', date: '2099-03-01', location: 'Durban' };
const count = () => db().getRepository(Event).count();
const sold = async (id: string) => (await db().getRepository(Event).findOneByOrFail({ id })).ticketsSold;

describe('events', () => {
  it('requires authentication for every operation', async () => {
    const e = await buildEvent();
    expect(codeOf(await gql(CREATE, { input: VALID }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(BOOK, { id: e.id, q: 1 }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(CANCEL, { id: e.id }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(LIST))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(MINE))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(TICKETS))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(ONE, { id: e.id }))).toBe('UNAUTHENTICATED');
  });

  it('creates an event with the spec defaults: 50 tickets, free, Other, Active; the host sees revenue 0', async () => {
    const me = await buildUser({ firstName: 'Thandi', lastName: 'Nkosi' });
    const r = await gql(CREATE, { input: VALID }, { as: me });
    expect(r.errors).toBeUndefined();
    expect(r.data.createEvent).toMatchObject({
      hostId: me.id,
      title: 'Braai Night',
      date: '2099-03-01',
      time: null,
      location: 'Durban',
      category: 'Other',
      ticketPrice: 0,
      totalTickets: 50,
      ticketsSold: 0,
      ticketsAvailable: 50,
      status: 'Active',
      revenue: 0,
      viewerIsHost: true,
      hostName: 'Thandi Nkosi',
      imageUrl: null,
    });
  });

  it('stores price in dollars to the cent, the category from the list, the time, and the image through the upload checks', async () => {
    const me = await buildUser();
    const r = await gql(
      CREATE,
      {
        input: {
          ...VALID,
          ticketPrice: 12.5,
          totalTickets: 3,
          category: 'arts & culture',
          time: '19:30',
          description: ' Fire ',
          image: files.png,
        },
      },
      { as: me },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data.createEvent).toMatchObject({
      ticketPrice: 12.5,
      totalTickets: 3,
      category: 'Arts & Culture',
      time: '19:30',
      description: 'Fire',
    });
    expect(r.data.createEvent.imageUrl).toMatch(/^\/media\//);
    const stored = await db().getRepository(Event).findOneByOrFail({ id: r.data.createEvent.id });
    expect(stored.ticketPriceCents).toBe(1250);
    expect(stored.media).toContain(stored.imageUrl);
  });

  it.each([
    [{ title: '  ' }, 'title'],
    [{ date: '' }, 'date'],
    [{ location: '' }, 'location'],
  ])(
    'refuses a missing %o with Missing Information / Please fill in all required fields, writing nothing',
    async (change, field) => {
      const before = await count();
      const r = await gql(CREATE, { input: { ...VALID, ...change } }, { as: await buildUser() });
      expect(codeOf(r)).toBe('BAD_USER_INPUT');
      expect(r.errors![0].message).toBe('Please fill in all required fields');
      expect(r.errors![0].extensions).toMatchObject({ title: 'Missing Information', field });
      expect(await count()).toBe(before);
    },
  );

  it.each([
    [{ ticketPrice: -0.01 }, 'ticketPrice must be at least 0'],
    [{ totalTickets: 0 }, 'totalTickets must be at least 1'],
    [{ category: 'Dancing' }, 'category must be one of'],
    [{ date: '2099-02-30' }, 'date must be a date'],
    [{ time: '25:00' }, 'time must be a time'],
    [{ image: files.fakePng }, 'image must be an image'],
  ])('refuses %o', async (change, message) => {
    const before = await count();
    const r = await gql(CREATE, { input: { ...VALID, ...change } }, { as: await buildUser() });
    expect(codeOf(r)).toBe('BAD_USER_INPUT');
    expect(r.errors![0].message).toContain(message);
    expect(await count()).toBe(before);
  });

  it('lists events newest first by category, without cancelled ones, a page at a time; revenue only for the host', async () => {
    const host = await buildUser();
    const a = await buildEvent({
      hostId: host.id,
      category: 'Music',
      title: 'A',
      ticketPriceCents: 1000,
      ticketsSold: 2,
    });
    const b = await buildEvent({ category: 'Music', title: 'B' });
    await buildEvent({ category: 'Music', title: 'C', isCancelled: true });
    await buildEvent({ category: 'Sports', title: 'D' });
    const viewer = await buildUser();
    const first = await gql(LIST, { category: 'Music', first: 1 }, { as: viewer });
    expect(first.data.events.nodes.map((n: Event) => n.id)).toEqual([b.id]);
    expect(first.data.events.pageInfo.hasNextPage).toBe(true);
    const second = await gql(
      LIST,
      { category: 'Music', first: 5, after: first.data.events.pageInfo.endCursor },
      { as: viewer },
    );
    expect(second.data.events.nodes.map((n: Event) => n.id)).toEqual([a.id]);
    expect(second.data.events.nodes[0]).toMatchObject({ revenue: null, viewerIsHost: false, ticketPrice: 10 });
    const asHost = await gql(
      LIST,
      { category: 'Music', first: 5, after: first.data.events.pageInfo.endCursor },
      { as: host },
    );
    expect(asHost.data.events.nodes[0]).toMatchObject({ revenue: 20, viewerIsHost: true });
    const all = await gql(LIST, { category: 'All', first: 100 }, { as: viewer });
    expect(all.data.events.nodes.map((n: Event) => n.title)).not.toContain('C');
    expect(codeOf(await gql(LIST, { category: 'Dancing' }, { as: viewer }))).toBe('BAD_USER_INPUT');
  });

  it('opens one event by id (a shared /events?id= link): found, cancelled ones too; null for an unknown or malformed id', async () => {
    const host = await buildUser({ firstName: 'Lindiwe', lastName: 'Zulu' });
    const e = await buildEvent({
      hostId: host.id,
      title: 'Jazz on the Lawn',
      ticketPriceCents: 1500,
      ticketsSold: 3,
      totalTickets: 10,
    });
    const viewer = await buildUser();
    const found = await gql(ONE, { id: e.id }, { as: viewer });
    expect(found.errors).toBeUndefined();
    expect(found.data.event).toMatchObject({
      id: e.id,
      title: 'Jazz on the Lawn',
      hostName: 'Lindiwe Zulu',
      ticketPrice: 15,
      ticketsAvailable: 7,
      status: 'Active',
      revenue: null,
      viewerIsHost: false,
    });
    expect((await gql(ONE, { id: e.id }, { as: host })).data.event).toMatchObject({ revenue: 45, viewerIsHost: true });
    const cancelled = await buildEvent({ isCancelled: true });
    expect((await gql(ONE, { id: cancelled.id }, { as: viewer })).data.event).toMatchObject({
      id: cancelled.id,
      status: 'Cancelled',
    });

    const unknown = await gql(ONE, { id: '00000000-0000-4000-8000-000000000000' }, { as: viewer });
    expect(unknown.errors).toBeUndefined();
    expect(unknown.data.event).toBeNull();

    const malformed = await gql(ONE, { id: 'not-an-id' }, { as: viewer });
    expect(malformed.errors).toBeUndefined();
    expect(malformed.data.event).toBeNull();
  });

  it('upcoming leaves out events whose day has passed', async () => {
    const past = await buildEvent({ date: '2000-01-01', category: 'Business' });
    const future = await buildEvent({ date: '2099-01-01', category: 'Business' });
    const r = await gql(LIST, { category: 'Business', upcoming: true, first: 100 }, { as: await buildUser() });
    const ids = r.data.events.nodes.map((n: Event) => n.id);
    expect(ids).toContain(future.id);
    expect(ids).not.toContain(past.id);
  });
});

describe('booking tickets', () => {
  it('books with a ticket code, moves the stock, and shows the booking under My Tickets', async () => {
    const e = await buildEvent({ totalTickets: 5 });
    const me = await buildUser();
    const r = await gql(BOOK, { id: e.id, q: 2 }, { as: me });
    expect(r.errors).toBeUndefined();
    expect(r.data.bookEventTickets).toMatchObject({
      quantity: 2,
      event: { ticketsSold: 2, ticketsAvailable: 3, status: 'Active' },
    });
    expect(r.data.bookEventTickets.ticketCode).toMatch(/^EVT-[A-Z2-9]{10}$/);
    const t = await gql(TICKETS, {}, { as: me });
    expect(t.data.myTickets.nodes).toEqual([
      {
        id: r.data.bookEventTickets.id,
        quantity: 2,
        ticketCode: r.data.bookEventTickets.ticketCode,
        event: { id: e.id, title: e.title },
      },
    ]);
    expect((await gql(TICKETS, {}, { as: await buildUser() })).data.myTickets.nodes).toEqual([]);
  });

  it('clamps the quantity between 1 and what remains; at zero it is Sold Out and a booking is CONFLICT', async () => {
    const e = await buildEvent({ totalTickets: 4, ticketsSold: 1 });
    const me = await buildUser();
    expect((await gql(BOOK, { id: e.id, q: 0 }, { as: me })).data.bookEventTickets.quantity).toBe(1);
    expect((await gql(BOOK, { id: e.id, q: -3 }, { as: me })).data.bookEventTickets.quantity).toBe(1);
    const last = await gql(BOOK, { id: e.id, q: 10 }, { as: me });
    expect(last.data.bookEventTickets).toMatchObject({
      quantity: 1,
      event: { ticketsSold: 4, ticketsAvailable: 0, status: 'Sold Out' },
    });
    const r = await gql(BOOK, { id: e.id, q: 1 }, { as: await buildUser() });
    expect(codeOf(r)).toBe('CONFLICT');
    expect(r.errors![0].message).toBe('This event is sold out.');
    expect(await sold(e.id)).toBe(4);
  });

  it('NEVER oversells: 50 members booking the last 5 tickets at once sell exactly 5', async () => {
    const e = await buildEvent({ totalTickets: 50, ticketsSold: 45 });
    const members = await Promise.all(Array.from({ length: 50 }, () => buildUser()));
    const results = await Promise.all(members.map((m, i) => gql(BOOK, { id: e.id, q: 1 + (i % 3) }, { as: m })));
    const ok = results.filter((r) => !r.errors);
    const refused = results.filter((r) => r.errors);
    expect(refused.every((r) => codeOf(r) === 'CONFLICT')).toBe(true);
    const booked = await db().getRepository(EventBooking).findBy({ eventId: e.id });
    const total = booked.reduce((s, b) => s + b.quantity, 0);
    console.info(
      `booking race: 50 clients for the last 5 tickets -> ${ok.length} bookings, ${total} tickets ` +
        `booked, ${refused.length} refused as sold out, tickets_sold ${await sold(e.id)}/50`,
    );
    expect(total).toBe(5);
    expect(await sold(e.id)).toBe(50);
    expect(ok.length + refused.length).toBe(50);
    expect(new Set(booked.map((b) => b.ticketCode)).size).toBe(booked.length);
  });

  it('refuses an unknown event (NOT_FOUND) and a cancelled one (CONFLICT)', async () => {
    const me = await buildUser();
    expect(codeOf(await gql(BOOK, { id: '00000000-0000-4000-8000-000000000000', q: 1 }, { as: me }))).toBe('NOT_FOUND');
    const e = await buildEvent({ isCancelled: true });
    expect(codeOf(await gql(BOOK, { id: e.id, q: 1 }, { as: me }))).toBe('CONFLICT');
    expect(await sold(e.id)).toBe(0);
  });
});

describe('managing events', () => {
  it("Manage Events lists the host's events with tickets sold and revenue = sold × price", async () => {
    const host = await buildUser();
    const e = await buildEvent({ hostId: host.id, ticketPriceCents: 2599, totalTickets: 10 });
    await gql(BOOK, { id: e.id, q: 3 }, { as: await buildUser() });
    await buildEvent();
    const r = await gql(MINE, {}, { as: host });
    expect(r.data.myEvents.nodes).toEqual([
      { id: e.id, title: e.title, ticketsSold: 3, revenue: 77.97, status: 'Active' },
    ]);
  });

  it('only the host cancels (FORBIDDEN otherwise); bookers are notified once each; the event leaves the browse list', async () => {
    const host = await buildUser();
    const e = await buildEvent({ hostId: host.id, category: 'Technology', title: 'Hack Day' });
    const a = await buildUser();
    const b = await buildUser();
    await buildEventBooking({ eventId: e.id, memberId: a.id });
    await buildEventBooking({ eventId: e.id, memberId: a.id });
    await buildEventBooking({ eventId: e.id, memberId: b.id });
    expect(codeOf(await gql(CANCEL, { id: e.id }, { as: a }))).toBe('FORBIDDEN');
    expect((await db().getRepository(Event).findOneByOrFail({ id: e.id })).isCancelled).toBe(false);
    const r = await gql(CANCEL, { id: e.id }, { as: host });
    expect(r.data.cancelEvent).toEqual({ id: e.id, isCancelled: true, status: 'Cancelled' });
    const notes = await db().getRepository(Notification).findBy({ actorId: host.id });
    expect(notes.map((n) => n.recipientId).sort()).toEqual([a.id, b.id].sort());
    expect(notes[0].message).toContain('Hack Day');
    await gql(CANCEL, { id: e.id }, { as: host });
    expect(await db().getRepository(Notification).countBy({ actorId: host.id })).toBe(2);
    const list = await gql(LIST, { category: 'Technology', first: 100 }, { as: a });
    expect(list.data.events.nodes.map((n: Event) => n.id)).not.toContain(e.id);
    expect((await gql(MINE, {}, { as: host })).data.myEvents.nodes[0].status).toBe('Cancelled');
  });
});

describe('the Events badge (events to come the member holds tickets for)', () => {
  const UPCOMING = `query { upcomingEventsCount }`;

  it('requires authentication', async () => {
    expect(codeOf(await gql(UPCOMING))).toBe('UNAUTHENTICATED');
  });

  it("counts each event to come once, whatever the bookings; not past or cancelled events, nor others' bookings", async () => {
    const me = await buildUser();
    expect((await gql(UPCOMING, {}, { as: me })).data.upcomingEventsCount).toBe(0);
    const soon = await buildEvent({ date: '2099-01-01' });
    await buildEventBooking({ memberId: me.id, eventId: soon.id });
    await buildEventBooking({ memberId: me.id, eventId: soon.id });
    await buildEventBooking({ memberId: me.id, eventId: (await buildEvent({ date: '2099-02-01' })).id });
    await buildEventBooking({ memberId: me.id, eventId: (await buildEvent({ date: '2001-01-01' })).id });
    await buildEventBooking({ memberId: me.id, eventId: (await buildEvent({ isCancelled: true })).id });
    await buildEventBooking({ eventId: (await buildEvent()).id });
    expect((await gql(UPCOMING, {}, { as: me })).data.upcomingEventsCount).toBe(2);
  });
});
