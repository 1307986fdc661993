import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
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
  description: 'Why content is reported',
  valuesConfig: Object.fromEntries(
    Object.entries(REPORT_REASON_LABELS).map(([reason, description]) => [reason, { description }]),
  ) as Record<ReportReason, { description: string }>,
});

/** What members can report: each kind's rules live in its own module (a `Reportable`, see reportables.ts). */
export enum ReportKind {
  post = 'post',
  comment = 'comment',
  reel = 'reel',
  recipe = 'recipe',
  recipeComment = 'recipeComment',
  review = 'review',
  listing = 'listing',
  group = 'group',
  groupMessage = 'groupMessage',
  directMessage = 'directMessage',
  alias = 'alias',
  song = 'song',
}
registerEnumType(ReportKind, {
  name: 'ReportKind',
  description: 'The kind of content a report is about',
  valuesConfig: {
    post: { description: 'A post (home feed, a profile, a group)' },
    comment: { description: 'A comment on a post' },
    reel: { description: 'A reel' },
    recipe: { description: 'A recipe' },
    recipeComment: { description: 'A comment on a recipe' },
    review: { description: 'A business review' },
    listing: { description: 'A marketplace listing' },
    group: { description: 'A group' },
    groupMessage: { description: "A message in a group's chat (only its members can report it)" },
    directMessage: { description: 'A direct message (only its recipient can report it)' },
    alias: { description: 'A dating alias (admins see the alias, never the member behind it)' },
    song: { description: 'A song of the Noot vir Noot chart' },
  },
});

/**
 * Where a report stands: open until its content is handled: an admin dismisses it, removes the content, or suspends its
 * author (which removes it).
 */
export enum ReportStatus {
  open = 'open',
  dismissed = 'dismissed',
  removed = 'removed',
  actioned = 'actioned',
}
registerEnumType(ReportStatus, {
  name: 'ReportStatus',
  description: 'Where a report stands',
  valuesConfig: {
    open: { description: 'Waiting for an admin' },
    dismissed: { description: 'An admin found nothing wrong' },
    removed: { description: 'The content was removed (by an admin, or by its author while the report was open)' },
    actioned: { description: "An admin suspended the content's author, which removed the content" },
  },
});

/**
 * A member's report of one piece of content, for the admins' moderation queue: one per member and item
 * (unique kind, subject_id, reporter_id). `subject_id` names a row of the kind's own table and has no foreign key
 * (one column for ten tables); when the content goes, its open reports are resolved as `removed`.
 */
@ObjectType({
  description: "A member's report of content; in the moderation queue, one entry stands for all reports of its item",
})
@Entity('reports')
@Index(['kind', 'subjectId', 'reporterId'], { unique: true })
@Index(['status', 'createdAt', 'id'])
@Index(['status', 'kind', 'createdAt', 'id'])
@Index(['kind', 'subjectId', 'status', 'createdAt'])
export class Report {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => ReportKind)
  @Column('varchar', { length: 20 })
  kind: ReportKind;

  @Field(() => ID, { description: "The reported item's id (a post's, a reel's...)" })
  @Column('uuid')
  subjectId: string;

  @Index()
  @Column('uuid')
  reporterId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'reporter_id' })
  reporter?: User;

  @Field(() => ReportReason)
  @Column('varchar', { length: 20 })
  reason: ReportReason;

  @Field(() => ReportStatus)
  @Column('varchar', { length: 10, default: ReportStatus.open })
  status: ReportStatus;

  @Field(() => Date)
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Field(() => Date, { nullable: true })
  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  resolvedAt: Date | null;

  @Index()
  @Column({ type: 'uuid', name: 'resolved_by', nullable: true })
  resolvedById: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'resolved_by' })
  resolvedBy?: User | null;
}
