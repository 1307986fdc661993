import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';

/** A badge a member earned at a scoring (the rules: bragging.badges.ts); once per member, type and category. */
@ObjectType('BraggingBadge')
@Entity('bragging_badges')
@Index('IDX_bragging_badges_once', ['memberId', 'badgeType', 'category'], { unique: true })
export class BraggingBadge {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  memberId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id' })
  member?: User;

  @Field(() => String, { description: 'first_correct, exact_margin, hot_streak or category_leader' })
  @Column('varchar', { length: 30 })
  badgeType: string;

  /** The category of a category leader badge; '' for the others (so the unique index holds). */
  @Column('varchar', { length: 20, default: '' })
  category: string;

  @Field(() => Date)
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
