import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Post } from '../posts/post.entity';
import { User } from '../users/user.entity';

export enum ReportReason {
  spam = 'spam',
  harassment = 'harassment',
  violence = 'violence',
  inappropriate = 'inappropriate',
  copyright = 'copyright',
  other = 'other',
}
/** The labels members choose from (spec 000 section 5), in the report dialog's order. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or misleading',
  harassment: 'Harassment or hate speech',
  violence: 'Violence or dangerous content',
  inappropriate: 'Inappropriate content',
  copyright: 'Copyright violation',
  other: 'Other',
};
registerEnumType(ReportReason, {
  name: 'ReportReason',
  description: 'Why a post is reported',
  valuesConfig: Object.fromEntries(
    Object.entries(REPORT_REASON_LABELS).map(([reason, description]) => [reason, { description }]),
  ) as Record<ReportReason, { description: string }>,
});

/** A member's report of a post, for the admins' moderation queue; one per member and post. */
@ObjectType()
@Entity('post_reports')
@Index(['postId', 'reporterId'], { unique: true })
@Index(['createdAt', 'id'])
export class PostReport {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => ID)
  @Column('uuid')
  postId: string;

  @ManyToOne(() => Post, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'post_id' })
  post?: Post;

  @Index()
  @Column('uuid')
  reporterId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'reporter_id' })
  reporter?: User;

  @Field(() => ReportReason)
  @Column('varchar', { length: 20 })
  reason: ReportReason;

  @Field(() => String, { description: 'open until an admin resolves it' })
  @Column('varchar', { length: 10, default: 'open' })
  status: string;

  @Field(() => Date)
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
