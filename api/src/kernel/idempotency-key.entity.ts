import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A creating request a member sent with an idempotency key, and what it created: a retry with the same key
 * answers that instead of creating it again. Kept for a day (db/housekeeping.ts).
 */
@Entity('idempotency_keys')
export class IdempotencyKey {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'PK_idempotency_keys' })
  memberId: string;

  @PrimaryColumn('varchar', { length: 40, primaryKeyConstraintName: 'PK_idempotency_keys' })
  operation: string;

  @PrimaryColumn('varchar', { length: 200, primaryKeyConstraintName: 'PK_idempotency_keys' })
  key: string;

  /** The id of the row the first request created. */
  @Column('uuid')
  resultId: string;

  @Index('IDX_idempotency_keys_created')
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
