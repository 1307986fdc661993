import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';

/** One single-use recovery code (only its SHA-256). Ten are made at a time; making new ones deletes the old. */
@Entity('recovery_codes')
@Index('IDX_recovery_codes_member_hash', ['memberId', 'codeHash'], { unique: true })
export class RecoveryCode {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  memberId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id', foreignKeyConstraintName: 'FK_recovery_codes_member' })
  member?: User;

  @Column('varchar', { length: 64 })
  codeHash: string;

  @Column('timestamptz', { nullable: true })
  usedAt: Date | null;
}
