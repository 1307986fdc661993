import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A conversation between two members. `originKey` names what it was started from (`member:<a>:<b>`,
 * `datingMatch:<id>`, ...) and is unique: starting again from the same place opens the same conversation.
 * `updatedAt` is the time of its latest message (or of its start), the order of the conversation list.
 */
@ObjectType({ description: 'A conversation between the viewer and one other member (or their alias)' })
@Entity('conversations')
@Index(['updatedAt', 'id'])
export class Conversation {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index({ unique: true })
  @Column('varchar', { length: 200 })
  originKey: string;

  @Column('uuid', { nullable: true })
  lastMessageId: string | null;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Field(() => Date, { description: 'When its latest message was sent (or it was started)' })
  @Column({ type: 'timestamptz', precision: 3, default: () => 'now()' })
  updatedAt: Date;
}
