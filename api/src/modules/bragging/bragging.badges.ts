/**
 * The badges of Bragging Rights and their rules, all awarded while an event is scored (in its transaction), each
 * at most once per member (per category for category leader):
 * - first_correct: the member's first correct winner.
 * - exact_margin: the first prediction with the exact winning margin (and the right winner).
 * - hot_streak: five correct winners in a row, counted in the order events are scored.
 * - category_leader: first place (most points, above 0) in a category's leaderboard right after one of its events
 *   is scored; kept when overtaken later.
 * The profile shows the member's top badge: the highest `rank` below, the newest among equals.
 */
export const BADGES = {
  category_leader: { label: 'Category Leader', rank: 4 },
  hot_streak: { label: 'Hot Streak', rank: 3 },
  exact_margin: { label: 'Spot On', rank: 2 },
  first_correct: { label: 'First Win', rank: 1 },
} as const;
export type BadgeType = keyof typeof BADGES;

/** Five correct winners in a row earn hot_streak. */
export const STREAK_FOR_BADGE = 5;

export const badgeLabel = (type: string, category: string | null): string => {
  const label = BADGES[type as BadgeType]?.label ?? type;
  return category ? `${label}: ${category}` : label;
};
