import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';
import { Group } from './group.entity';

export type GroupRole = 'admin' | 'member';

/** A member of a group, once per member and group; the creator is an admin. */
@ObjectType('GroupMembership', { description: "A member's place in a group" })
@Entity('group_members')
@Index(['groupId', 'memberId'], { unique: true })
@Index(['groupId', 'createdAt', 'id'])
@Index(['memberId', 'createdAt', 'id'])
export class GroupMember {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => ID)
  @Column('uuid')
  groupId: string;

  @ManyToOne(() => Group, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id' })
  group?: Group;

  @Field(() => ID)
  @Column('uuid')
  memberId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id' })
  member?: User;

  @Field(() => String, { description: 'admin or member' })
  @Column('varchar', { length: 10, default: 'member' })
  role: GroupRole;

  @Field(() => Date, { description: 'When they joined' })
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  /** Up to when they have read the group's chat (their Klets unread count counts groups with later messages). */
  @Column({ type: 'timestamptz', precision: 3, default: () => 'now()' })
  lastReadAt: Date;
}
