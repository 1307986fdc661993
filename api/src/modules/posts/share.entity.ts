import { registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export enum ShareTarget {
  messaging = 'messaging',
  social = 'social',
  photo = 'photo',
  link = 'link',
}
registerEnumType(ShareTarget, {
  name: 'ShareTarget',
  description: 'Where a post was shared: a messaging app, a social network, a photo network, or a copied link',
});

/** One share of a post; the share count is the number of these rows. */
@Entity('post_shares')
export class PostShare {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index()
  @Column('uuid')
  postId: string;

  @Column('uuid')
  userId: string;

  @Column('varchar', { length: 12 })
  target: ShareTarget;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
