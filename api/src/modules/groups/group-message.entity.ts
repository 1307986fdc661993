import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';
import { Group } from './group.entity';

/** One message of a group's chat (Klets): text, seen by the group's members only. */
@ObjectType({ description: "A message in a group's chat" })
@Entity('group_messages')
@Index(['groupId', 'createdAt', 'id'])
@Index(['senderId'])
export class GroupMessage {
  @Field(() => ID, { description: "The message's id" })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => ID, { description: 'The id of the group whose chat it is in' })
  @Column('uuid')
  groupId: string;

  @ManyToOne(() => Group, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id' })
  group?: Group;

  @Field(() => ID, { description: 'The id of the member who sent it' })
  @Column('uuid')
  senderId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'sender_id' })
  sender?: User;

  @Field(() => String, { description: '1 to 2000 characters of text' })
  @Column('text')
  body: string;

  @Field(() => Date, { description: 'When it was sent' })
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
