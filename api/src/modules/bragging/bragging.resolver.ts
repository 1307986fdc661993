import {
  Arg,
  Args,
  Authorized,
  Ctx,
  Field,
  FieldResolver,
  ID,
  Int,
  Mutation,
  ObjectType,
  Query,
  registerEnumType,
  Resolver,
  Root,
} from 'type-graphql';
import type { Context } from '../../kernel/context';
import { ConnectionType, PageArgs } from '../../kernel/pagination';
import { User } from '../users/user.entity';
import { BraggingBadge } from './bragging-badge.entity';
import { badgeLabel } from './bragging.badges';
import { BraggingEvent } from './bragging-event.entity';
import { BraggingPredictionInput, CreateBraggingChampionshipInput, CreateBraggingEventInput } from './bragging.inputs';
import { eventStatus } from './bragging.policy';
import * as scoring from './bragging-scoring.service';
import * as leaderboards from './bragging-standings.service';
import * as service from './bragging.service';
import { BraggingChampionship } from './bragging-championship.entity';
import { BraggingPrediction } from './bragging-prediction.entity';

export enum BraggingEventStatus {
  upcoming = 'upcoming',
  in_progress = 'in_progress',
  completed = 'completed',
}
registerEnumType(BraggingEventStatus, {
  name: 'BraggingEventStatus',
  description: 'Derived: completed when scored; in progress once the event date passed or it was closed',
});

const BraggingEventConnection = ConnectionType(BraggingEvent, 'BraggingEvent');
const BraggingChampionshipConnection = ConnectionType(BraggingChampionship, 'BraggingChampionship');

@ObjectType('BraggingStanding', {
  description: "A member's place in one leaderboard (overall, a category's or a championship's)",
})
export class BraggingStanding implements leaderboards.StandingRow {
  scope: string;

  @Field(() => ID, { description: 'The leaderboard and the member: unique across leaderboards' })
  get id(): string {
    return `${this.scope}|${this.memberId}`;
  }

  @Field(() => ID)
  get userId(): string {
    return this.memberId;
  }

  memberId: string;

  @Field(() => Int, { description: 'Shared by members with equal points and correct predictions' })
  rank: number;

  @Field(() => Int)
  points: number;

  @Field(() => Int, { description: 'The same as points (the spec names both)' })
  get totalPoints(): number {
    return this.points;
  }

  @Field(() => Int, { description: 'The same as points (the spec names both)' })
  get braggingPoints(): number {
    return this.points;
  }

  @Field(() => Int)
  correctPredictions: number;

  @Field(() => Int)
  totalPredictions: number;
}

const standings = (rows: leaderboards.StandingRow[]) => rows.map((r) => Object.assign(new BraggingStanding(), r));

@Resolver(() => BraggingEvent)
export class BraggingEventResolver {
  @Authorized()
  @Query(() => [String], { description: 'The categories: Rugby, Cricket, F1, EFC, Politics, News Events' })
  braggingCategories(): string[] {
    return [...service.CATEGORIES];
  }

  @Authorized()
  @Query(() => BraggingEventConnection, {
    description: 'Events, latest event date first, of one category or championship or all',
  })
  braggingEvents(
    @Arg('category', () => String, { nullable: true, description: "A category; none or 'All' for every one" })
    category: string | null,
    @Arg('championshipId', () => ID, { nullable: true }) championshipId: string | null,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() ctx: Context,
  ) {
    return service.listEvents(ctx.viewer, { category, championshipId, ...page });
  }

  @Authorized()
  @Mutation(() => BraggingEvent, { description: 'Creates an event (admins)' })
  createBraggingEvent(
    @Arg('input', () => CreateBraggingEventInput) input: CreateBraggingEventInput,
    @Ctx() ctx: Context,
  ) {
    return service.createEvent(ctx.viewer, input);
  }

  @Authorized()
  @Mutation(() => BraggingEvent, {
    description: 'Scores an event in progress or completed, once (admins): awards points and badges',
  })
  scoreBraggingEvent(
    @Arg('id', () => ID) id: string,
    @Arg('team1Score', () => Int, { nullable: true, description: 'Required' }) team1Score: number | null,
    @Arg('team2Score', () => Int, { nullable: true, description: 'Required' }) team2Score: number | null,
    @Ctx() ctx: Context,
  ) {
    return scoring.scoreEvent(ctx.viewer, id, team1Score, team2Score);
  }

  @Authorized()
  @Mutation(() => BraggingPrediction, {
    description: "Predicts an upcoming event's winner and optional margin before its closing date, once",
  })
  predictBraggingEvent(
    @Arg('input', () => BraggingPredictionInput) input: BraggingPredictionInput,
    @Ctx() ctx: Context,
  ) {
    return service.predict(ctx.viewer, input);
  }

  @FieldResolver(() => BraggingEventStatus, {
    description: 'upcoming, in_progress or completed (derived from its dates and scores)',
  })
  status(@Root() e: BraggingEvent): BraggingEventStatus {
    return eventStatus(e) as BraggingEventStatus;
  }

  @FieldResolver(() => BraggingChampionship, { nullable: true, description: 'The championship it belongs to' })
  championship(@Root() e: BraggingEvent, @Ctx() ctx: Context) {
    return e.championshipId ? ctx.loaders.bragging.championshipById.load(e.championshipId) : null;
  }

