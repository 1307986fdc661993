import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

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

  @Column('uuid')
  userHighId: string;

  @Column('uuid')
  requesterId: string;

  @Field(() => FriendshipStatus)
  @Column('varchar', { length: 10, default: FriendshipStatus.pending })
  status: FriendshipStatus;

  @Field(() => Date)
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Column('timestamptz', { nullable: true })
  acceptedAt: Date | null;
}
