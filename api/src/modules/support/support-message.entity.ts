import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';
import { SupportThread } from './support-thread.entity';

/**
 * One message of a support thread: text only, from the member or from an admin (`fromSupport`). `authorId` keeps
 * which admin answered (NULL once that admin's account is gone; the answer stays in the member's thread).
 */
@ObjectType({ description: 'A message in a support conversation' })
@Entity('support_messages')
@Index(['threadId', 'createdAt', 'id'])
@Index(['authorId'])
export class SupportMessage {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => ID)
  @Column('uuid')
  threadId: string;

  @ManyToOne(() => SupportThread, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'thread_id' })
  thread?: SupportThread;

  @Column('uuid', { nullable: true })
  authorId: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'author_id' })
  author?: User;

  @Field(() => Boolean, { description: 'Written by the admin team (false: by the member)' })
  @Column('boolean')
  fromSupport: boolean;

  @Field(() => String, { description: '1 to 2000 characters of text; links are shown as links, never as HTML' })
  @Column('text')
  body: string;

  @Field(() => Date)
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
