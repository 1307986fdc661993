import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';

/**
 * One admin action, stored in the same transaction as the action itself. Append-only: a database trigger refuses
 * UPDATE and DELETE (migration 1795770500000), except that deleting the acting admin's account sets `actorId` to
 * NULL; `actorName` keeps who it was.
 */
@ObjectType({
  description: 'One admin action: who, what, on which target, when, and the values before and after where it matters',
})
@Entity('admin_audit_log')
@Index('IDX_admin_audit_log_created', ['createdAt', 'id'])
@Index('IDX_admin_audit_log_action', ['action', 'createdAt', 'id'])
@Index('IDX_admin_audit_log_actor', ['actorId', 'createdAt', 'id'])
export class AdminAuditEntry {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => String, {
    nullable: true,
    description: "The admin who acted; null once that admin's account was deleted",
  })
  @Column('uuid', { nullable: true })
  actorId: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'actor_id', foreignKeyConstraintName: 'FK_admin_audit_log_actor' })
  actor?: User;

  @Field(() => String, { description: "The admin's name when they acted" })
  @Column('varchar', { length: 120 })
  actorName: string;

  @Field(() => String, {
    description: 'What was done, such as user.update, user.suspend, user.delete, notification.broadcast',
  })
  @Column('varchar', { length: 60 })
  action: string;

  @Field(() => String, { description: 'The kind of thing acted on, such as user or notification' })
  @Column('varchar', { length: 40 })
  targetType: string;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 60, nullable: true })
  targetId: string | null;

  /** The values before the action (JSON); GraphQL: AdminAuditEntryResolver.before as JSON text. */
  @Column('jsonb', { nullable: true })
  before: Record<string, unknown> | null;

  @Column('jsonb', { nullable: true })
  after: Record<string, unknown> | null;

  @Field(() => Date)
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
