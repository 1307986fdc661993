import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';

/**
 * A member's conversation with the admin team: one per member (`memberId` is unique), made by their first message.
 * Read state is kept per side: the member's, and the admin team's (one admin reading reads it for every admin).
 * `lastMessageAt` orders the admins' inbox; `lastMemberMessageAt` against `adminReadAt` says it waits for an answer.
 */
@ObjectType({ description: "A member's support conversation with the admin team" })
@Entity('support_threads')
@Index(['lastMessageAt', 'id'])
// The inbox's "waiting for an answer" filter and the admins' unread count: a partial index the migration writes.
@Index('IDX_support_threads_waiting', { synchronize: false })
export class SupportThread {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => ID, { description: 'The member who wrote in' })
  @Index({ unique: true })
  @Column('uuid')
  memberId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id' })
  member?: User;

  @Column('uuid', { nullable: true })
  lastMessageId: string | null;

  @Field(() => Date, { description: 'When its latest message was written' })
  @Column({ type: 'timestamptz', precision: 3, default: () => 'now()' })
  lastMessageAt: Date;

  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  lastMemberMessageAt: Date | null;

  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  lastSupportMessageAt: Date | null;

  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  memberReadAt: Date | null;

  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  supportReadAt: Date | null;

  @Field(() => Date)
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
