import { Field, Float, ID, ObjectType, registerEnumType } from 'type-graphql';
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

/** Where a listing stands (spec 002 sections 3 and 4): available, pending, sold. */
export enum ListingStatus {
  available = 'available',
  pending = 'pending',
  sold = 'sold',
}
registerEnumType(ListingStatus, { name: 'ListingStatus', description: 'available, pending or sold' });

/** Prices are stored as numeric(12,2) and read as numbers. */
const money = {
  from: (v: string | number | null) => (v === null ? null : Number(v)),
  to: (v: number | undefined) => v,
};

/** An item for sale on the marketplace (spec 002 section 3, "Marketplace item"), stored and shared between members. */
@ObjectType({ description: 'An item for sale on the marketplace' })
@Entity('marketplace_listings')
@Index('IDX_marketplace_listings_seller_created', ['sellerId', 'createdAt', 'id'])
// The radius filter and nearest-first order (earthdistance): a GiST index on the stored earth point that also carries
// the category (INCLUDE), so a category's page and count are filtered inside the index. TypeORM cannot describe
// INCLUDE: the migration MarketplaceListings creates it.
@Index('IDX_marketplace_listings_place', { synchronize: false })
export class MarketplaceListing {
  @Field(() => ID, { description: "The listing's id" })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => ID, { description: 'The member who sells it' })
  @Column('uuid')
  sellerId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'seller_id' })
  seller?: User;

  @Field(() => String, { description: 'What is for sale' })
  @Column('varchar', { length: 120 })
  name: string;

  @Field(() => Float, { description: 'Price in rand (ZAR)' })
  @Column('numeric', { precision: 12, scale: 2, transformer: money })
  price: number;

  @Field(() => String, { description: 'new, like-new, good, fair or poor' })
  @Column('varchar', { length: 20 })
  condition: string;

  @Field(() => String, { description: 'electronics, furniture, clothing, books, sports, toys or other' })
  @Column('varchar', { length: 20 })
  category: string;

  @Field(() => String, { description: 'More about it' })
  @Column('text')
  description: string;

  @Field(() => String, { nullable: true, description: 'The photo (a stored image URL)' })
  @Column('text', { nullable: true })
  imageUrl: string | null;

  @Field(() => String, { nullable: true, description: "The photo's square thumbnail, for cards" })
  @Column('text', { nullable: true })
  thumbnailUrl: string | null;

  /** Every stored file of the photo (original, thumbnail, variants), so replacing or deleting removes them. */
  @Column('jsonb', { default: () => "'[]'" })
  files: string[];

  @Field(() => String, { nullable: true, description: 'Where the item is, as the seller names it (e.g. "Sea Point")' })
  @Column('varchar', { length: 120, nullable: true })
  locationName: string | null;

  @Field(() => Float, {
    description: "Where it is: latitude of the 1 km cell's centre (never the seller's exact position)",
  })
  @Column('double precision')
  latitude: number;

  @Field(() => Float, { description: "Where it is: longitude of the 1 km cell's centre" })
  @Column('double precision')
  longitude: number;

  /**
   * The item's point on the earth (`ll_to_earth`), kept by a trigger from latitude and longitude: never written by the
   * app.
   */
  @Column({ type: 'cube', nullable: true, insert: false, update: false })
  place?: string | null;

  @Field(() => ListingStatus, { description: 'available, pending or sold' })
  @Column('varchar', { length: 10, default: ListingStatus.available })
  status: ListingStatus;

  @Field(() => Date, { description: 'When it was listed' })
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Field(() => Date, { description: 'When it last changed' })
  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;

  /** Set by the radius query only: how far the item is from the searched position. */
  distanceMetres?: number;
}
