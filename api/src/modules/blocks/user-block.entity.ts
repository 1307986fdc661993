import { Check, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from '../users/user.entity';

/**
 * A member blocks another: once per pair (the primary key, which also answers "did A block B" both ways), never
 * themself (the check). The reverse index serves "who blocked me"; the blocker's index the Blocked members list.
 */
@Entity('user_blocks')
@Check('CHK_user_blocks_not_self', '"blocker_id" <> "blocked_id"')
@Index('IDX_user_blocks_blocked', ['blockedId', 'blockerId'])
@Index('IDX_user_blocks_blocker_created', ['blockerId', 'createdAt', 'blockedId'])
export class UserBlock {
  @PrimaryColumn('uuid')
  blockerId: string;

  @PrimaryColumn('uuid')
  blockedId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'blocker_id' })
  blocker?: User;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'blocked_id' })
  blocked?: User;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
