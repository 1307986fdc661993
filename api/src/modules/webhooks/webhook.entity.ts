import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Business } from '../businesses/business.entity';
import { User } from '../users/user.entity';

/** What a webhook may be told of. The value is also the `Saffa-Event` header of a delivery. */
export enum WebhookEvent {
  newFollower = 'newFollower',
  newApplication = 'newApplication',
  newBooking = 'newBooking',
  newMessage = 'newMessage',
}
registerEnumType(WebhookEvent, {
  name: 'WebhookEvent',
  description: 'An event a webhook may be told of (also the Saffa-Event header of its deliveries)',
  valuesConfig: {
    newFollower: {
      description: 'Someone followed the member (a personal webhook) or the business page (a page webhook)',
    },
    newApplication: { description: "Someone applied for one of the member's (or the page's) job vacancies" },
    newBooking: { description: "Someone booked tickets for one of the member's events" },
    newMessage: { description: 'The member received a direct message (personal webhooks only)' },
  },
});

/**
 * Why a webhook is switched off: by its member, or with every webhook of theirs when their password was reset or
 * changed.
 */
export enum WebhookDisabledReason {
  manual = 'manual',
  passwordReset = 'passwordReset',
  passwordChange = 'passwordChange',
}
registerEnumType(WebhookDisabledReason, {
  name: 'WebhookDisabledReason',
  description: 'Why a webhook is switched off',
  valuesConfig: {
    manual: { description: 'Its member switched it off' },
    passwordReset: {
      description:
        "The member's password was reset: every webhook was switched off, in case someone else had planted one",
    },
    passwordChange: { description: 'The member changed their password and chose to switch off every webhook' },
  },
});

/**
 * An HTTPS endpoint told of chosen events: a member's own (no `businessId`) or a business page's (registered by its
 * owner). The signing secret is kept to sign deliveries and is never a GraphQL field: it is answered once, by
 * createWebhook.
 */
@ObjectType({
  description:
    'A webhook of the signed-in member or of one of their business pages; its signing secret is shown only once, ' +
    'when it is created',
})
@Entity('webhooks')
@Index('IDX_webhooks_member_url', ['memberId', 'url'], { unique: true, where: '"business_id" IS NULL' })
@Index('IDX_webhooks_business_url', ['businessId', 'url'], { unique: true, where: '"business_id" IS NOT NULL' })
export class Webhook {
  @Field(() => ID, { description: "The webhook's id" })
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_webhooks' })
  id: string;

  /** The member who registered it (for a page: its owner at the time). */
  @Column('uuid')
  memberId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id', foreignKeyConstraintName: 'FK_webhooks_member' })
  member?: User;

  @Field(() => ID, { nullable: true, description: "The business page it belongs to; null: the member's own events" })
  @Column('uuid', { nullable: true })
  businessId: string | null;

  @ManyToOne(() => Business, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'business_id', foreignKeyConstraintName: 'FK_webhooks_business' })
  business?: Business;

  @Field({ description: 'The URL deliveries are POSTed to' })
  @Column('varchar', { length: 2000 })
  url: string;

  @Field(() => [WebhookEvent], { description: 'The events it is told of' })
  @Column('text', { array: true })
  events: WebhookEvent[];

  /** Signs every delivery (HMAC-SHA256); never a GraphQL field. */
  @Column('varchar', { length: 100 })
  secret: string;

  @Field({ description: 'When it was created' })
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Field(() => Date, { nullable: true, description: 'When it was switched off (no new deliveries); null: active' })
  @Column('timestamptz', { nullable: true })
  disabledAt: Date | null;

  @Field(() => WebhookDisabledReason, { nullable: true, description: 'Why it is switched off; null: active' })
  @Column('varchar', { length: 20, nullable: true })
  disabledReason: WebhookDisabledReason | null;
}
