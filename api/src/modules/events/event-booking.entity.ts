import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';
import { Event } from './event.entity';

/** Tickets a member booked for an event, with the code they show at the door. No payment is taken. */
@ObjectType({ description: 'Tickets a member booked for an event' })
@Entity('event_bookings')
@Index('IDX_event_bookings_member', ['memberId', 'createdAt', 'id'])
@Index('IDX_event_bookings_event', ['eventId'])
@Index('UQ_event_bookings_ticket_code', ['ticketCode'], { unique: true })
export class EventBooking {
  @Field(() => ID, { description: "The booking's id" })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => ID, { description: 'The id of the event booked' })
  @Column('uuid')
  eventId: string;

  @ManyToOne(() => Event, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id' })
  event?: Event;

  @Column('uuid')
  memberId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id' })
  member?: User;

  @Field(() => Int, { description: 'How many tickets' })
  @Column('integer')
  quantity: number;

  @Field(() => String, { description: 'The code to show at the door' })
  @Column('varchar', { length: 20 })
  ticketCode: string;

  @Field(() => Date, { description: 'When it was booked' })
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
