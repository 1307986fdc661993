import { BraggingEvent } from '../../modules/bragging/bragging-event.entity';
import { BraggingChampionship } from '../../modules/bragging/bragging-championship.entity';
import { BraggingPrediction } from '../../modules/bragging/bragging-prediction.entity';
import { BraggingBadge } from '../../modules/bragging/bragging-badge.entity';
import { BraggingStanding } from '../../modules/bragging/bragging-standing.entity';
import { insert, insertByKey, next, memberRef } from './core';

/** A Rugby championship running this year unless the overrides say otherwise. */
export async function buildBraggingChampionship(
  overrides: Partial<BraggingChampionship> = {},
): Promise<BraggingChampionship> {
  const n = next();
  return insert(BraggingChampionship, {
    name: `Championship ${n}`,
    description: `Season ${n}`,
    category: 'Rugby',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    ...overrides,
  });
}

/** A Rugby event in a week, predictions closing in six days (give past dates for one in progress). */
export async function buildBraggingEvent(overrides: Partial<BraggingEvent> = {}): Promise<BraggingEvent> {
  const n = next();
  return insert(BraggingEvent, {
    title: `Match ${n}`,
    category: 'Rugby',
    team1Name: `Home ${n}`,
    team2Name: `Away ${n}`,
    eventDate: new Date(Date.now() + 7 * 86_400_000),
    closingDate: new Date(Date.now() + 6 * 86_400_000),
    ...overrides,
  });
}

/** A member's prediction (a new member and event unless given): team1 wins, no margin. */
export async function buildBraggingPrediction(
  overrides: Partial<BraggingPrediction> = {},
): Promise<BraggingPrediction> {
  return insert(BraggingPrediction, {
    predictedWinner: 'team1',
    ...overrides,
    eventId: overrides.eventId ?? (await buildBraggingEvent()).id,
    memberId: await memberRef(overrides.memberId),
  });
}

/** A badge a member (a new one unless given) earned: a first correct prediction, in Rugby. */
export async function buildBraggingBadge(overrides: Partial<BraggingBadge> = {}): Promise<BraggingBadge> {
  return insert(BraggingBadge, {
    badgeType: 'first_correct',
    category: 'Rugby',
    ...overrides,
    memberId: await memberRef(overrides.memberId),
  });
}

/** A member's standing (a new member unless given) in a leaderboard scope (`overall` unless given), no points yet. */
export async function buildBraggingStanding(overrides: Partial<BraggingStanding> = {}): Promise<BraggingStanding> {
  const key = { scope: overrides.scope ?? 'overall', memberId: await memberRef(overrides.memberId) };
  return insertByKey(BraggingStanding, key, overrides);
}
