import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Webhook, WebhookEvent } from './webhook.entity';

/** Where a delivery stands. */
export enum WebhookDeliveryStatus {
  pending = 'pending',
  succeeded = 'succeeded',
  failed = 'failed',
}
registerEnumType(WebhookDeliveryStatus, {
  name: 'WebhookDeliveryStatus',
  description: 'Where a webhook delivery stands',
  valuesConfig: {
    pending: { description: 'Not delivered yet: waiting for its first attempt or for a retry' },
    succeeded: { description: 'The endpoint answered 2xx' },
    failed: { description: 'Every attempt failed; replay it to try again' },
  },
});

/**
 * One event for one webhook: the outbox row written in the transaction of the write that caused the event, then
 * POSTed (and retried with backoff) by a delivery worker, which records each attempt's outcome here.
 */
@ObjectType({ description: 'One delivery of an event to a webhook, with the outcome of its latest attempt' })
@Entity('webhook_deliveries')
@Check('CHK_webhook_deliveries_status', `"status" IN ('pending', 'succeeded', 'failed')`)
@Index('IDX_webhook_deliveries_due', ['nextAttemptAt'], { where: `"status" = 'pending'` })
@Index('IDX_webhook_deliveries_webhook', ['webhookId', 'createdAt', 'id'])
@Index('IDX_webhook_deliveries_finished', ['createdAt'], { where: `"status" <> 'pending'` })
export class WebhookDelivery {
  @Field(() => ID, { description: "The delivery's id (also its Saffa-Delivery header)" })
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_webhook_deliveries' })
  id: string;

  @Field(() => ID, { description: 'The webhook it is for' })
  @Column('uuid')
  webhookId: string;

  @ManyToOne(() => Webhook, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'webhook_id', foreignKeyConstraintName: 'FK_webhook_deliveries_webhook' })
  webhook?: Webhook;

  @Field(() => WebhookEvent, { description: 'What happened' })
  @Column('varchar', { length: 30 })
  event: WebhookEvent;

  /** The JSON body's object (as stored). */
  @Column('jsonb')
  payload: Record<string, unknown>;

  @Field(() => WebhookDeliveryStatus, { description: 'Where it stands' })
  @Column('varchar', { length: 10, default: WebhookDeliveryStatus.pending })
  status: WebhookDeliveryStatus;

  @Field(() => Int, { description: 'How many attempts were made' })
  @Column('integer', { default: 0 })
  attempts: number;

  @Field(() => Date, { nullable: true, description: 'When the next attempt is due; null once it succeeded or failed' })
  @Column({ type: 'timestamptz', precision: 3, nullable: true, default: () => 'now()' })
  nextAttemptAt: Date | null;

  @Field(() => Int, {
    nullable: true,
    description: "The HTTP status of the latest attempt's answer; null: no answer (or no attempt yet)",
  })
  @Column('integer', { nullable: true })
  lastStatusCode: number | null;

  @Field(() => String, { nullable: true, description: 'Why the latest attempt failed; null: it did not' })
  @Column('varchar', { length: 500, nullable: true })
  lastError: string | null;

  @Field(() => Date, { nullable: true, description: 'When the endpoint accepted it' })
  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  deliveredAt: Date | null;

  @Field(() => ID, { nullable: true, description: 'The delivery this one replays, if it is a replay' })
  @Column('uuid', { nullable: true })
  replayOfId: string | null;

  @ManyToOne(() => WebhookDelivery, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'replay_of_id', foreignKeyConstraintName: 'FK_webhook_deliveries_replay_of' })
  replayOf?: WebhookDelivery;

  @Field({ description: 'When the event happened (or the replay was asked for)' })
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
