import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';

export enum FriendshipStatus {
  pending = 'pending',
  accepted = 'accepted',
}
registerEnumType(FriendshipStatus, { name: 'FriendshipStatus' });

/**
 * A friend request and, once accepted, the friendship. The pair is stored in a canonical order
 * (low id, high id) so one unique constraint covers both directions.
 */
@ObjectType()
@Entity('friendships')
@Index(['userLowId', 'userHighId'], { unique: true })
@Index(['userHighId'])
@Check(`"user_low_id" < "user_high_id"`)
export class Friendship {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  userLowId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_low_id' })
  userLow?: User;

  @Column('uuid')
  userHighId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_high_id' })
  userHigh?: User;

  @Column('uuid')
  @Index()
  requesterId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'requester_id' })
  requester?: User;

  @Field(() => FriendshipStatus)
  @Column('varchar', { length: 10, default: FriendshipStatus.pending })
  status: FriendshipStatus;

  @Field(() => Date)
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Column('timestamptz', { nullable: true })
  acceptedAt: Date | null;
}
