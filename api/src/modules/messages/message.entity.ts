import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';
import { Conversation } from './conversation.entity';

/** One message of a conversation: text only. Who sent it is never a field: a viewer sees `mine`. */
@ObjectType({ description: 'A message in a conversation' })
@Entity('messages')
@Index(['conversationId', 'createdAt', 'id'])
@Index(['senderId'])
export class Message {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => ID)
  @Column('uuid')
  conversationId: string;

  @ManyToOne(() => Conversation, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'conversation_id' })
  conversation?: Conversation;

  @Column('uuid')
  senderId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'sender_id' })
  sender?: User;

  @Field(() => String, { description: '1 to 2000 characters of text; links are shown as links, never as HTML' })
  @Column('text')
  body: string;

  @Field(() => Date)
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
