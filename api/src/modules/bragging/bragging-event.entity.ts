import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';
import { BraggingChampionship } from './championship.entity';

/**
 * A match or outcome members predict: two sides (team1, team2) with optional logos in the media store, when it
 * happens and until when predictions are taken. Its status is derived (bragging.policy.ts), never stored.
 */
@ObjectType('BraggingEvent')
@Entity('bragging_events')
// Lists by category or championship, latest event first (keyset on event_date, id).
@Index('IDX_bragging_events_date', ['eventDate', 'id'])
@Index('IDX_bragging_events_category', ['category', 'eventDate', 'id'])
@Index('IDX_bragging_events_championship', ['championshipId', 'eventDate', 'id'])
export class BraggingEvent {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => String)
  @Column('varchar', { length: 200 })
  title: string;

  @Field(() => String, { description: 'One of braggingCategories' })
  @Column('varchar', { length: 20 })
  category: string;

  @Field(() => ID, { nullable: true })
  @Column('uuid', { nullable: true })
  championshipId: string | null;

  @ManyToOne(() => BraggingChampionship, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'championship_id' })
  championship?: BraggingChampionship;

  @Field(() => String)
  @Column('varchar', { length: 100 })
  team1Name: string;

  @Field(() => String, { nullable: true, description: "Team 1's logo in the media store" })
  @Column('text', { nullable: true })
  team1Logo: string | null;

  @Field(() => String)
  @Column('varchar', { length: 100 })
  team2Name: string;

  @Field(() => String, { nullable: true, description: "Team 2's logo in the media store" })
  @Column('text', { nullable: true })
  team2Logo: string | null;

  /** Every stored file of both logos (originals, thumbnails, variants). */
  @Column('jsonb', { default: () => "'[]'" })
  files: string[];

  @Field(() => Date)
  @Column({ type: 'timestamptz', precision: 3 })
  eventDate: Date;

  @Field(() => Date, { description: 'Predictions are taken until this moment (before the event date)' })
  @Column({ type: 'timestamptz', precision: 3 })
  closingDate: Date;

  @Field(() => Boolean, { description: 'Closed early by an admin: in progress even before the event date' })
  @Column('boolean', { default: false })
  isClosed: boolean;

  @Field(() => Boolean)
  @Column('boolean', { default: false })
  isScored: boolean;

  @Field(() => String, { nullable: true, description: "team1, team2 or draw once scored" })
  @Column('varchar', { length: 5, nullable: true })
  winnerTeam: string | null;

  @Field(() => Int, { nullable: true })
  @Column('int', { nullable: true })
  team1Score: number | null;

  @Field(() => Int, { nullable: true })
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

  @Field(() => Date)
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
