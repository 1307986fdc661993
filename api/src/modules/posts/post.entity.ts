import { Field, Float, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { User } from '../users/user.entity';

@ObjectType({ description: 'A photo of a post, with a small thumbnail for grids' })
export class PostImage {
  @Field(() => String)
  url: string;

  @Field(() => String, { nullable: true })
  thumbnailUrl: string | null;
}

@ObjectType({ description: 'A post in the feed: text, photos, a video or a document, and optionally a check-in' })
@Entity('posts')
@Index(['createdAt', 'id'])
@Index('IDX_posts_author_created', ['authorId', 'createdAt'])
export class Post {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  authorId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'author_id' })
  author?: User;

  @Field(() => String, { nullable: true })
  @Column('text', { nullable: true })
  content: string | null;

  @Field(() => [PostImage])
  @Column('jsonb', { default: () => "'[]'" })
  images: PostImage[];

  @Field(() => String, { nullable: true })
  @Column('text', { nullable: true })
  videoUrl: string | null;

  @Field(() => String, { nullable: true })
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

  @Field(() => Float, { nullable: true })
  @Column('double precision', { nullable: true })
  latitude: number | null;

  @Field(() => Float, { nullable: true })
  @Column('double precision', { nullable: true })
  longitude: number | null;

  @Field(() => Date)
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Field(() => Date)
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
