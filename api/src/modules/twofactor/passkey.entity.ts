import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';

/** A WebAuthn credential (passkey) a member registered, named by them. */
@ObjectType({ description: 'A passkey the signed-in member registered' })
@Entity('passkeys')
@Index('IDX_passkeys_member', ['memberId', 'createdAt'])
export class Passkey {
  @Field(() => ID, { description: 'The passkey, to remove it' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  memberId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id', foreignKeyConstraintName: 'FK_passkeys_member' })
  member?: User;

  @Field(() => String, { description: 'The name the member gave it, such as "Laptop"' })
  @Column('varchar', { length: 60 })
  name: string;

  /** The credential id (base64url), unique across members. */
  @Index('IDX_passkeys_credential', { unique: true })
  @Column('varchar', { length: 1400 })
  credentialId: string;

  /** The COSE public key (base64url). */
  @Column('text')
  publicKey: string;

  @Column('bigint', { default: 0 })
  counter: string;

  @Column('text', { array: true, default: () => "'{}'" })
  transports: string[];

  @Field(() => Date, { description: 'When it was registered' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Field(() => Date, { nullable: true, description: 'When it last signed the member in' })
  @Column('timestamptz', { nullable: true })
  lastUsedAt: Date | null;
}
