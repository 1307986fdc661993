import { defineModule } from '../../kernel/module';
import {
  BraggingBadgeResolver,
  BraggingChampionshipResolver,
  BraggingEventResolver,
  BraggingPredictionResolver,
  BraggingStandingResolver,
  UserBraggingResolver,
} from './bragging.resolver';
import { BraggingBadge } from './bragging-badge.entity';
import { BraggingEvent } from './bragging-event.entity';
import { BraggingChampionship } from './bragging-championship.entity';
import { BraggingPrediction } from './bragging-prediction.entity';
import { BraggingStanding } from './bragging-standing.entity';
import { braggingDemo } from './bragging.demo';
import { braggingLoaders } from './bragging.loaders';
import { braggingRest } from './bragging.rest';

/** Bragging Rights: championships, events, predictions, standings and badges. */
export const braggingModule = defineModule({
  name: 'bragging',
  resolvers: [
    BraggingEventResolver,
    BraggingPredictionResolver,
    BraggingChampionshipResolver,
    BraggingStandingResolver,
    BraggingBadgeResolver,
    UserBraggingResolver,
  ],
  entities: [BraggingChampionship, BraggingEvent, BraggingPrediction, BraggingStanding, BraggingBadge],
  loaders: { bragging: braggingLoaders },
  rest: braggingRest,
  // A Bragging Rights event's team logos and every file they stored (the renditions).
  mediaColumns: [
    ['bragging_events', 'team1_logo'],
    ['bragging_events', 'team2_logo'],
    ['bragging_events', 'files'],
  ],
  demo: [braggingDemo],
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    // Bragging Rights: an admin's championships and events stay for the game (SET NULL), their logos with them.
    bragging_championships: { member: ['created_by_id'] },
    bragging_events: { member: ['created_by_id'], media: ['team1_logo', 'team2_logo', 'files'] },
    bragging_predictions: { member: ['member_id'] },
    bragging_standings: { member: ['member_id'] },
    bragging_badges: { member: ['member_id'] },
  },
});
