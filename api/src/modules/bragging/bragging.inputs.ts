import { Field, ID, InputType, Int } from 'type-graphql';
import type { ChampionshipDraft, EventDraft, PredictionDraft } from './bragging.service';

@InputType()
export class CreateBraggingChampionshipInput implements ChampionshipDraft {
  @Field(() => String, { nullable: true, description: 'Required, at most 120 characters' })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'Required, at most 1000 characters' })
  description?: string | null;

  @Field(() => String, { nullable: true, description: 'One of braggingCategories' })
  category?: string | null;

  @Field(() => String, { nullable: true, description: 'Required, an ISO date' })
  startDate?: string | null;

  @Field(() => String, { nullable: true, description: 'Required, an ISO date after startDate' })
  endDate?: string | null;
}

@InputType()
export class CreateBraggingEventInput implements EventDraft {
  @Field(() => String, { nullable: true, description: 'Required' })
  title?: string | null;

  @Field(() => String, { nullable: true, description: 'One of braggingCategories' })
  category?: string | null;

  @Field(() => ID, { nullable: true, description: 'Optional: a championship of the same category' })
  championshipId?: string | null;

  @Field(() => String, { nullable: true, description: 'Required' })
  team1Name?: string | null;

  @Field(() => String, { nullable: true, description: 'An image as a data URL, at most 2 MB' })
  team1Logo?: string | null;

  @Field(() => String, { nullable: true, description: 'Required' })
  team2Name?: string | null;

  @Field(() => String, { nullable: true, description: 'An image as a data URL, at most 2 MB' })
  team2Logo?: string | null;

  @Field(() => String, { nullable: true, description: 'Required, ISO date and time' })
  eventDate?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Required, ISO date and time before eventDate: predictions close then',
  })
  closingDate?: string | null;
}

@InputType()
export class BraggingPredictionInput implements PredictionDraft {
  @Field(() => ID, { nullable: true, description: 'Required' })
  eventId?: string | null;

  @Field(() => String, { nullable: true, description: 'team1 (the default) or team2' })
  predictedWinner?: string | null;

  @Field(() => Int, { nullable: true, description: 'Optional: the winning margin, a whole number' })
  predictedMargin?: number | null;
}
