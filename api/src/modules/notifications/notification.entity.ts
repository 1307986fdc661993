import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';

export enum NotificationType {
  info = 'info',
  warning = 'warning',
  success = 'success',
}
registerEnumType(NotificationType, { name: 'NotificationType', description: 'How a notification is shown' });

/** Something a member should know: a reaction, a comment, a friend request, an admin broadcast. */
@ObjectType({
  description: "Something that happened for the viewer: a new follower, a message, a booking, an admin's notice",
})
@Entity('notifications')
@Index(['recipientId', 'createdAt', 'id'])
@Index('IDX_notifications_unread', ['recipientId'], { where: 'is_read = false' })
@Index('IDX_notifications_broadcasts', ['createdAt', 'id'], { where: 'recipient_id IS NULL' })
export class Notification {
  @Field(() => ID, { description: "The notification's id" })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /**
   * NULL for a broadcast: one row that every member who joined at or before it sees (read state in notification_reads).
   */
  @Column('uuid', { nullable: true })
  recipientId: string | null;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'recipient_id' })
  recipient?: User;

  @Field(() => NotificationType, { description: 'Its tone: info, warning, success (how the bell shows it)' })
  @Column('varchar', { length: 10, default: NotificationType.info })
  type: NotificationType;

  @Field(() => String, { description: 'Its heading' })
  @Column('varchar', { length: 200 })
  title: string;

  @Field(() => String, { description: 'Its text' })
  @Column('text')
  message: string;

  @Field(() => Boolean, { description: 'Whether the viewer has read it' })
  @Column('boolean', { default: false })
  isRead: boolean;

  @Field(() => String, { nullable: true, description: 'Where the notification leads, such as /post/{id}' })
  @Column('varchar', { length: 300, nullable: true })
  link: string | null;

  /**
   * Who caused it; when that member deletes their account it becomes NULL (their own notices about others are deleted
   * with them).
   */
  @Column('uuid', { nullable: true })
  @Index()
  actorId: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'actor_id' })
  actor?: User;

  /** Rows of broadcasts from before they fanned out on read (one row per member) name their broadcast here. */
  @Column('uuid', { nullable: true })
  broadcastId: string | null;

  @Field(() => Date, { description: 'When it was sent' })
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
