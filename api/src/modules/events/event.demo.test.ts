import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { gql, loadDemoMembers, silentLog } from '../../test/helpers';
import { User } from '../users/user.entity';
import { eventsDemo } from './event.demo';

describe('the events demo part', () => {
  it('makes the events screen alive: events by demo members, one sold out, tickets and revenue that add up', async () => {
    await loadDemoMembers();
    await eventsDemo.load(silentLog);
    const thandi = await db().getRepository(User).findOneByOrFail({ email: 'thandi@demo.saffa.local' });
    const list = await gql(`{ events(first: 50) { nodes { title status hostName ticketsSold } } }`, {}, { as: thandi });
    const events = list.data.events.nodes as Array<{
      title: string;
      status: string;
      hostName: string;
      ticketsSold: number;
    }>;
    expect(events.length).toBeGreaterThanOrEqual(5);
    expect(events.find((e) => e.title === 'Amapiano Night')!.status).toBe('Sold Out');
    const mine = await gql(
      `{ myEvents { nodes { title ticketsSold revenue } } myTickets { nodes { quantity ticketCode event { title } } ` +
        `} }`,
      {},
      { as: thandi },
    );
    expect(mine.data.myEvents.nodes).toEqual([{ title: 'Heritage Day Braai', ticketsSold: 6, revenue: 0 }]);
    expect(mine.data.myTickets.nodes.map((t: { event: { title: string } }) => t.event.title).sort()).toEqual([
      'Amapiano Night',
      'Saffas in Tech Meetup',
    ]);
  });
});
