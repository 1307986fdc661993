import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from '../users/user.entity';

/**
 * How many likes a member gave in one calendar month (UTC): the counter row a like locks (a guarded UPDATE), so
 * that concurrent likes can never pass NOOT_MONTHLY_LIKES. A new month starts a new row: the limit resets.
 */
@Entity('noot_monthly_likes')
export class NootMonthlyLikes {
  @PrimaryColumn('uuid')
  memberId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id' })
  member?: User;

  /** The first day of the month. */
  @PrimaryColumn('date')
  month: string;

  @Column('int', { default: 0 })
  used: number;
}
