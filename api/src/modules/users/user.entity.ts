import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { displayNameOf, initialsOf } from './user.rules';

export enum Role {
  user = 'user',
  admin = 'admin',
}
registerEnumType(Role, { name: 'Role', description: 'What a member may do: admins have the admin panel' });

export interface ProfileMedia {
  avatar: string[];
  cover: string[];
}

@ObjectType({ description: 'A member of Saffa' })
@Entity('users')
@Index('IDX_users_created', ['createdAt', 'id'])
@Index('IDX_users_suspended', ['id'], { where: 'suspended_at IS NOT NULL' })
// Explore's people search by name (pg_trgm, an expression index TypeORM cannot describe: modules/search).
@Index('IDX_users_name_trgm', { synchronize: false })
@Index('IDX_users_email_trgm', { synchronize: false })
export class User {
  @Field(() => ID, { description: "The member's id" })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => String, { nullable: true, description: 'First name, if given' })
  @Column('varchar', { length: 50, nullable: true })
  firstName: string | null;

  @Field(() => String, { nullable: true, description: 'Last name, if given' })
  @Column('varchar', { length: 50, nullable: true })
  lastName: string | null;

  /** Public only to the member and to admins: see UserResolver.email. */
  @Column('citext', { nullable: true, unique: true })
  email: string | null;

  /**
   * When the member proved they receive mail at `email` (a mailed link, or a provider's email_verified); null: not yet.
   */
  @Column('timestamptz', { nullable: true })
  emailVerifiedAt: Date | null;

  /** argon2id; null for members who only use Google or Facebook. Never a GraphQL field. */
  @Column('text', { nullable: true, select: false })
  passwordHash: string | null;

  @Field(() => String, { nullable: true, description: "The profile picture's URL, if any" })
  @Column('text', { nullable: true })
  profileImageUrl: string | null;

  /** The profile's cover banner (a stored image's clean original). */
  @Field(() => String, { nullable: true, description: "The profile's cover photo" })
  @Column('text', { nullable: true })
  coverImageUrl: string | null;

  @Field(() => String, { nullable: true, description: 'A short bio, at most 160 characters' })
  @Column('varchar', { length: 160, nullable: true })
  bio: string | null;

  @Field(() => String, { nullable: true, description: 'Home town, at most 80 characters' })
  @Column('varchar', { length: 80, nullable: true })
  homeTown: string | null;

  /** The country the member chose (ISO 3166-1 alpha-2); see the countryCode field resolver. */
  @Column('char', { length: 2, nullable: true })
  countryCode: string | null;

  /** The country detected from the member's request by the configured IP lookup, when they chose none. */
  @Column('char', { length: 2, nullable: true })
  detectedCountryCode: string | null;

  /** When the IP lookup was last asked (at most once a day per member). */
  @Column('timestamptz', { nullable: true })
  countryCheckedAt: Date | null;

  /** Every stored file of the avatar and the cover (original, thumbnail, variants): removed when replaced. */
  @Column('jsonb', { default: () => `'{"cover": [], "avatar": []}'` })
  profileMedia: ProfileMedia;

  @Field(() => Role, { description: 'user (a member) or admin' })
  @Column('varchar', { length: 10, default: Role.user })
  role: Role;

  @Field(() => Boolean, { description: 'Whether the member finished or skipped the tutorial' })
  @Column('boolean', { default: false })
  tutorialCompleted: boolean;

  @Field(() => Int, { description: 'The tutorial step the member is on' })
  @Column('int', { default: 0 })
  tutorialStep: number;

  /**
   * Whether their radar is on (GraphQL: only the member and admins see it, settings'
   * UserSettingsResolver.radarEnabled).
   */
  @Column('boolean', { default: false })
  radarEnabled: boolean;

  /**
   * When an admin suspended the member (null: not suspended): they cannot sign in and have no session. Admins see it
   * (AdminUserResolver).
   */
  @Column('timestamptz', { nullable: true })
  suspendedAt: Date | null;

  @Field(() => Date, { description: 'When the member joined' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  @Field(() => String, {
    description: "First and last name, else the one name there is, else 'User' (never the e-mail)",
  })
  get displayName(): string {
    return displayNameOf(this);
  }

  @Field(() => String, {
    description: "Initials for avatars: first letters of the names, else of the one name, else 'U'",
  })
  get initials(): string {
    return initialsOf(this);
  }
}
