import {
  Arg,
  Args,
  Authorized,
  Ctx,
  Field,
  FieldResolver,
  Float,
  ID,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import type { Context } from '../../kernel/context';
import { ConnectionType } from '../../kernel/pagination';
import { Conversation } from '../messages/conversation.entity';
import { User } from '../users/user.entity';
import { listingOfConversationKey } from './listing.conversation';
import { ListingStatus, MarketplaceListing } from './marketplace-listing.entity';
import { ListingInput, ListingsArgs, type ListingsQuery } from './listing.inputs';
import { listingPolicy } from './listing.policy';
import * as service from './listing.service';

@ObjectType({ description: 'A page of listings within a radius, nearest first' })
export class MarketplaceListingConnection extends ConnectionType(MarketplaceListing, 'MarketplaceListing') {
  /** The query, for totalCount (counted only when asked). */
  query: ListingsQuery;
}

@ObjectType({ description: 'The option lists and limits of the marketplace (spec 002 sections 3 and 9)' })
export class MarketplaceOptions {
  @Field(() => [String], { description: 'Item conditions: new, like-new, good, fair, poor' })
  conditions: string[];

  @Field(() => [String], { description: 'Categories: electronics, furniture, clothing, books, sports, toys, other' })
  categories: string[];

  @Field(() => [ListingStatus], { description: 'The statuses a listing may have' })
  statuses: ListingStatus[];

  @Field(() => Int, { description: 'Smallest radius in km (1)' })
  minRadiusKm: number;

  @Field(() => Int, { description: 'Largest radius in km (50)' })
  maxRadiusKm: number;

  @Field(() => Int, { description: 'Radius step in km (1)' })
  radiusStepKm: number;

  @Field(() => Int, { description: 'Default radius in km (10)' })
  defaultRadiusKm: number;
}

@Resolver(() => MarketplaceListingConnection)
export class MarketplaceListingConnectionResolver {
  @FieldResolver(() => Int, {
    description: 'How many listings match the filters within the radius ("Showing X of Y items")',
  })
  totalCount(@Root() page: MarketplaceListingConnection) {
    return service.listingsNearCount(null, page.query, false);
  }
}

/** The listing a conversation is about, when it was started with Message Seller. */
@Resolver(() => Conversation)
export class ConversationListingResolver {
  @FieldResolver(() => MarketplaceListing, {
    nullable: true,
    description: 'The marketplace listing this conversation is about (Message Seller); null otherwise or once deleted',
  })
  listing(@Root() c: Conversation, @Ctx() ctx: Context) {
    const id = listingOfConversationKey(c.originKey);
    return id ? ctx.loaders.listings.byId.load(id) : null;
  }
}

@Resolver(() => MarketplaceListing)
export class MarketplaceListingResolver {
  @Authorized()
  @Query(() => MarketplaceListingConnection, {
    description: 'Listings within a radius of a position, of one category or all, nearest first',
  })
  async marketplaceListings(@Args(() => ListingsArgs) args: ListingsArgs, @Ctx() ctx: Context) {
    return { ...(await service.listingsNear(ctx.viewer, args)), query: args };
  }

  @Authorized()
  @Query(() => Int, {
    description:
      'How many listings match the filters within the radius ("Showing X of Y items"), asked once per filter rather ' +
      'than with every page',
  })
  marketplaceListingCount(@Args(() => ListingsArgs) args: ListingsArgs, @Ctx() ctx: Context) {
    return service.listingsNearCount(ctx.viewer, args);
  }

  @Authorized()
  @Query(() => MarketplaceListing, { nullable: true, description: 'One listing, or null when there is none' })
  marketplaceListing(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return service.listingFor(ctx.viewer, id);
  }

  @Authorized()
  @Query(() => MarketplaceOptions, {
    description: "The marketplace's choices: item conditions, categories, listing statuses and the search radius range",
  })
  marketplaceOptions(): MarketplaceOptions {
    return {
      conditions: [...service.CONDITIONS],
      categories: [...service.CATEGORIES],
      statuses: Object.values(ListingStatus),
      minRadiusKm: service.RADIUS_KM.min,
      maxRadiusKm: service.RADIUS_KM.max,
      radiusStepKm: service.RADIUS_KM.step,
      defaultRadiusKm: service.RADIUS_KM.default,
    };
  }

  @Authorized()
  @Mutation(() => MarketplaceListing, { description: 'Lists an item for sale, sold by the viewer' })
  createListing(@Arg('input', () => ListingInput) input: ListingInput, @Ctx() ctx: Context) {
    return service.createListing(ctx.viewer, input);
  }

  @Authorized()
  @Mutation(() => MarketplaceListing, { description: "Changes a listing's fields; its seller only" })
  updateListing(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => ListingInput) input: ListingInput,
    @Ctx() ctx: Context,
  ) {
    return service.updateListing(ctx.viewer, id, input);
  }

  @Authorized()
  @Mutation(() => MarketplaceListing, {
    description: "Sets a listing's status (available, pending, sold); its seller only",
  })
  setListingStatus(
    @Arg('id', () => ID) id: string,
    @Arg('status', () => ListingStatus) status: ListingStatus,
    @Ctx() ctx: Context,
  ) {
    return service.setListingStatus(ctx.viewer, id, status);
  }

  @Authorized()
  @Mutation(() => ID, { description: 'Deletes a listing; its seller only. Answers its id' })
  async deleteListing(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    await service.deleteListing(ctx.viewer, id);
    return id;
  }

  @FieldResolver(() => User, { nullable: true, description: 'Who sells it' })
  seller(@Root() l: MarketplaceListing, @Ctx() ctx: Context) {
    return ctx.loaders.users.byId.load(l.sellerId);
  }

  @FieldResolver(() => Boolean, { description: 'The viewer is the seller: edit, status and delete' })
  viewerCanManage(@Root() l: MarketplaceListing, @Ctx() ctx: Context) {
    return listingPolicy.canManage(ctx.viewer, l);
  }

  @FieldResolver(() => Boolean, { description: 'The viewer is the seller', deprecationReason: 'Use viewerCanManage' })
  isOwnListing(@Root() l: MarketplaceListing, @Ctx() ctx: Context) {
    return this.viewerCanManage(l, ctx);
  }

  @FieldResolver(() => Boolean, { description: "Message Seller is offered: someone else's available item" })
  viewerCanMessageSeller(@Root() l: MarketplaceListing, @Ctx() ctx: Context) {
    return listingPolicy.canMessageSeller(ctx.viewer, l);
  }

  @FieldResolver(() => Boolean, {
    description: 'Message Seller is offered',
    deprecationReason: 'Use viewerCanMessageSeller',
  })
  canMessageSeller(@Root() l: MarketplaceListing, @Ctx() ctx: Context) {
    return this.viewerCanMessageSeller(l, ctx);
  }

  @FieldResolver(() => Float, {
    nullable: true,
    description: 'Distance in km from the searched position (radius query only)',
  })
  distanceKm(@Root() l: MarketplaceListing) {
    return l.distanceMetres === undefined ? null : Math.round(l.distanceMetres / 100) / 10;
  }
}
