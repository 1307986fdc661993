import { CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from '../users/user.entity';
import { Reel } from './reel.entity';

/** A member likes a reel: once per member and reel (the key). */
@Entity('reel_likes')
@Index(['memberId'])
export class ReelLike {
  @PrimaryColumn('uuid')
  reelId: string;

  @ManyToOne(() => Reel, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'reel_id' })
  reel?: Reel;

  @PrimaryColumn('uuid')
  memberId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id' })
  member?: User;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
