import { ArgsType, Field, Float, InputType, Int } from 'type-graphql';
import { PageArgs } from '../../kernel/pagination';

@InputType({ description: 'The new event form (spec 001 section 3): title, date and location required' })
export class CreateEventInput {
  @Field(() => String)
  title: string;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => String, { description: 'YYYY-MM-DD' })
  date: string;

  @Field(() => String, { nullable: true, description: 'HH:MM' })
  time?: string | null;

  @Field(() => String)
  location: string;

  @Field(() => String, { nullable: true, description: 'One of the event categories; Other when not given' })
  category?: string | null;

  @Field(() => Float, { nullable: true, description: 'In dollars, at least 0 (0 is free)' })
  ticketPrice?: number | null;

  @Field(() => Int, { nullable: true, description: 'At least 1; 50 when not given' })
  totalTickets?: number | null;

  @Field(() => String, { nullable: true, description: 'The event image as a data URL (1200x630 recommended)' })
  image?: string | null;
}

@ArgsType()
export class EventsArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'One of the event categories; all when null or "All"' })
  category?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Only events whose day has not passed' })
  upcoming?: boolean | null;
}
