import {
  Arg,
  Args,
  Authorized,
  Ctx,
  Extensions,
  FieldResolver,
  ID,
  Mutation,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import { SESSION_ONLY } from '../../kernel/access';
import type { Context } from '../../kernel/context';
import { IdempotencyKeyArg } from '../../kernel/idempotency';
import { PageArgs } from '../../kernel/pagination';
import { WebhookDelivery } from './webhook-delivery.entity';
import { Webhook } from './webhook.entity';
import { CreatedWebhook, CreateWebhookInput, UpdateWebhookInput, WebhookDeliveryConnection } from './webhook.inputs';
import * as service from './webhook.service';

/**
 * Managing webhooks: a signed-in session only, never a personal access token (SESSION_ONLY): a webhook sends the
 * member's events (their messages included) to a URL, so only the member in person may point one somewhere.
 */
@Resolver(() => Webhook)
export class WebhookResolver {
  @Authorized()
  @Extensions(SESSION_ONLY)
  @Query(() => [Webhook], {
    description:
      "The webhooks the signed-in member manages (their own and their pages'), newest first (not with a token)",
  })
  myWebhooks(
    @Arg('businessId', () => ID, { nullable: true, description: "Only this page's webhooks" })
    businessId: string | null,
    @Ctx() ctx: Context,
  ): Promise<Webhook[]> {
    return service.myWebhooks(ctx, businessId);
  }

  @Authorized()
  @Extensions(SESSION_ONLY)
  @Query(() => WebhookDeliveryConnection, {
    description: "One of your webhooks' deliveries, newest first, page by page (not with a token)",
  })
  webhookDeliveries(
    @Arg('webhookId', () => ID, { description: 'The webhook' }) webhookId: string,
    @Args(() => PageArgs) args: PageArgs,
    @Ctx() ctx: Context,
  ) {
    return service.webhookDeliveries(ctx, webhookId, args);
  }

  @Authorized()
  @Extensions(SESSION_ONLY)
  @Mutation(() => CreatedWebhook, {
    description: 'Registers a webhook and answers its signing secret, this once (not with a token)',
  })
  createWebhook(
    @Arg('input', () => CreateWebhookInput) input: CreateWebhookInput,
    @Ctx() ctx: Context,
  ): Promise<CreatedWebhook> {
    return service.createWebhook(ctx, input);
  }

  @Authorized()
  @Extensions(SESSION_ONLY)
  @Mutation(() => Webhook, {
    description: "Changes one of your webhooks' URL, events or whether it is active (not with a token)",
  })
  updateWebhook(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateWebhookInput) input: UpdateWebhookInput,
    @Ctx() ctx: Context,
  ): Promise<Webhook> {
    return service.updateWebhook(ctx, id, input);
  }

  @Authorized()
  @Extensions(SESSION_ONLY)
  @Mutation(() => ID, {
    description: 'Deletes one of your webhooks with its deliveries; answers its id (not with a token)',
  })
  deleteWebhook(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<string> {
    return service.deleteWebhook(ctx, id);
  }

  @Authorized()
  @Extensions(SESSION_ONLY)
  @Mutation(() => WebhookDelivery, {
    description: "Sends a delivery's payload again, as a new pending delivery (not with a token)",
  })
  replayWebhookDelivery(
    @Arg('id', () => ID) id: string,
    @IdempotencyKeyArg() idempotencyKey: string | null,
    @Ctx() ctx: Context,
  ): Promise<WebhookDelivery> {
    return service.replayWebhookDelivery(ctx, id, idempotencyKey);
  }

  @FieldResolver(() => [WebhookDelivery], {
    description: `Its latest deliveries, newest first (at most 5; webhookDeliveries pages through all)`,
  })
  recentDeliveries(@Root() webhook: Webhook, @Ctx() ctx: Context): Promise<WebhookDelivery[]> {
    return ctx.loaders.webhooks.recentDeliveries.load(webhook.id);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: "The name of its business page; null for the member's own webhook",
  })
  async businessName(@Root() webhook: Webhook, @Ctx() ctx: Context): Promise<string | null> {
    return webhook.businessId
      ? ((await ctx.loaders.webhooks.businessNames.load(webhook.businessId))?.name ?? null)
      : null;
  }
}

@Resolver(() => WebhookDelivery)
export class WebhookDeliveryResolver {
  @FieldResolver(() => String, { description: 'The JSON body it POSTs: {"id", "event", "createdAt", "data"}' })
  payload(@Root() delivery: WebhookDelivery): string {
    return JSON.stringify(delivery.payload);
  }
}
