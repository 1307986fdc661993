import { Column, CreateDateColumn, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { User } from '../users/user.entity';

/**
 * A member's authenticator-app secret (TOTP, RFC 6238). The secret is shown once, at enrolment, and never returned
 * again; `confirmedAt` is null until the member proved it with a first code. `lastStep` is the time step of the
 * last accepted code: a code is accepted only for a later step, so a code seen once cannot be replayed.
 */
@Entity('member_totp')
export class MemberTotp {
  @PrimaryColumn('uuid')
  memberId: string;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id', foreignKeyConstraintName: 'FK_member_totp_member' })
  member?: User;

  @Column('varchar', { length: 200 })
  secret: string;

  @Column('timestamptz', { nullable: true })
  confirmedAt: Date | null;

  @Column('bigint', { nullable: true })
  lastStep: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
