import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Post } from '../posts/post.entity';
import { User } from '../users/user.entity';

export enum ReactionType {
  lekker = 'lekker',
  shocked = 'shocked',
  sad = 'sad',
  care = 'care',
  angry = 'angry',
}
registerEnumType(ReactionType, {
  name: 'ReactionType',
  description: 'The five reactions: Lekker, Shocked, Sad, Care, Angry',
});

/** One member's reaction to one post: at most one, by a unique constraint. */
@ObjectType({ description: "The viewer's reaction to a post" })
@Entity('reactions')
@Index(['postId', 'memberId'], { unique: true })
export class Reaction {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  postId: string;

  @ManyToOne(() => Post, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'post_id' })
  post?: Post;

  @Index()
  @Column('uuid')
  memberId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id' })
  member?: User;

  @Field(() => ReactionType, { description: 'Which reaction' })
  @Column('varchar', { length: 10 })
  reactionType: ReactionType;

  @Field(() => Date, { description: 'When the viewer reacted' })
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}

@ObjectType({ description: 'How many members chose each reaction' })
export class ReactionCounts {
  @Field(() => Int) lekker: number;
  @Field(() => Int) shocked: number;
  @Field(() => Int) sad: number;
  @Field(() => Int) care: number;
  @Field(() => Int) angry: number;
  @Field(() => Int, { description: 'All reactions together' }) total: number;
}

/** Counts per kind (kinds nobody chose may be absent) as the five counts and their total. */
export function countsOf(byKind: Partial<Record<ReactionType, number>>): ReactionCounts {
  const c = {
    lekker: byKind.lekker ?? 0,
    shocked: byKind.shocked ?? 0,
    sad: byKind.sad ?? 0,
    care: byKind.care ?? 0,
    angry: byKind.angry ?? 0,
  };
  return { ...c, total: c.lekker + c.shocked + c.sad + c.care + c.angry };
}
