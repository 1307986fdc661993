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
import { ConnectionType, PageArgs } from '../../kernel/pagination';
import { User } from '../users/user.entity';
import { BusinessReview } from './business-review.entity';
import { Business, DEFAULT_BUTTON_COLOR, DEFAULT_BUTTON_TEXT_COLOR } from './business.entity';
import { BusinessPageInput, BusinessStyleInput, DirectoryArgs } from './business.inputs';
import { businessPolicy } from './business.policy';
import * as follows from './business-follows.service';
import * as queries from './business-queries.service';
import * as service from './business.service';

@ObjectType({ description: 'A page of Business items; `pageInfo` leads to the next' })
export class BusinessConnection extends ConnectionType(Business, 'Business') {}

@ObjectType({ description: 'A page of BusinessReview items; `pageInfo` leads to the next' })
export class BusinessReviewConnection extends ConnectionType(BusinessReview, 'BusinessReview') {}

@ObjectType({ description: 'A page of the directory, nearest first' })
export class BusinessDirectoryConnection extends ConnectionType(Business, 'BusinessDirectory') {
  /** The query, for totalCount (counted only when asked). */
  query: queries.DirectoryQuery;
}

@ObjectType({ description: 'A gradient border preset' })
export class GradientPreset {
  @Field(() => String)
  name: string;

  @Field(() => String, { description: 'A conic-gradient value' })
  value: string;
}

@ObjectType({ description: 'The option lists and defaults of business pages (spec 001 sections 4, 5 and 9)' })
export class BusinessOptions {
  @Field(() => [Int], { description: 'Directory radius options in km' })
  radiiKm: number[];

  @Field(() => [GradientPreset], { description: 'The header gradients a business page may choose from' })
  gradientPresets: GradientPreset[];

  @Field(() => String, { description: "The page's button colour when its owner chose none (CSS colour)" })
  defaultButtonColor: string;

  @Field(() => String, { description: "The page's button text colour when its owner chose none (CSS colour)" })
  defaultButtonTextColor: string;
}

@Resolver(() => BusinessDirectoryConnection)
export class BusinessDirectoryResolver {
  @FieldResolver(() => Int, { description: 'How many pages lie within the radius' })
  totalCount(@Root() page: BusinessDirectoryConnection) {
    return queries.directoryCount(page.query);
  }
}

@Resolver(() => BusinessReview)
export class BusinessReviewResolver {
  @FieldResolver(() => User, { description: 'Who wrote the review' })
  author(@Root() review: BusinessReview, @Ctx() ctx: Context) {
    return ctx.loaders.users.byId.load(review.memberId);
  }
}

@Resolver(() => Business)
export class BusinessResolver {
  @Authorized()
  @Query(() => BusinessConnection, { description: 'Business pages, newest first (the home carousel)' })
  businesses(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    return queries.newestBusinesses(ctx.viewer, args);
  }

  @Authorized()
  @Query(() => Business, { nullable: true, description: 'The business page with this name (case-insensitive)' })
  businessByName(@Arg('name', () => String) name: string) {
    return service.businessByName(name);
  }

  @Authorized()
  @Query(() => Business, { nullable: true, description: 'One business page, or null when there is none' })
  business(@Arg('id', () => ID) id: string) {
    return service.findBusinessOrNull(id);
  }

  @Authorized()
  @Query(() => BusinessConnection, { description: "The viewer's own business pages, newest first" })
  myBusinessPages(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    return queries.myBusinessPages(ctx.viewer, args);
  }

  @Authorized()
  @Query(() => BusinessConnection, { description: 'The business pages the viewer follows, newest first' })
  followedBusinesses(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    return queries.followedBusinesses(ctx.viewer, args);
  }

  @Authorized()
  @Query(() => BusinessDirectoryConnection, {
    description: 'Business pages within a radius of a position, nearest first',
  })
  async businessDirectory(@Args(() => DirectoryArgs) args: DirectoryArgs, @Ctx() ctx: Context) {
    return { ...(await queries.businessDirectory(ctx.viewer, args)), query: args };
  }

  @Authorized()
  @Query(() => BusinessReviewConnection, { description: "A business page's reviews, newest first" })
  businessReviews(
    @Arg('businessId', () => ID) businessId: string,
    @Args(() => PageArgs) args: PageArgs,
    @Ctx() ctx: Context,
  ) {
    return queries.businessReviews(ctx.viewer, businessId, args);
  }

  @Authorized()
  @Query(() => BusinessOptions, {
    description: "The business pages' choices: directory radii, header gradients and default button colours",
  })
  businessOptions(): BusinessOptions {
    return {
      radiiKm: [...service.DIRECTORY_RADII_KM],
      gradientPresets: service.GRADIENT_PRESETS.map((p) => ({ ...p })),
      defaultButtonColor: DEFAULT_BUTTON_COLOR,
      defaultButtonTextColor: DEFAULT_BUTTON_TEXT_COLOR,
    };
  }

