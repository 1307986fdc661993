import { EventBooking } from '../../modules/events/event-booking.entity';
import { Event } from '../../modules/events/event.entity';
import { ticketCode } from '../../modules/events/event.service';
import { insert, next, memberRef } from './core';

/** An event hosted by a new member unless `hostId` says otherwise: tomorrow-ish, free, 50 tickets, none sold. */
export async function buildEvent(overrides: Partial<Event> = {}): Promise<Event> {
  const n = next();
  return insert(Event, {
    title: `Event ${n}`,
    description: `A good event, number ${n}.`,
    date: '2099-06-01',
    time: '18:00',
    location: 'Cape Town',
    category: 'Networking',
    ticketPriceCents: 0,
    totalTickets: 50,
    ticketsSold: 0,
    media: [],
    ...overrides,
    hostId: await memberRef(overrides.hostId),
  });
}

/**
 * A booking of one ticket for an event (a new one unless given) by a member (a new one unless given); the stock is
 * not moved.
 */
export async function buildEventBooking(overrides: Partial<EventBooking> = {}): Promise<EventBooking> {
  const memberId = await memberRef(overrides.memberId);
  return insert(EventBooking, {
    quantity: 1,
    ticketCode: ticketCode(),
    ...overrides,
    memberId,
    eventId: overrides.eventId ?? (await buildEvent()).id,
  });
}
