import { Field, Float, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';

/** The group types of spec 002 section 3 ("Group"), in the spec's order. */
export const GROUP_TYPES = ['Favourites', 'SAFFA Local Community', 'Jokes', 'Sport', 'Braai', 'Other'] as const;

/** A group of members at a place (Discover Groups and Klets, spec 002 sections 2 and 3). */
@ObjectType({ description: 'A group (spec 002 section 3, "Group"): members near a place, with a chat' })
@Entity('groups')
@Index(['createdAt', 'id'])
// The radius filter and nearest-first order (earthdistance): a GiST index on the stored earth point.
@Index('IDX_groups_place', ['place'], { spatial: true })
// Explore's search by name, type and location (pg_trgm GIN indexes TypeORM cannot describe: modules/search).
@Index('IDX_groups_name_trgm', { synchronize: false })
@Index('IDX_groups_type_trgm', { synchronize: false })
@Index('IDX_groups_location_name_trgm', { synchronize: false })
export class Group {
  @Field(() => ID, { description: "The group's id" })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => String, { description: 'Its name' })
  @Column('varchar', { length: 120 })
  name: string;

  @Field(() => String, { nullable: true, description: 'What it is about, if described' })
  @Column('text', { nullable: true })
  description: string | null;

  @Field(() => String, { description: 'One of: Favourites, SAFFA Local Community, Jokes, Sport, Braai, Other' })
  @Column('varchar', { length: 40 })
  type: string;

  @Field(() => String, { description: 'Where the group meets, as the creator named it' })
  @Column('varchar', { length: 200 })
  locationName: string;

  @Field(() => Float, {
    description: "Where it is: latitude of the 1 km cell's centre (never the creator's exact position)",
  })
  @Column('double precision')
  latitude: number;

  @Field(() => Float, { description: "Where it is: longitude of the 1 km cell's centre" })
  @Column('double precision')
  longitude: number;

  /**
   * The group's point on the earth (`ll_to_earth`), kept by a trigger from latitude and longitude (migration
   * GroupsMembersChat).
   */
  @Column({ type: 'cube', insert: false, update: false })
  place?: string;

  @Field(() => String, { nullable: true, description: 'The cover image (a stored image URL)' })
  @Column('text', { nullable: true })
  imageUrl: string | null;

  /** Every stored file of the image (original, thumbnail, variants). */
  @Column('jsonb', { default: () => `'[]'` })
  media: string[];

  @Field(() => Boolean, { description: 'Joining is a request that an admin of the group approves' })
  @Column('boolean', { default: false })
  requiresApproval: boolean;

  @Field(() => ID, { nullable: true, description: 'The member who created the group (its first admin)' })
  @Column('uuid', { nullable: true })
  creatorId: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'creator_id' })
  creator?: User;

  /** Kept in the transaction of every join, approval, leave and removal. */
  @Column('int', { default: 0 })
  memberCount: number;

  @Field(() => Date, { description: 'When it was created' })
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  /** Set by the radius query only: how far the group is from the searched position. */
  distanceMetres?: number;
}
