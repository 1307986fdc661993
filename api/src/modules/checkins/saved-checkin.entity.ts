import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Post } from '../posts/post.entity';
import { User } from '../users/user.entity';

/** A check-in a member saved to their Things to do list; once per member and post. */
@ObjectType({ description: 'A check-in post the viewer saved to their places' })
@Entity('saved_checkins')
@Index(['memberId', 'postId'], { unique: true })
@Index(['memberId', 'createdAt', 'id'])
export class SavedCheckin {
  @Field(() => ID, { description: "The saved check-in's id" })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  memberId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id' })
  member?: User;

  @Field(() => ID, { description: 'The id of the check-in post' })
  @Index()
  @Column('uuid')
  postId: string;

  @ManyToOne(() => Post, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'post_id' })
  post?: Post;

  @Field(() => Date, { description: 'When the viewer saved it' })
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
