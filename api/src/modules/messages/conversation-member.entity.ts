import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from '../users/user.entity';
import { Conversation } from './conversation.entity';

/**
 * One side of a conversation: the member, the persona they appear under (a dating alias: then the other side
 * never learns who they are), and how far they have read (the creation time of the last message they saw).
 */
@Entity('conversation_members')
@Index(['memberId', 'conversationId'])
export class ConversationMember {
  @PrimaryColumn('uuid')
  conversationId: string;

  @PrimaryColumn('uuid')
  memberId: string;

  @ManyToOne(() => Conversation, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'conversation_id' })
  conversation?: Conversation;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id' })
  member?: User;

  @Column('varchar', { length: 100, nullable: true })
  personaName: string | null;

  @Column('text', { nullable: true })
  personaPhotoUrl: string | null;

  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  lastReadAt: Date | null;
}
