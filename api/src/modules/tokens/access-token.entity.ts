import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';

/**
 * What a personal access token may do: read only (no mutation), read and write, or (an admin's, for a day) what the
 * admin may do. Without `admin`, an admin's token acts as a member: admin operations need a session or this scope.
 */
export enum AccessTokenScope {
  read = 'read',
  readWrite = 'readWrite',
  admin = 'admin',
}
registerEnumType(AccessTokenScope, {
  name: 'AccessTokenScope',
  description: 'What a personal access token may do',
  valuesConfig: {
    read: { description: 'Queries and subscriptions only' },
    readWrite: { description: 'Queries, subscriptions and mutations, as a member (never admin operations)' },
    admin: {
      description:
        'Admins only: what readWrite does plus admin operations; it expires a day after it is created, and its ' +
        'creation is in the admin audit log',
    },
  },
});

/**
 * A member's personal access token for integrators (`Authorization: Bearer saffa_pat_...`). Only the secret's
 * SHA-256 is stored, with its first characters (`prefix`) so the member can tell tokens apart.
 */
@ObjectType({
  description: 'A personal access token of the signed-in member; its secret is shown only once, when it is created',
})
@Entity('access_tokens')
@Index('IDX_access_tokens_member_name', ['memberId', 'name'], { unique: true })
export class AccessToken {
  @Field(() => ID, { description: "The token's id (revokeAccessToken takes it); never the secret" })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  memberId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id' })
  member: User;

  @Field({ description: 'The name the member gave it (what uses it)' })
  @Column('varchar', { length: 60 })
  name: string;

  @Field(() => AccessTokenScope, { description: 'What it may do' })
  @Column('varchar', { length: 10 })
  scope: AccessTokenScope;

  @Index('IDX_access_tokens_hash', { unique: true })
  @Column('varchar', { length: 64 })
  tokenHash: string;

  @Field({ description: 'The start of the secret (e.g. saffa_pat_AbCd), to recognise the token by' })
  @Column('varchar', { length: 20 })
  prefix: string;

  @Field({ description: 'When it was created' })
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Field(() => Date, { nullable: true, description: 'When it stops working; null: never' })
  @Column('timestamptz', { nullable: true })
  expiresAt: Date | null;

  @Field(() => Date, { nullable: true, description: 'When it was last used (to the minute); null: never used' })
  @Column('timestamptz', { nullable: true })
  lastUsedAt: Date | null;
}
