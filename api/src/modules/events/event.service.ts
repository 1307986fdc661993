import { randomBytes } from 'node:crypto';
import { authorize, requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput, conflict, DomainError, notFound } from '../../kernel/errors';
import { checkUuid, isUuid } from '../../kernel/ids';
import { date, money, option, text } from '../../kernel/input';
import { deleteMedia } from '../../kernel/media';
import { keysetPage, type Page } from '../../kernel/pagination';
import { queryRows } from '../../kernel/rows';
import { checkUpload, storeUpload, storedUrls } from '../../kernel/upload';
import { assertNotBlocked, notBlockedSql } from '../blocks/block.service';
import { notify } from '../notifications/notification.service';
import { enqueueWebhooks, memberSummary, WebhookEvent } from '../webhooks/webhook.outbox';
import { EventBooking } from './event-booking.entity';
import { Event } from './event.entity';
import type { CreateEventInput } from './event.inputs';
import { DEFAULT_TOTAL_TICKETS, EVENT_CATEGORIES, MAX_TICKET_PRICE, MAX_TOTAL_TICKETS } from './event.options';
import { eventPolicy } from './event.policy';

export const events = () => db().getRepository(Event);
export const bookings = () => db().getRepository(EventBooking);

/** The spec's toast for a missing title, date or location (001 section 5). */
const MISSING_TITLE = 'Missing Information';
export const MISSING_MESSAGE = 'Please fill in all required fields';
const missing = (field: string) => new DomainError('BAD_USER_INPUT', MISSING_MESSAGE, { field, title: MISSING_TITLE });

function dateOf(v: unknown): string {
  const day = date(v, 'date');
  if (!day) throw missing('date');
  return day;
}

function timeOf(v: unknown): string | null {
  const s = text(v, 'time', { max: 5 });
  if (!s) return null;
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(s)) throw badInput('time', 'must be a time (HH:MM)');
  return s;
}

/** A category of the spec's list, matched without regard to case, spaces or dashes; null when not given. */
export function categoryOf(v: unknown, field = 'category'): string | null {
  return option(text(v, field, { max: 30 }), field, EVENT_CATEGORIES, { loose: true });
}

/** Dollars to cents: at least 0 (0 is free), at most MAX_TICKET_PRICE, rounded to the cent. */
function priceCentsOf(v: number | null | undefined): number {
  if (v === null || v === undefined) return 0;
  return Math.round(money(v, 'ticketPrice', { max: MAX_TICKET_PRICE }) * 100);
}

function totalOf(v: number | null | undefined): number {
  if (v === null || v === undefined) return DEFAULT_TOTAL_TICKETS;
  if (!Number.isInteger(v) || v < 1) throw badInput('totalTickets', 'must be at least 1');
  if (v > MAX_TOTAL_TICKETS) throw badInput('totalTickets', `must be at most ${MAX_TOTAL_TICKETS}`);
  return v;
}

/**
 * Creates an event hosted by the viewer; the image goes through the upload checks of posts before anything is stored.
 */
export async function createEvent(viewer: Viewer | null, input: CreateEventInput): Promise<Event> {
  const v = requireViewer(viewer);
  const title = text(input.title, 'title', { max: 200 });
  if (!title) throw missing('title');
  const location = text(input.location, 'location', { max: 200 });
  if (!location) throw missing('location');
  const row = {
    hostId: v.id,
    title,
    location,
    date: dateOf(input.date),
    time: timeOf(input.time),
    description: text(input.description, 'description', { max: 10_000 }) ?? '',
    category: categoryOf(input.category) ?? 'Other',
    ticketPriceCents: priceCentsOf(input.ticketPrice),
    totalTickets: totalOf(input.totalTickets),
  };
  const checked = input.image ? await checkUpload(input.image, 'image', 'image') : null;
  const stored = checked ? await storeUpload(checked) : null;
  try {
    const inserted = await events().insert({
      ...row,
      imageUrl: stored?.url ?? null,
      media: stored ? storedUrls(stored) : [],
    });
    return events().findOneByOrFail({ id: inserted.identifiers[0].id });
  } catch (err) {
    if (stored) await deleteMedia(storedUrls(stored));
    throw err;
  }
}

export async function findEvent(id: string): Promise<Event> {
  const event = await events().findOneBy({ id: checkUuid(id, 'id') });
  if (!event) throw notFound('Event');
  return event;
}

/**
 * One event by id for a shared /events?id= link (cancelled ones too: the card says so), or null; a malformed id is
 * BAD_USER_INPUT. An event whose host blocked the viewer, or whom the viewer blocked, is null as well.
 */
export async function eventOrNull(viewer: Viewer | null, id: string): Promise<Event | null> {
  const v = requireViewer(viewer);
  if (!isUuid(id)) return null;
  return events()
    .createQueryBuilder('e')
    .where('e.id = :id', { id })
    .andWhere(notBlockedSql(':viewerId', 'e.host_id'), { viewerId: v.id })
    .getOne();
}

/** A code to show at the door: EVT- and 10 characters without look-alikes (0/O, 1/I). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function ticketCode(): string {
  const bytes = randomBytes(10);
  return `EVT-${Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('')}`;
}

export const SOLD_OUT_MESSAGE = 'This event is sold out.';

/**
 * Books tickets: the quantity is clamped between 1 and the tickets that remain. The stock moves by one
 * conditional UPDATE (it succeeds only while the tickets are still there) in the same transaction as the booking,
 * so concurrent bookings never sell more than the total; a booking whose clamp went stale under a concurrent one
 * reads the stock again. Sold out (or cancelled) is CONFLICT.
 */
