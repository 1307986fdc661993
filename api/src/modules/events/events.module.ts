import { defineModule } from '../../kernel/module';
import { notBlockedSql } from '../blocks/block.service';
import { SearchKind } from '../search/search.kinds';
import { EventBookingResolver, EventResolver } from './event.resolver';
import { EventBooking } from './event-booking.entity';
import { Event } from './event.entity';
import { eventsDemo } from './event.demo';
import { eventFacts } from './event.facts';
import { eventLoaders } from './event.loaders';

/** Events and their bookings. */
export const eventsModule = defineModule({
  name: 'events',
  resolvers: [EventResolver, EventBookingResolver],
  entities: [Event, EventBooking],
  loaders: { events: eventLoaders },
  facts: { eventFacts },
  mediaColumns: [
    ['events', 'image_url'],
    ['events', 'media'],
  ],
  demo: [eventsDemo],
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    events: { member: ['host_id'], media: ['image_url', 'media'] },
    event_bookings: { member: ['member_id'] },
  },
  searchKinds: [
    {
      kind: SearchKind.events,
      entity: Event,
      visible: 'NOT t.is_cancelled',
      visibleTo: (viewer) => notBlockedSql(viewer, 't.host_id'),
      fields: [{ sql: 't.title' }, { sql: 't.category' }, { sql: 't.location' }],
    },
  ],
});
