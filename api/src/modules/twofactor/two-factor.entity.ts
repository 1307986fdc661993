import { Field, ID, ObjectType } from 'type-graphql';
import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { User } from '../users/user.entity';

/**
 * A member's authenticator-app secret (TOTP, RFC 6238). The secret is shown once, at enrolment, and never returned
 * again; `confirmedAt` is null until the member proved it with a first code. `lastStep` is the time step of the
 * last accepted code: a code is accepted only for a later step, so a code seen once cannot be replayed.
 */
@Entity('member_totp')
export class MemberTotp {
  @PrimaryColumn('uuid')
  userId: string;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_member_totp_user' })
  user?: User;

  @Column('varchar', { length: 200 })
  secret: string;

  @Column('timestamptz', { nullable: true })
  confirmedAt: Date | null;

  @Column('bigint', { nullable: true })
  lastStep: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

/** One single-use recovery code (only its SHA-256). Ten are made at a time; making new ones deletes the old. */
@Entity('recovery_codes')
@Index('IDX_recovery_codes_user_hash', ['userId', 'codeHash'], { unique: true })
export class RecoveryCode {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_recovery_codes_user' })
  user?: User;

  @Column('varchar', { length: 64 })
  codeHash: string;

  @Column('timestamptz', { nullable: true })
  usedAt: Date | null;
}

/** A WebAuthn credential (passkey) a member registered, named by them. */
@ObjectType({ description: 'A passkey the signed-in member registered' })
@Entity('passkeys')
@Index('IDX_passkeys_user', ['userId', 'createdAt'])
export class Passkey {
  @Field(() => ID, { description: 'The passkey, to remove it' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_passkeys_user' })
  user?: User;

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

  @Index('IDX_pending_sign_ins_user')
  @Column('uuid')
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_pending_sign_ins_user' })
  user?: User;

  /** Wrong codes tried with this token; at the limit the token is spent. */
  @Column('integer', { default: 0 })
  failures: number;

  @Column('timestamptz')
  expiresAt: Date;

  @Column('timestamptz', { nullable: true })
  usedAt: Date | null;
}

/**
 * A WebAuthn challenge the server issued, kept in PostgreSQL (so any API process can check the answer), used once
 * (deleted when answered) and valid a few minutes. `userId` is null for a password-less sign-in.
 */
@Entity('webauthn_challenges')
export class WebauthnChallenge {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { nullable: true })
  userId: string | null;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_webauthn_challenges_user' })
  user?: User;

  /** register, authenticate (password-less) or second-factor. */
  @Column('varchar', { length: 20 })
  purpose: string;

  @Column('varchar', { length: 200 })
  challenge: string;

  @Index('IDX_webauthn_challenges_expires')
  @Column('timestamptz')
  expiresAt: Date;
}

/** Site-wide security settings admins change (one row, id 1); each change is in the admin audit log. */
@Entity('security_settings')
export class SecuritySettings {
  @PrimaryColumn('integer')
  id: number;

  @Column('boolean', { default: false })
  requireTwoFactorForAdmins: boolean;

  @Column('timestamptz', { default: () => 'now()' })
  updatedAt: Date;
}
