import { registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export enum ShareTarget {
  messaging = 'messaging',
  social = 'social',
  link = 'link',
}
registerEnumType(ShareTarget, {
  name: 'ShareTarget',
  description:
    'Where a post was shared: a messaging app, a social network, or a copied link (the photo network cannot share from the web, so it is no share)',
});

/** A member's share of a post, counted once however often they share it; the share count is the number of these rows. */
@Entity('post_shares')
@Index('UQ_post_shares_post_user', ['postId', 'userId'], { unique: true })
export class PostShare {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  postId: string;

  @Column('uuid')
  userId: string;

  @Column('varchar', { length: 12 })
  target: ShareTarget;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
