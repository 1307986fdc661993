import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';
import { BraggingChampionship } from './bragging-championship.entity';

/**
 * A match or outcome members predict: two sides (team1, team2) with optional logos in the media store, when it
 * happens and until when predictions are taken. Its status is derived (bragging.policy.ts), never stored.
 */
@ObjectType('BraggingEvent', {
  description: 'A match or outcome members predict: two sides, when it happens and until when predictions are taken',
})
@Entity('bragging_events')
// Lists by category or championship, latest event first (keyset on event_date, id).
@Index('IDX_bragging_events_date', ['eventDate', 'id'])
@Index('IDX_bragging_events_category', ['category', 'eventDate', 'id'])
@Index('IDX_bragging_events_championship', ['championshipId', 'eventDate', 'id'])
export class BraggingEvent {
  @Field(() => ID, { description: "The event's id" })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => String, { description: 'Its title' })
  @Column('varchar', { length: 200 })
  title: string;

  @Field(() => String, { description: 'One of braggingCategories' })
  @Column('varchar', { length: 20 })
  category: string;

  @Field(() => ID, { nullable: true, description: 'The id of the championship it belongs to' })
  @Column('uuid', { nullable: true })
  championshipId: string | null;

  @ManyToOne(() => BraggingChampionship, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'championship_id' })
  championship?: BraggingChampionship;

  @Field(() => String, { description: "The first side's name" })
  @Column('varchar', { length: 100 })
  team1Name: string;

  @Field(() => String, { nullable: true, description: "Team 1's logo in the media store" })
  @Column('text', { nullable: true })
  team1Logo: string | null;

  @Field(() => String, { description: "The second side's name" })
  @Column('varchar', { length: 100 })
  team2Name: string;

  @Field(() => String, { nullable: true, description: "Team 2's logo in the media store" })
  @Column('text', { nullable: true })
  team2Logo: string | null;

  /** Every stored file of both logos (originals, thumbnails, variants). */
  @Column('jsonb', { default: () => "'[]'" })
  files: string[];

  @Field(() => Date, { description: 'When it happens' })
  @Column({ type: 'timestamptz', precision: 3 })
  eventDate: Date;

  @Field(() => Date, { description: 'Predictions are taken until this moment (before the event date)' })
  @Column({ type: 'timestamptz', precision: 3 })
  closingDate: Date;

  @Field(() => Boolean, { description: 'Closed early by an admin: in progress even before the event date' })
  @Column('boolean', { default: false })
  isClosed: boolean;

  @Field(() => Boolean, { description: 'Whether its result is in and predictions have been scored' })
  @Column('boolean', { default: false })
  isScored: boolean;

  @Field(() => String, { nullable: true, description: 'team1, team2 or draw once scored' })
  @Column('varchar', { length: 5, nullable: true })
  winnerTeam: string | null;

  @Field(() => Int, { nullable: true, description: "The first side's final score, once scored" })
  @Column('int', { nullable: true })
  team1Score: number | null;

  @Field(() => Int, { nullable: true, description: "The second side's final score, once scored" })
  @Column('int', { nullable: true })
  team2Score: number | null;

  @Field(() => Int, { nullable: true, description: 'The winning margin once scored (0 for a draw)' })
  @Column('int', { nullable: true })
  actualMargin: number | null;

  @Column('timestamptz', { nullable: true })
  scoredAt: Date | null;

  @Column('uuid', { nullable: true })
  createdById: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by_id' })
  createdBy?: User;

  @Field(() => Date, { description: 'When an admin added it' })
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
