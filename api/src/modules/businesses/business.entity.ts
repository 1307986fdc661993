import { Field, Float, ID, ObjectType } from 'type-graphql';
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

/** The Instagram-style preset: the default gradient border of a page (spec 001 sections 3 and 4). */
export const DEFAULT_GRADIENT = 'conic-gradient(from 0deg, #f09433, #e6683c, #dc2743, #cc2366, #bc1888, #f09433)';
export const DEFAULT_BUTTON_COLOR = '#1877f2';
export const DEFAULT_BUTTON_TEXT_COLOR = '#ffffff';

/**
 * Every stored file of a page's logo and cover (original, thumbnail, variants), so replacing or deleting removes them.
 */
export interface BusinessMedia {
  logo: string[];
  cover: string[];
}

/** A business page: the directory's cards, the detail dialog, the home carousel. */
@ObjectType({ description: 'A business page (spec 001 section 3, "Business page")' })
@Entity('businesses')
@Index(['createdAt', 'id'])
@Index('IDX_businesses_owner_created', ['ownerId', 'createdAt', 'id'])
// The directory's radius filter and nearest-first order (earthdistance): a GiST index on the stored earth point.
// Explore's search by name and category (pg_trgm GIN indexes TypeORM cannot describe: modules/search).
@Index('IDX_businesses_name_trgm', { synchronize: false })
@Index('IDX_businesses_category_trgm', { synchronize: false })
@Index('IDX_businesses_place', ['place'], { spatial: true, where: 'place IS NOT NULL' })
export class Business {
  @Field(() => ID, { description: "The business page's id" })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => String, { description: "The business's name" })
  @Index({ unique: true })
  @Column('citext')
  name: string;

  @Field(() => String, { description: 'Its directory category' })
  @Column('varchar', { length: 80 })
  category: string;

  @Field(() => String, { nullable: true, description: 'What it does, if described' })
  @Column('text', { nullable: true })
  description: string | null;

  @Field(() => String, { nullable: true, description: 'The logo (a stored image URL)' })
  @Column('text', { nullable: true })
  imageUrl: string | null;

  @Field(() => String, { nullable: true, description: 'The cover photo (a stored image URL)' })
  @Column('text', { nullable: true })
  coverPhotoUrl: string | null;

  @Column('jsonb', { default: () => `'{"logo": [], "cover": []}'` })
  media: BusinessMedia;

  @Field(() => ID, { nullable: true, description: 'The member who owns the page' })
  @Column('uuid', { nullable: true })
  ownerId: string | null;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'owner_id' })
  owner?: User;

  @Field(() => String, { nullable: true, description: 'Its street address, if given' })
  @Column('varchar', { length: 300, nullable: true })
  address: string | null;

  @Field(() => String, { nullable: true, description: 'Its phone number, if given' })
  @Column('varchar', { length: 40, nullable: true })
  phone: string | null;

  @Field(() => String, { nullable: true, description: 'Its website, if given' })
  @Column('varchar', { length: 300, nullable: true })
  website: string | null;

  @Field(() => String, { nullable: true, description: 'Its contact e-mail address, if given' })
  @Column('varchar', { length: 254, nullable: true })
  email: string | null;

  @Field(() => String, { nullable: true, description: 'Its industry, if given' })
  @Column('varchar', { length: 100, nullable: true })
  industry: string | null;

  @Field(() => String, { nullable: true, description: 'Its opening hours as its owner wrote them, if given' })
  @Column('varchar', { length: 200, nullable: true })
  openHours: string | null;

  @Field(() => String, { description: 'Background colour of the page buttons (#rrggbb)' })
  @Column('varchar', { length: 7, default: DEFAULT_BUTTON_COLOR })
  buttonColor: string;

  @Field(() => String, { description: 'Text colour of the page buttons (#rrggbb)' })
  @Column('varchar', { length: 7, default: DEFAULT_BUTTON_TEXT_COLOR })
  buttonTextColor: string;

  @Field(() => String, { description: 'The gradient border: a conic-gradient value (one of the presets by default)' })
  @Column('varchar', { length: 200, default: DEFAULT_GRADIENT })
  gradientBorder: string;

  @Field(() => Float, { nullable: true, description: 'Null: the page is not in the directory' })
  @Column('double precision', { nullable: true })
  latitude: number | null;

  @Field(() => Float, { nullable: true, description: 'Its longitude, if located' })
  @Column('double precision', { nullable: true })
  longitude: number | null;

  /**
   * The page's point on the earth (earthdistance's `ll_to_earth`), stored so the directory reads it rather than
   * computing it per row; null without coordinates. Kept by a trigger from latitude and longitude (migration
   * BusinessPages): never written by the app.
   */
  @Column({ type: 'cube', nullable: true, insert: false, update: false })
  place?: string | null;

  @Field(() => Date, { description: 'When the page was created' })
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Field(() => Date, { description: 'When the page last changed' })
  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;

  /** Set by the directory query only: how far the page is from the searched position. */
  distanceMetres?: number;
}
