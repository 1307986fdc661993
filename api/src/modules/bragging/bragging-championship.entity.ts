import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { dateOnly } from '../../kernel/columns';
import { User } from '../users/user.entity';

/** A Bragging Rights championship (a season or tournament) of one category, made by an admin. */
@ObjectType('BraggingChampionship', {
  description: 'A competition that groups Bragging Rights events (a league, a tournament, a season)',
})
@Entity('bragging_championships')
// The championship list, per category or all, newest first (keyset on created_at, id).
@Index('IDX_bragging_championships_category', ['category', 'createdAt', 'id'])
@Index('IDX_bragging_championships_created', ['createdAt', 'id'])
export class BraggingChampionship {
  @Field(() => ID, { description: "The championship's id" })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => String, { description: 'Its name' })
  @Column('varchar', { length: 120 })
  name: string;

  @Field(() => String, { description: 'What it is' })
  @Column('varchar', { length: 1000 })
  description: string;

  @Field(() => String, { description: 'One of braggingCategories: Rugby, Cricket, F1, EFC, Politics, News Events' })
  @Column('varchar', { length: 20 })
  category: string;

  @Field(() => String, { description: 'The first day, YYYY-MM-DD' })
  @Column('date', { transformer: dateOnly })
  startDate: string;

  @Field(() => String, { description: 'The last day, YYYY-MM-DD (after the start date)' })
  @Column('date', { transformer: dateOnly })
  endDate: string;

  @Column('uuid', { nullable: true })
  createdById: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by_id' })
  createdBy?: User;

  @Field(() => Date, { description: 'When an admin added it' })
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
