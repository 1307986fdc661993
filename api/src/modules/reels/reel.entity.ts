import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';

/** A short video or image reel a member uploaded: its title, caption and stored file. */
@ObjectType({ description: 'A short video (or image) with a title and a caption, in the Reels feed' })
@Entity('reels')
@Index(['createdAt', 'id'])
// A member's reels newest first (the profile's grid): read in order from the index, however many they posted.
@Index('IDX_reels_author', ['authorId', 'createdAt', 'id'])
export class Reel {
  @Field(() => ID, { description: "The reel's id" })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  authorId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'author_id' })
  author?: User;

  @Field(() => String, { description: 'Its title' })
  @Column('varchar', { length: 100 })
  title: string;

  @Field(() => String, { nullable: true, description: 'Its caption, if any' })
  @Column('text', { nullable: true })
  caption: string | null;

  @Field(() => String, { nullable: true, description: 'A still of the video, if one was made' })
  @Column('text', { nullable: true })
  thumbnailUrl: string | null;

  @Field(() => String, { nullable: true, description: "The video's URL, if the reel is a video" })
  @Column('text', { nullable: true })
  videoUrl: string | null;

  @Field(() => String, { nullable: true, description: 'The full-size image of an image reel' })
  @Column('text', { nullable: true })
  imageUrl: string | null;

  /** Every stored file of the reel (the original, its thumbnail and variants): removed with it. */
  @Column('jsonb', { default: () => "'[]'" })
  files: string[];

  @Field(() => Date, { description: 'When it was published' })
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
