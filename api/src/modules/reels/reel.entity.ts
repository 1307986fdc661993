import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';

/** A short video or image reel. This issue keeps what the home strip needs; the reels issue extends it. */
@ObjectType()
@Entity('reels')
@Index(['createdAt', 'id'])
export class Reel {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index()
  @Column('uuid')
  authorId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'author_id' })
  author?: User;

  @Field(() => String)
  @Column('varchar', { length: 100 })
  title: string;

  @Field(() => String, { nullable: true })
  @Column('text', { nullable: true })
  caption: string | null;

  @Field(() => String, { nullable: true })
  @Column('text', { nullable: true })
  thumbnailUrl: string | null;

  @Field(() => String, { nullable: true })
  @Column('text', { nullable: true })
  videoUrl: string | null;

  @Field(() => Date)
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
