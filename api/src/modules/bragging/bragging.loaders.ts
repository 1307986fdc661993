import { createLoader } from '../../kernel/loaders';
import { byIds } from '../../kernel/rows';
import { BraggingEvent } from './bragging-event.entity';
import { BraggingChampionship } from './bragging-championship.entity';
import { BraggingPrediction } from './bragging-prediction.entity';
import { braggingStandingOf } from './bragging-standings.service';
import { viewerPredictions } from './bragging.service';

export function braggingLoaders(viewerId: string | null) {
  return {
    eventById: createLoader<string, BraggingEvent>(
      (ids) => byIds(BraggingEvent, ids),
      (e) => e.id,
    ),
    championshipById: createLoader<string, BraggingChampionship>(
      (ids) => byIds(BraggingChampionship, ids),
      (c) => c.id,
    ),
    /** The viewer's prediction of each event (none when signed out). */
    viewerPredictionByEvent: createLoader<string, BraggingPrediction>(
      async (eventIds) => (viewerId ? viewerPredictions(viewerId, eventIds) : []),
      (p) => p.eventId,
    ),
    /** A member's overall place and best badge: one statement for both fields of a page of members. */
    standingByMember: createLoader(
      (ids: readonly string[]) => braggingStandingOf(ids),
      (r) => r.memberId,
    ),
  };
}

declare module '../../kernel/context' {
  interface Loaders {
    bragging: ReturnType<typeof braggingLoaders>;
  }
}
