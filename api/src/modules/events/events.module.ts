import { defineModule } from '../../kernel/module';
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
});