  @FieldResolver(() => BraggingPrediction, { nullable: true, description: "The viewer's prediction" })
  userPrediction(@Root() e: BraggingEvent, @Ctx() ctx: Context) {
    return ctx.loaders.bragging.viewerPredictionByEvent.load(e.id);
  }
}

@Resolver(() => BraggingPrediction)
export class BraggingPredictionResolver {
  @FieldResolver(() => BraggingEvent, { description: 'The event predicted' })
  async event(@Root() p: BraggingPrediction, @Ctx() ctx: Context) {
    return ctx.loaders.bragging.eventById.load(p.eventId);
  }
}

@Resolver(() => BraggingChampionship)
export class BraggingChampionshipResolver {
  @Authorized()
  @Query(() => BraggingChampionshipConnection, { description: 'Championships, newest first, of one category or all' })
  braggingChampionships(
    @Arg('category', () => String, { nullable: true, description: "A category; none or 'All' for every one" })
    category: string | null,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() ctx: Context,
  ) {
    return service.listChampionships(ctx.viewer, { category, ...page });
  }

  @Authorized()
  @Query(() => BraggingChampionship, {
    nullable: true,
    description: 'One championship, or null: Championship not found',
  })
  braggingChampionship(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return service.findChampionship(ctx.viewer, id);
  }

  @Authorized()
  @Mutation(() => BraggingChampionship, { description: 'Creates a championship (admins)' })
  createBraggingChampionship(
    @Arg('input', () => CreateBraggingChampionshipInput) input: CreateBraggingChampionshipInput,
    @Ctx() ctx: Context,
  ) {
    return service.createChampionship(ctx.viewer, input);
  }

  @FieldResolver(() => [BraggingStanding], { description: 'The standings: top 10 unless `first` says otherwise' })
  async leaderboard(
    @Root() c: BraggingChampionship,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Ctx() ctx: Context,
  ) {
    return standings(
      await leaderboards.leaderboard(ctx.viewer, service.scopes.championship(c.id), first, service.CHAMPIONSHIP_TOP),
    );
  }
}

@Resolver(() => BraggingStanding)
export class BraggingStandingResolver {
  @Authorized()
  @Query(() => [BraggingStanding], {
    description: "The overall leaderboard, or a category's (at most 100; 20 by default)",
  })
  async braggingLeaderboard(
    @Arg('category', () => String, {
      nullable: true,
      description: "A category; none, 'overall' or 'All' for the overall one",
    })
    category: string | null,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Ctx() ctx: Context,
  ) {
    return standings(
      await leaderboards.categoryLeaderboard(ctx.viewer, category === 'overall' ? null : category, first),
    );
  }

  @Authorized()
  @Query(() => [BraggingStanding], { description: "A championship's standings (top 10 by default)" })
  async braggingChampionshipLeaderboard(
    @Arg('id', () => ID) id: string,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Ctx() ctx: Context,
  ) {
    return standings(await leaderboards.championshipLeaderboard(ctx.viewer, id, first));
  }

  @FieldResolver(() => User)
  user(@Root() s: BraggingStanding, @Ctx() ctx: Context) {
    return ctx.loaders.users.byId.load(s.memberId);
  }

  @FieldResolver(() => String, { description: "The member's display name" })
  async username(@Root() s: BraggingStanding, @Ctx() ctx: Context) {
    return (await ctx.loaders.users.byId.load(s.memberId))?.displayName ?? 'User';
  }

  @FieldResolver(() => String, { nullable: true, description: "The member's avatar" })
  async avatar(@Root() s: BraggingStanding, @Ctx() ctx: Context) {
    return (await ctx.loaders.users.byId.load(s.memberId))?.profileImageUrl ?? null;
  }
}

@Resolver(() => BraggingBadge)
export class BraggingBadgeResolver {
  @Authorized()
  @Query(() => [BraggingBadge], { description: "The viewer's badges, best first" })
  myBraggingBadges(@Ctx() ctx: Context) {
    return leaderboards.myBadges(ctx.viewer);
  }

  @FieldResolver(() => String, { nullable: true, description: 'The category of a category leader badge' })
  category(@Root() b: BraggingBadge): string | null {
    return b.category || null;
  }

  @FieldResolver(() => String, { description: "The badge's name as shown, e.g. 'Category Leader: Rugby'" })
  label(@Root() b: BraggingBadge): string {
    return badgeLabel(b.badgeType, b.category || null);
  }
}

@Resolver(() => User)
export class UserBraggingResolver {
  @FieldResolver(() => Int, {
    nullable: true,
    description: "The member's place in the overall Bragging Rights leaderboard; null before any scored prediction",
  })
  async braggingRank(@Root() user: User, @Ctx() ctx: Context): Promise<number | null> {
    return (await ctx.loaders.bragging.standingByMember.load(user.id))?.rank ?? null;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: "The member's best Bragging Rights badge, e.g. 'Hot Streak'; null for none",
  })
  async braggingBadge(@Root() user: User, @Ctx() ctx: Context): Promise<string | null> {
    const s = await ctx.loaders.bragging.standingByMember.load(user.id);
    return s?.badgeType ? badgeLabel(s.badgeType, s.badgeCategory || null) : null;
  }
}
