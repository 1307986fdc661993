import { registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';
import { Post } from './post.entity';

export enum ShareTarget {
  messaging = 'messaging',
  social = 'social',
  link = 'link',
}
registerEnumType(ShareTarget, {
  name: 'ShareTarget',
  description:
    'Where a post was shared: a messaging app, a social network, or a copied link (the photo network cannot share ' +
    'from the web, so it is no share)',
});

/**
 * A member's share of a post, counted once however often they share it; the share count is the number of these rows.
 */
@Entity('post_shares')
@Index('UQ_post_shares_post_member', ['postId', 'memberId'], { unique: true })
export class PostShare {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  postId: string;

  @ManyToOne(() => Post, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'post_id' })
  post?: Post;

  @Column('uuid')
  @Index()
  memberId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id' })
  member?: User;

  @Column('varchar', { length: 12 })
  target: ShareTarget;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
