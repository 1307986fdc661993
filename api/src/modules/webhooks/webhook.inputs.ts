import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { ConnectionType } from '../../kernel/pagination';
import { WebhookDelivery } from './webhook-delivery.entity';
import { Webhook, WebhookEvent } from './webhook.entity';

@InputType({ description: 'A new webhook' })
export class CreateWebhookInput {
  @Field({
    description: 'Where deliveries are POSTed: an https URL on the public internet, without a user name or password',
  })
  url: string;

  @Field(() => [WebhookEvent], {
    description: "The events to be told of (a page's webhook: newFollower and newApplication)",
  })
  events: WebhookEvent[];

  @Field(() => ID, {
    nullable: true,
    description: 'A business page of yours whose events it is told of; absent: your own events',
  })
  businessId?: string | null;
}

@InputType({ description: 'Changes to a webhook; absent fields stay as they are' })
export class UpdateWebhookInput {
  @Field(() => String, { nullable: true, description: 'A new URL (the same rules as when created)' })
  url?: string | null;

  @Field(() => [WebhookEvent], { nullable: true, description: 'A new set of events' })
  events?: WebhookEvent[] | null;

  @Field(() => Boolean, { nullable: true, description: 'false switches it off (no new deliveries), true on again' })
  enabled?: boolean | null;
}

@ObjectType({ description: 'A webhook just created, with its signing secret: shown this once, never again' })
export class CreatedWebhook {
  @Field(() => Webhook, { description: 'The stored webhook, as myWebhooks lists it' })
  webhook: Webhook;

  @Field({ description: 'The secret that signs its deliveries (Saffa-Signature, HMAC-SHA256)' })
  secret: string;
}

@ObjectType({ description: 'A page of webhook deliveries' })
export class WebhookDeliveryConnection extends ConnectionType(WebhookDelivery, 'WebhookDelivery') {}
