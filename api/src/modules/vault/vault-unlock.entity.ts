import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Session } from '../auth/session.entity';
import { User } from '../users/user.entity';

/**
 * An unlocked vault, bound to one signed-in session for a short time (vault.service.ts UNLOCK_MINUTES). The data
 * key is kept sealed under a key derived from the session's raw token, which only the browser's cookie holds (the
 * sessions table keeps its SHA-256): the row alone opens nothing. Shared by every API process through PostgreSQL;
 * gone with the session (sign-out), on Lock, or when it expires.
 */
@Entity('vault_unlocks')
export class VaultUnlock {
  @PrimaryColumn('uuid')
  sessionId: string;

  @ManyToOne(() => Session, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'session_id' })
  session?: Session;

  @Index()
  @Column('uuid')
  memberId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id' })
  member?: User;

  @Column('bytea')
  wrappedKey: Buffer;

  @Index()
  @Column('timestamptz')
  expiresAt: Date;
}
