import {
  Arg,
  Args,
  Authorized,
  Ctx,
  FieldResolver,
  Float,
  ID,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import type { Context } from '../../kernel/context';
import { ConnectionType, PageArgs } from '../../kernel/pagination';
import { EventBooking } from './event-booking.entity';
import { Event } from './event.entity';
import { CreateEventInput, EventsArgs } from './event.inputs';
import { EVENT_CATEGORIES } from './event.options';
import { eventPolicy } from './event.policy';
import * as service from './event.service';

@ObjectType({ description: 'A page of Event items; `pageInfo` leads to the next' })
export class EventConnection extends ConnectionType(Event, 'Event') {}

@ObjectType({ description: 'A page of EventBooking items; `pageInfo` leads to the next' })
export class EventBookingConnection extends ConnectionType(EventBooking, 'EventBooking') {}

@Resolver(() => Event)
export class EventResolver {
  @Authorized()
  @Query(() => EventConnection, { description: 'Events to browse (not cancelled), newest first, by category' })
  events(@Args(() => EventsArgs) args: EventsArgs, @Ctx() ctx: Context) {
    return service.listEvents(ctx.viewer, args);
  }

  @Authorized()
  @Query(() => Event, {
    nullable: true,
    description: 'One event (a shared /events?id= link), or null when there is none (a malformed id names none)',
  })
  event(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return service.eventOrNull(ctx.viewer, id);
  }

  @Authorized()
  @Query(() => EventConnection, { description: 'Manage Events: the events you host, cancelled ones included' })
  myEvents(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    return service.myEvents(ctx.viewer, args);
  }

  @Authorized()
  @Query(() => EventBookingConnection, { description: 'My Tickets: your bookings, newest first' })
  myTickets(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    return service.myTickets(ctx.viewer, args);
  }

  @Authorized()
  @Query(() => Int, { description: 'How many events still to come you hold tickets for (the Events badge)' })
  upcomingEventsCount(@Ctx() ctx: Context) {
    return service.upcomingEventsCount(ctx.viewer);
  }

  @Query(() => [String], { description: 'The event categories, in the order the filter shows them' })
  eventCategories() {
    return EVENT_CATEGORIES;
  }

  @Authorized()
  @Mutation(() => Event, { description: 'Creates an event you host' })
  createEvent(@Arg('input', () => CreateEventInput) input: CreateEventInput, @Ctx() ctx: Context) {
    return service.createEvent(ctx.viewer, input);
  }

  @Authorized()
  @Mutation(() => EventBooking, {
    description:
      'Books tickets (the quantity clamped between 1 and what remains); CONFLICT when sold out. No payment is taken.',
  })
  bookEventTickets(
    @Arg('eventId', () => ID) eventId: string,
    @Arg('quantity', () => Int) quantity: number,
    @Ctx() ctx: Context,
  ) {
    return service.bookTickets(ctx.viewer, eventId, quantity);
  }

  @Authorized()
  @Mutation(() => Event, { description: 'Cancels an event you host; everyone who booked is notified' })
  cancelEvent(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return service.cancelEvent(ctx.viewer, id);
  }

  @FieldResolver(() => Float, { description: 'The ticket price in dollars; 0 is free' })
  ticketPrice(@Root() e: Event) {
    return e.ticketPriceCents / 100;
  }

  @FieldResolver(() => Int, { description: 'Tickets that remain' })
  ticketsAvailable(@Root() e: Event) {
    return Math.max(0, e.totalTickets - e.ticketsSold);
  }

  @FieldResolver(() => String, {
    description: "'Active' while tickets remain, 'Sold Out' at zero, 'Cancelled' once its host cancelled it",
  })
  status(@Root() e: Event) {
    if (e.isCancelled) return 'Cancelled';
    return e.ticketsSold >= e.totalTickets ? 'Sold Out' : 'Active';
  }

  @FieldResolver(() => Float, {
    nullable: true,
    description: 'Tickets sold × price in dollars: for its host only (null for anyone else)',
  })
  revenue(@Root() e: Event, @Ctx() ctx: Context) {
    return eventPolicy.canManage(ctx.viewer, e) ? (e.ticketsSold * e.ticketPriceCents) / 100 : null;
  }

  @FieldResolver(() => Boolean, { description: 'You host it: you may cancel it and see its revenue' })
  viewerCanManage(@Root() e: Event, @Ctx() ctx: Context) {
    return eventPolicy.canManage(ctx.viewer, e);
  }

  @FieldResolver(() => Boolean, { description: 'You host it', deprecationReason: 'Use viewerCanManage' })
  viewerIsHost(@Root() e: Event, @Ctx() ctx: Context) {
    return this.viewerCanManage(e, ctx);
  }

  @FieldResolver(() => String, { description: 'Who hosts it' })
  async hostName(@Root() e: Event, @Ctx() ctx: Context) {
    return (await ctx.loaders.eventFacts.load(e.id)).hostName;
  }

  @FieldResolver(() => String, { nullable: true, description: "The host's picture, if any" })
  async hostImage(@Root() e: Event, @Ctx() ctx: Context) {
    return (await ctx.loaders.eventFacts.load(e.id)).hostImage;
  }

  @FieldResolver(() => Int, { description: 'Tickets you booked for it' })
  async viewerTickets(@Root() e: Event, @Ctx() ctx: Context) {
    return (await ctx.loaders.eventFacts.load(e.id)).viewerTickets;
  }
}

@Resolver(() => EventBooking)
export class EventBookingResolver {
  @FieldResolver(() => Event, { description: 'The event booked' })
  event(@Root() b: EventBooking, @Ctx() ctx: Context) {
    return ctx.loaders.events.byId.load(b.eventId);
  }
}
