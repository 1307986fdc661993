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
import type { ImageVariant as StoredVariant } from '../../kernel/images';
import { User } from '../users/user.entity';

@ObjectType({ description: 'A photo at one width and format, for `srcset` (e.g. WebP with a JPEG or PNG fallback)' })
export class ImageVariant implements StoredVariant {
  @Field(() => String)
  url: string;

  @Field(() => Int, { description: 'Width in pixels' })
  width: number;

  @Field(() => Int, { description: 'Height in pixels (the aspect ratio of the original)' })
  height: number;

  @Field(() => String, { description: 'image/webp, or image/jpeg or image/png for browsers without WebP' })
  mimeType: string;
}

@ObjectType({ description: 'A photo of a post: the original, a square thumbnail for grids, and responsive variants' })
export class PostImage {
  @Field(() => String, { description: 'The original file as sent' })
  url: string;

  @Field(() => String, { nullable: true, description: 'A 480×480 crop for grids of several photos' })
  thumbnailUrl: string | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Width in pixels of the upright original; null for photos stored before sizes were kept',
  })
  width: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Height in pixels of the upright original; null for photos stored before sizes were kept',
  })
  height: number | null;

  @Field(() => [ImageVariant], {
    description:
      'The photo at 480 and 1080 pixels wide (never wider than the original), keeping its aspect ratio; WebP first, ' +
      'then a JPEG or PNG fallback. Empty for photos stored before variants existed',
  })
  variants: ImageVariant[];
}

/** Photos stored before sizes and variants were kept read as having none. */
const imagesColumn = {
  from: (stored: Array<Partial<PostImage> & { url: string }> | null): PostImage[] =>
    (stored ?? []).map((i) => ({ thumbnailUrl: null, width: null, height: null, variants: [], ...i })),
  to: (images: PostImage[] | undefined) => images,
};

@ObjectType({ description: 'A post in the feed: text, photos, a video or a document, and optionally a check-in' })
@Entity('posts')
@Index(['createdAt', 'id'])
@Index('IDX_posts_author_created', ['authorId', 'createdAt'])
// Check-ins by place (radius filters with earthdistance): a GiST expression index TypeORM cannot describe.
@Index('IDX_posts_place', { synchronize: false })
export class Post {
  @Field(() => ID, { description: "The post's id" })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  authorId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'author_id' })
  author?: User;

  @Field(() => String, { nullable: true, description: 'Its text, if any' })
  @Column('text', { nullable: true })
  content: string | null;

  @Field(() => [PostImage], { description: 'Its images, in order' })
  @Column('jsonb', { default: () => "'[]'", transformer: imagesColumn })
  images: PostImage[];

  @Field(() => String, { nullable: true, description: "The attached video's URL, if any" })
  @Column('text', { nullable: true })
  videoUrl: string | null;

  @Field(() => String, { nullable: true, description: "The attached document's URL, if any" })
  @Column('text', { nullable: true })
  documentUrl: string | null;

  @Field(() => String, { nullable: true, description: 'The file name the member gave' })
  @Column('varchar', { length: 255, nullable: true })
  documentName: string | null;

  @Field(() => String, { nullable: true, description: 'File extension of the document (pdf, docx, xlsx, ...)' })
  @Column('varchar', { length: 10, nullable: true })
  documentType: string | null;

  @Field(() => String, { nullable: true, description: 'Place name of a check-in' })
  @Column('varchar', { length: 200, nullable: true })
  location: string | null;

  @Field(() => Float, { nullable: true, description: "A check-in's latitude, if the post is one" })
  @Column('double precision', { nullable: true })
  latitude: number | null;

  @Field(() => Float, { nullable: true, description: "A check-in's longitude, if the post is one" })
  @Column('double precision', { nullable: true })
  longitude: number | null;

  @Field(() => Date, { description: 'When it was posted' })
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Field(() => Date, { description: 'When its text last changed' })
  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;

  @Field(() => String, { nullable: true, description: 'The first photo (older clients show one image)' })
  get imageUrl(): string | null {
    return this.images?.[0]?.url ?? null;
  }

  /** A check-in is a post with a place and coordinates. */
  get isCheckin(): boolean {
    return this.latitude !== null && this.longitude !== null && !!this.location;
  }
}
