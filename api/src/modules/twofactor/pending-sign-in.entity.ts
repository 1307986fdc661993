import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';

/**
 * A sign-in that passed its first step (password, Google, Facebook, a reset) for a member with two-factor sign-in,
 * waiting for the second: a short-lived, single-use token (only its SHA-256 kept) that is no session.
 */
@Entity('pending_sign_ins')
export class PendingSignIn {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('IDX_pending_sign_ins_token', { unique: true })
  @Column('varchar', { length: 64 })
  tokenHash: string;

  @Index('IDX_pending_sign_ins_member')
  @Column('uuid')
  memberId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id', foreignKeyConstraintName: 'FK_pending_sign_ins_member' })
  member?: User;

  /** Wrong codes tried with this token; at the limit the token is spent. */
  @Column('integer', { default: 0 })
  failures: number;

  @Column('timestamptz')
  expiresAt: Date;

  @Column('timestamptz', { nullable: true })
  usedAt: Date | null;
}
