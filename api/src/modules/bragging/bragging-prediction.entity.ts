import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';
import { BraggingEvent } from './bragging-event.entity';

/** A member's prediction of an event: once per member and event (the unique index); points once scored. */
@ObjectType('BraggingPrediction', { description: "A member's prediction of an event's outcome" })
@Entity('bragging_predictions')
@Index('IDX_bragging_predictions_once', ['eventId', 'memberId'], { unique: true })
@Index('IDX_bragging_predictions_member', ['memberId', 'createdAt', 'id'])
export class BraggingPrediction {
  @Field(() => ID, { description: "The prediction's id" })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => ID, { description: 'The id of the event predicted' })
  @Column('uuid')
  eventId: string;

  @ManyToOne(() => BraggingEvent, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id' })
  event?: BraggingEvent;

  @Column('uuid')
  memberId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id' })
  member?: User;

  @Field(() => String, { description: 'team1 or team2' })
  @Column('varchar', { length: 5 })
  predictedWinner: string;

  @Field(() => Int, { nullable: true, description: 'The winning margin predicted, if any' })
  @Column('int', { nullable: true })
  predictedMargin: number | null;

  @Field(() => Int, { nullable: true, description: 'Points awarded once the event is scored' })
  @Column('int', { nullable: true })
  points: number | null;

  @Field(() => Boolean, { nullable: true, description: 'Whether the winner was right, once scored' })
  @Column('boolean', { nullable: true })
  isCorrect: boolean | null;

  @Field(() => Date, { description: 'When it was made' })
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
