import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { User } from '../users/user.entity';

/**
 * A member's stored points in one leaderboard: `overall`, `category:<name>` or `championship:<id>`. Written only
 * by scoring, in its transaction; every leaderboard reads the top of its scope from the index.
 */
@Entity('bragging_standings')
@Index('IDX_bragging_standings_board', ['scope', 'points', 'correctPredictions', 'memberId'])
@Index('IDX_bragging_standings_member', ['memberId'])
export class BraggingStanding {
  @PrimaryColumn('varchar', { length: 60 })
  scope: string;

  @PrimaryColumn('uuid')
  memberId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id' })
  member?: User;

  @Column('int', { default: 0 })
  points: number;

  @Column('int', { default: 0 })
  correctPredictions: number;

  @Column('int', { default: 0 })
  totalPredictions: number;

  /** Correct predictions in a row, in the order events were scored (kept in the overall scope). */
  @Column('int', { default: 0 })
  streak: number;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;
}
