import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';
import { Group } from './group.entity';

export type JoinRequestStatus = 'pending' | 'approved' | 'declined';

/** A request to join a group that requires approval: pending, then approved or declined by one of its admins. */
@ObjectType({ description: 'A request to join a group that requires approval' })
@Entity('group_join_requests')
@Index(['groupId', 'memberId'], { unique: true })
@Index(['groupId', 'status', 'createdAt', 'id'])
export class GroupJoinRequest {
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

  @Field(() => String, { description: 'pending, approved or declined' })
  @Column('varchar', { length: 10, default: 'pending' })
  status: JoinRequestStatus;

  @Field(() => Date, { description: 'When the member (last) asked' })
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Field(() => Date, { nullable: true })
  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  decidedAt: Date | null;
}
