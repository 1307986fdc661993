import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { dateOnly } from '../../kernel/columns';
import { User } from '../users/user.entity';

/** The kinds of document the vault keeps (spec 002 "Vault document"). */
export enum VaultDocumentType {
  passport = 'passport',
  visa = 'visa',
  id = 'id',
  license = 'license',
  other = 'other',
}
registerEnumType(VaultDocumentType, { name: 'VaultDocumentType', description: 'passport, visa, id, license or other' });

/**
 * A document in a member's vault (spec 002 "Vault document"). Its file is stored only encrypted (AES-256-GCM
 * under the member's vault data key, vault.crypto.ts) in the private store; name, type and dates stay readable
 * so the reminder job can run without the password.
 */
@ObjectType({ description: "A document in the signed-in member's vault; its file is encrypted at rest" })
@Entity('vault_documents')
@Index('IDX_vault_documents_owner_created', ['ownerId', 'createdAt', 'id'])
// The reminder job's scan: documents not yet reminded whose reminder day has come (migration VaultDocuments).
@Index('IDX_vault_documents_due', { synchronize: false })
export class VaultDocument {
  /** Chosen by the service before encrypting: it is part of the file's authenticated data. */
  @Field(() => ID)
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid')
  ownerId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id' })
  owner?: User;

  @Field(() => String)
  @Column('varchar', { length: 120 })
  documentName: string;

  @Field(() => VaultDocumentType)
  @Column('varchar', { length: 10 })
  documentType: VaultDocumentType;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD, or null when the document does not expire' })
  @Column('date', { nullable: true, transformer: dateOnly })
  expirationDate: string | null;

  @Field(() => Int, { description: 'How many days before the expiration date the reminder comes (default 30)' })
  @Column('int', { default: 30 })
  reminderDays: number;

  @Field(() => String, {
    description: 'The content type of the file (an image or application/pdf), read from its bytes',
  })
  @Column('varchar', { length: 40 })
  mimeType: string;

  @Field(() => Int, { description: 'The size of the file in bytes (before encryption)' })
  @Column('int')
  fileSize: number;

  /** Where the encrypted file lies in the private store; never a GraphQL field. */
  @Column('text')
  fileKey: string;

  /** When the expiry reminder was sent (once per document). */
  @Column('timestamptz', { nullable: true })
  remindedAt: Date | null;

  @Field(() => Date)
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
