import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';

/**
 * A WebAuthn challenge the server issued, kept in PostgreSQL (so any API process can check the answer), used once
 * (deleted when answered) and valid a few minutes. `memberId` is null for a password-less sign-in.
 */
@Entity('webauthn_challenges')
export class WebauthnChallenge {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { nullable: true })
  memberId: string | null;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id', foreignKeyConstraintName: 'FK_webauthn_challenges_member' })
  member?: User;

  /** register, authenticate (password-less) or second-factor. */
  @Column('varchar', { length: 20 })
  purpose: string;

  @Column('varchar', { length: 200 })
  challenge: string;

  @Index('IDX_webauthn_challenges_expires')
  @Column('timestamptz')
  expiresAt: Date;
}
