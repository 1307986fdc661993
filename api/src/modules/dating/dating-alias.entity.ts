import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { User } from '../users/user.entity';

/**
 * A member's dating alias, kept apart from their real identity: the member behind it (`memberId`) and its position
 * have no GraphQL field, so no answer about an alias leads to the member (dating.privacy.test.ts walks the schema).
 * One alias per member.
 */
@ObjectType({ description: 'An anonymous dating alias; nothing in it leads to the member behind it' })
@Entity('dating_aliases')
@Index('UQ_dating_aliases_member', ['memberId'], { unique: true })
// Discover's radius filter (earthdistance): a GiST expression index on ll_to_earth(latitude, longitude) TypeORM cannot
// describe.
@Index('IDX_dating_aliases_point', { synchronize: false })
export class DatingAlias {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The member behind the alias: never a field. */
  @Column('uuid')
  memberId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id' })
  member?: User;

  @Field(() => String)
  @Column('varchar', { length: 60 })
  aliasName: string;

  @Field(() => Int, { description: '18 to 99' })
  @Column('smallint')
  age: number;

  @Field(() => String)
  @Column('text')
  bio: string;

  @Field(() => [String])
  @Column('text', { array: true, default: '{}' })
  interests: string[];

  @Field(() => [String], { description: 'Up to 5 photos' })
  @Column('jsonb', { default: () => "'[]'" })
  photos: string[];

  /** The stored files of each photo (original, thumbnail, variants), in the order of `photos`, for deletion. */
  @Column('jsonb', { default: () => "'[]'" })
  media: string[][];

  @Field(() => String, { description: 'nsa, long-term or friend' })
  @Column('varchar', { length: 20 })
  lookingFor: string;

  @Field(() => String, { description: 'male, female or other' })
  @Column('varchar', { length: 10 })
  gender: string;

  @Field(() => String, { description: 'male, female or everyone' })
  @Column('varchar', { length: 10 })
  interestedIn: string;

  @Field(() => Int)
  @Column('smallint', { default: 18 })
  minAge: number;

  @Field(() => Int)
  @Column('smallint', { default: 99 })
  maxAge: number;

  @Field(() => Int, { description: '5 to 100 km in steps of 5' })
  @Column('smallint', { default: 50 })
  radiusKm: number;

  /**
   * The centre of the 5 km grid cell the member was in when they last moved the alias (the browser's position, or
   * Cape Town; dating.position.ts): never a precise position, never a field.
   */
  @Column('double precision')
  latitude: number;

  @Column('double precision')
  longitude: number;

  /** Demo only: this alias likes every new alias, so a newcomer can see a match. Never a field. */
  @Column('boolean', { default: false })
  likesNewcomers: boolean;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;

  /** Set by the browse query only: shared interests / all distinct interests of both, as a percent. */
  @Field(() => Int, {
    nullable: true,
    description: 'Discover only: shared interests / all interests of both, as a percent',
  })
  compatibility?: number | null;

  /** Set by the browse query only. */
  @Field(() => Float, {
    nullable: true,
    description: 'Discover only: about how far away, in km, in steps of 5 km (5 means within 5 km)',
  })
  distanceKm?: number | null;
}
