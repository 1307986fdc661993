import { db } from '../../kernel/database';
import type { DemoPart } from '../../kernel/demo';
import { DEMO_MEMBERS } from '../users/user.demo';
import { User } from '../users/user.entity';
import { EventBooking } from './event-booking.entity';
import { Event } from './event.entity';
import { ticketCode } from './event.service';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);

interface DemoEvent {
  host: number;
  title: string;
  description: string;
  days: number;
  time: string;
  location: string;
  category: string;
  priceCents: number;
  total: number;
  hours: number;
  /** Bookings as [member index, quantity]. */
  booked: Array<[number, number]>;
}

const EVENTS: DemoEvent[] = [
  {
    host: 0,
    title: 'Heritage Day Braai',
    description: 'Bring your own meat, we bring the fire and the music.',
    days: 14,
    time: '12:00',
    location: 'Hyde Park, London',
    category: 'Networking',
    priceCents: 0,
    total: 80,
    hours: 60,
    booked: [
      [1, 2],
      [2, 1],
      [4, 3],
    ],
  },
  {
    host: 1,
    title: 'Saffas in Tech Meetup',
    description: 'Lightning talks by South Africans building software abroad.',
    days: 21,
    time: '18:30',
    location: 'Toronto, Canada',
    category: 'Technology',
    priceCents: 1000,
    total: 40,
    hours: 40,
    booked: [
      [0, 1],
      [3, 2],
    ],
  },
  {
    host: 2,
    title: 'Amapiano Night',
    description: 'A night of amapiano with DJs from Jozi.',
    days: 9,
    time: '21:00',
    location: 'Sydney, Australia',
    category: 'Music',
    priceCents: 2500,
    total: 4,
    hours: 20,
    booked: [
      [0, 2],
      [5, 2],
    ],
  },
  {
    host: 3,
    title: 'Springbok Supporters Screening',
    description: 'Watch the Boks on the big screen with fellow fans.',
    days: 5,
    time: '15:00',
    location: 'Auckland, New Zealand',
    category: 'Sports',
    priceCents: 500,
    total: 120,
    hours: 10,
    booked: [[6, 4]],
  },
  {
    host: 4,
    title: 'Township Art Exhibition',
    description: 'Paintings and beadwork by artists from home.',
    days: 30,
    time: '10:00',
    location: 'Dubai, UAE',
    category: 'Arts & Culture',
    priceCents: 0,
    total: 50,
    hours: 5,
    booked: [],
  },
];

/** A handful of events by demo members, one of them sold out, with bookings of other demo members. */
export const eventsDemo: DemoPart = {
  name: 'events',
  async load() {
    const byEmail = new Map<string, User>();
    for (const u of await db().getRepository(User).find()) if (u.email) byEmail.set(u.email, u);
    const members = DEMO_MEMBERS.map((d) => byEmail.get(d.email));
    for (const e of EVENTS) {
      const host = members[e.host];
      if (!host) continue;
      const booked = e.booked.filter(([m]) => members[m] && m !== e.host);
      const event = await db()
        .getRepository(Event)
        .save(
          db()
            .getRepository(Event)
            .create({
              hostId: host.id,
              title: e.title,
              description: e.description,
              date: inDays(e.days),
              time: e.time,
              location: e.location,
              category: e.category,
              ticketPriceCents: e.priceCents,
              totalTickets: e.total,
              ticketsSold: booked.reduce((s, [, q]) => s + q, 0),
              imageUrl: null,
              media: [],
              createdAt: hoursAgo(e.hours),
            }),
        );
      for (const [m, quantity] of booked) {
        await db()
          .getRepository(EventBooking)
          .insert({
            eventId: event.id,
            memberId: members[m]!.id,
            quantity,
            ticketCode: ticketCode(),
            createdAt: hoursAgo(e.hours - 1),
          });
      }
    }
  },
};
