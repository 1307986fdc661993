import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Post } from '../posts/post.entity';
import { User } from '../users/user.entity';

@ObjectType({ description: 'A comment on a post' })
@Entity('comments')
@Index(['postId', 'createdAt', 'id'])
export class Comment {
  @Field(() => ID, { description: "The comment's id" })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  postId: string;

  @ManyToOne(() => Post, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'post_id' })
  post?: Post;

  @Index()
  @Column('uuid')
  authorId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'author_id' })
  author?: User;

  @Field(() => String, { description: 'Its text' })
  @Column('text')
  text: string;

  @Field(() => Date, { description: 'When it was written' })
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