  @Authorized()
  @Mutation(() => Business, { description: 'Creates a business page owned by the viewer' })
  createBusinessPage(@Arg('input', () => BusinessPageInput) input: BusinessPageInput, @Ctx() ctx: Context) {
    return service.createBusinessPage(ctx.viewer, input, ctx.log);
  }

  @Authorized()
  @Mutation(() => Business, { description: "Changes a page's fields (and colours); its owner only" })
  updateBusinessPage(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => BusinessPageInput) input: BusinessPageInput,
    @Ctx() ctx: Context,
  ) {
    return service.updateBusinessPage(ctx.viewer, id, input, ctx.log);
  }

  @Authorized()
  @Mutation(() => Business, { description: "Sets a page's button colours and gradient border; its owner only" })
  customizeBusinessPage(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => BusinessStyleInput) input: BusinessStyleInput,
    @Ctx() ctx: Context,
  ) {
    return service.customizeBusinessPage(ctx.viewer, id, input);
  }

  @Authorized()
  @Mutation(() => ID, { description: 'Deletes a business page; its owner only. Answers its id' })
  async deleteBusinessPage(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    await service.deleteBusinessPage(ctx.viewer, id);
    return id;
  }

  @Authorized()
  @Mutation(() => Business, { description: 'Follows a page; CONFLICT "Already following" when the viewer does' })
  followBusiness(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return follows.followBusiness(ctx.viewer, id);
  }

  @Authorized()
  @Mutation(() => Business, { description: 'Unfollows a page' })
  unfollowBusiness(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return follows.unfollowBusiness(ctx.viewer, id);
  }

  @Authorized()
  @Mutation(() => BusinessReview, {
    description: "Writes or edits the viewer's review of a page they follow and do not own",
  })
  reviewBusiness(
    @Arg('businessId', () => ID) businessId: string,
    @Arg('rating', () => Int, { nullable: true, description: '1 to 5' }) rating: number | null,
    @Arg('comment', () => String, { nullable: true }) comment: string | null,
    @Ctx() ctx: Context,
  ) {
    return follows.reviewBusiness(ctx.viewer, businessId, rating, comment);
  }

  @FieldResolver(() => Float, { nullable: true, description: 'The mean of its reviews (1 to 5); null without reviews' })
  async rating(@Root() b: Business, @Ctx() ctx: Context) {
    return (await ctx.loaders.businesses.facts.load(b.id)).rating;
  }

  @FieldResolver(() => Int, { description: 'How many reviews it has' })
  async reviewCount(@Root() b: Business, @Ctx() ctx: Context) {
    return (await ctx.loaders.businesses.facts.load(b.id)).reviewCount;
  }

  @FieldResolver(() => Int, { description: 'How many members follow it' })
  async followerCount(@Root() b: Business, @Ctx() ctx: Context) {
    return (await ctx.loaders.businesses.facts.load(b.id)).followerCount;
  }

  @FieldResolver(() => Boolean, { description: 'Whether the viewer follows it' })
  async viewerFollows(@Root() b: Business, @Ctx() ctx: Context) {
    return (await ctx.loaders.businesses.facts.load(b.id)).viewerFollows;
  }

  @FieldResolver(() => Boolean, { description: 'The viewer owns the page: Manage Page, Customize Colors, vacancies' })
  viewerCanManage(@Root() b: Business, @Ctx() ctx: Context) {
    return businessPolicy.canManage(ctx.viewer, b);
  }

  @FieldResolver(() => Boolean, { description: 'The viewer owns the page', deprecationReason: 'Use viewerCanManage' })
  viewerIsOwner(@Root() b: Business, @Ctx() ctx: Context) {
    return this.viewerCanManage(b, ctx);
  }

  @FieldResolver(() => Boolean, { description: 'The viewer follows the page and does not own it: Write a Review' })
  async viewerCanReview(@Root() b: Business, @Ctx() ctx: Context) {
    return businessPolicy.canReview(ctx.viewer, b, (await ctx.loaders.businesses.facts.load(b.id)).viewerFollows);
  }

  @FieldResolver(() => BusinessReview, { nullable: true, description: "The viewer's own review" })
  async viewerReview(@Root() b: Business, @Ctx() ctx: Context) {
    const r = (await ctx.loaders.businesses.facts.load(b.id)).viewerReview;
    if (!r) return null;
    return Object.assign(new BusinessReview(), {
      ...r,
      createdAt: new Date(r.createdAt),
      updatedAt: new Date(r.updatedAt),
    });
  }

  @FieldResolver(() => Float, {
    nullable: true,
    description: 'Distance in km from the searched position (directory only)',
  })
  distanceKm(@Root() b: Business) {
    return b.distanceMetres === undefined ? null : Math.round(b.distanceMetres / 100) / 10;
  }
}
