import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { dateOnly } from '../../kernel/columns';
import { User } from '../users/user.entity';

/**
 * An event a member hosts, with its ticket stock: `ticketsSold` only ever grows through one conditional UPDATE
 * (event.service.ts `bookTickets`), so it never passes `totalTickets`. A cancelled event stays for its host's
 * Manage Events and its bookers' My Tickets but leaves the browse list and takes no bookings.
 */
@ObjectType({ description: 'An event a member hosts, with tickets to book' })
@Entity('events')
@Index('IDX_events_browse', ['createdAt', 'id'], { where: 'NOT is_cancelled' })
@Index('IDX_events_browse_category', ['category', 'createdAt', 'id'], { where: 'NOT is_cancelled' })
@Index('IDX_events_date', ['date'], { where: 'NOT is_cancelled' })
// Explore's search by title, category and location (pg_trgm GIN indexes TypeORM cannot describe: modules/search).
@Index('IDX_events_title_trgm', { synchronize: false })
@Index('IDX_events_category_trgm', { synchronize: false })
@Index('IDX_events_location_trgm', { synchronize: false })
@Index('IDX_events_host', ['hostId', 'createdAt', 'id'])
export class Event {
  @Field(() => ID, { description: "The event's id" })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => ID, { description: 'The member who hosts it' })
  @Column('uuid')
  hostId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'host_id' })
  host?: User;

  @Field(() => String, { description: 'Its title' })
  @Column('varchar', { length: 200 })
  title: string;

  @Field(() => String, { description: 'What it is' })
  @Column('text', { default: '' })
  description: string;

  @Field(() => String, { description: 'The day (YYYY-MM-DD)' })
  @Column('date', { transformer: dateOnly })
  date: string;

  @Field(() => String, { nullable: true, description: 'The time of day (HH:MM), if given' })
  @Column('varchar', { length: 5, nullable: true })
  time: string | null;

  @Field(() => String, { description: 'Where it takes place' })
  @Column('varchar', { length: 200 })
  location: string;

  @Field(() => String, { description: 'Networking, Technology, Arts & Culture, Business, Sports, Music or Other' })
  @Column('varchar', { length: 30 })
  category: string;

  /** The ticket price in cents; 0 is free. */
  @Column('integer', { default: 0 })
  ticketPriceCents: number;

  @Field(() => Int, { description: 'How many tickets there are in all' })
  @Column('integer', { default: 50 })
  totalTickets: number;

  @Field(() => Int, { description: 'How many tickets are booked' })
  @Column('integer', { default: 0 })
  ticketsSold: number;

  @Field(() => String, { nullable: true, description: 'The event image (1200x630 recommended)' })
  @Column('varchar', { length: 300, nullable: true })
  imageUrl: string | null;

  /** Every stored file of the image (original, thumbnail, variants), for the media sweep and deletion. */
  @Column('jsonb', { default: () => "'[]'" })
  media: string[];

  @Field(() => Boolean, { description: 'Whether it was cancelled' })
  @Column('boolean', { default: false })
  isCancelled: boolean;

  @Field(() => Date, { description: 'When it was published' })
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
