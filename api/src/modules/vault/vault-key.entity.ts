import { Column, CreateDateColumn, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { User } from '../users/user.entity';

/**
 * A member's vault password, as far as the server keeps it: never the password. `verifier` is its argon2id hash
 * (PHC string); `wrappedKey` is the vault's random data key sealed (AES-256-GCM) under a key derived from the
 * password with argon2id and `kekSalt`. Without the password neither the data key nor any file can be read.
 */
@Entity('vault_keys')
export class VaultKey {
  @PrimaryColumn('uuid')
  memberId: string;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id' })
  member?: User;

  @Column('text')
  verifier: string;

  @Column('bytea')
  kekSalt: Buffer;

  @Column('bytea')
  wrappedKey: Buffer;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