export async function bookTickets(viewer: Viewer | null, eventId: string, quantity: number): Promise<EventBooking> {
  const v = requireViewer(viewer);
  if (!Number.isInteger(quantity)) throw badInput('quantity', 'must be a whole number');
  const id = checkUuid(eventId, 'eventId');
  // Each failed attempt means another booking took tickets, so the loop ends at sold out at the latest.
  for (;;) {
    const event = await findEvent(id);
    await assertNotBlocked(v.id, event.hostId); // never a ticket to the event of a member either side of a block
    if (event.isCancelled) throw conflict('EVENT_CANCELLED', 'This event has been cancelled.');
    const remaining = event.totalTickets - event.ticketsSold;
    if (remaining <= 0) throw conflict('SOLD_OUT', SOLD_OUT_MESSAGE);
    const q = Math.min(Math.max(quantity, 1), remaining);
    const booked = await db().transaction(async (m) => {
      const taken = (await m.query(
        `UPDATE events SET tickets_sold = tickets_sold + $2
          WHERE id = $1 AND NOT is_cancelled AND tickets_sold + $2 <= total_tickets
          RETURNING tickets_sold`,
        [id, q],
      )) as [Array<{ tickets_sold: number }>, number];
      if (taken[0].length === 0) return null;
      const code = ticketCode();
      const inserted = await m.insert(EventBooking, { eventId: id, memberId: v.id, quantity: q, ticketCode: code });
      const bookingId = inserted.identifiers[0].id as string;
      // The host's webhooks hear of the booking in its transaction (a booking that rolls back was never announced).
      await enqueueWebhooks(m, WebhookEvent.newBooking, { memberId: event.hostId }, async () => ({
        booking: { id: bookingId, quantity: q, ticketCode: code },
        member: await memberSummary(m, v.id),
        event: {
          id: event.id,
          title: event.title,
          date: event.date,
          ticketsSold: taken[0][0].tickets_sold,
          totalTickets: event.totalTickets,
        },
      }));
      // Read back before the commit: a booking that committed is answered as made, even if the database goes away next.
      return m.findOneByOrFail(EventBooking, { id: bookingId });
    });
    if (booked) return booked;
  }
}

/** The browse list: events not cancelled, newest first, by category; none hosted by a member either side of a block. */
export async function listEvents(
  viewer: Viewer | null,
  args: { category?: string | null; upcoming?: boolean | null; first?: number | null; after?: string | null },
): Promise<Page<Event>> {
  const v = requireViewer(viewer);
  const qb = events()
    .createQueryBuilder('e')
    .where('NOT e.is_cancelled')
    .andWhere(notBlockedSql(':viewerId', 'e.host_id'), { viewerId: v.id });
  const category = args.category && args.category.toLowerCase() !== 'all' ? categoryOf(args.category) : null;
  if (category) qb.andWhere('e.category = :category', { category });
  if (args.upcoming) qb.andWhere('e.date >= CURRENT_DATE');
  return keysetPage(qb, 'e', args);
}

/** Manage Events: the viewer's own events, cancelled ones included, newest first. */
export async function myEvents(
  viewer: Viewer | null,
  args: { first?: number | null; after?: string | null },
): Promise<Page<Event>> {
  const v = requireViewer(viewer);
  return keysetPage(events().createQueryBuilder('e').where('e.host_id = :me', { me: v.id }), 'e', args);
}

/** My Tickets: the viewer's bookings, newest first. */
export async function myTickets(
  viewer: Viewer | null,
  args: { first?: number | null; after?: string | null },
): Promise<Page<EventBooking>> {
  const v = requireViewer(viewer);
  return keysetPage(bookings().createQueryBuilder('b').where('b.member_id = :me', { me: v.id }), 'b', args);
}

/** The Events badge: how many events still to come (today or later, not cancelled) the viewer holds tickets for. */
export async function upcomingEventsCount(viewer: Viewer | null): Promise<number> {
  const v = requireViewer(viewer);
  const rows = await queryRows<{ n: number }>(
    `SELECT count(DISTINCT b.event_id)::int AS n FROM event_bookings b JOIN events e ON e.id = b.event_id
      WHERE b.member_id = $1 AND NOT e.is_cancelled AND e.date >= CURRENT_DATE`,
    [v.id],
  );
  return rows[0].n;
}

/** Cancels an event (its host only): no more bookings; every member who booked is told. */
export async function cancelEvent(viewer: Viewer | null, id: string): Promise<Event> {
  const v = requireViewer(viewer);
  const event = await findEvent(id);
  authorize(eventPolicy.canManage(v, event), 'Only the host of this event can cancel it.');
  if (event.isCancelled) return event;
  const changed = (await db().query(
    'UPDATE events SET is_cancelled = true WHERE id = $1 AND NOT is_cancelled RETURNING id',
    [event.id],
  )) as [unknown[], number];
  if (changed[0].length) {
    const bookers = (await db().query(
      'SELECT DISTINCT member_id AS "memberId" FROM event_bookings WHERE event_id = $1',
      [event.id],
    )) as Array<{ memberId: string }>;
    for (const { memberId } of bookers) {
      await notify(memberId, {
        title: 'Event cancelled',
        message: `${event.title} on ${event.date} has been cancelled by its host.`,
        link: '/events',
        actorId: v.id,
      });
    }
  }
  return findEvent(event.id);
}
