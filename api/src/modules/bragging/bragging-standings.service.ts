import { requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { notFound } from '../../kernel/errors';
import { pageSize } from '../../kernel/pagination';
import { BADGES } from './bragging.badges';
import { BraggingBadge } from './bragging-badge.entity';
import { CHAMPIONSHIP_TOP, categoryFilter, findChampionship, scopes } from './bragging.service';

const BADGE_RANK_SQL = `CASE b.badge_type ${Object.entries(BADGES)
  .map(([type, b]) => `WHEN '${type}' THEN ${b.rank}`)
  .join(' ')} ELSE 0 END`;

export interface StandingRow {
  scope: string;
  memberId: string;
  rank: number;
  points: number;
  correctPredictions: number;
  totalPredictions: number;
}

/**
 * The top of one leaderboard from the stored standings, read in index order (scope, points, correct, member):
 * bounded (at most 100), ranks shared by equal points and correct predictions.
 */
export async function leaderboard(
  viewer: Viewer | null,
  scope: string,
  first: number | null | undefined,
  fallback = 20,
): Promise<StandingRow[]> {
  requireViewer(viewer);
  const size = pageSize(first, fallback);
  const rows = (await db().query(
    `SELECT t.member_id, t.points, t.correct_predictions, t.total_predictions,
            rank() OVER (ORDER BY t.points DESC, t.correct_predictions DESC)::int AS rank
       FROM (SELECT member_id, points, correct_predictions, total_predictions FROM bragging_standings
              WHERE scope = $1 ORDER BY points DESC, correct_predictions DESC, member_id DESC LIMIT $2) t
      ORDER BY t.points DESC, t.correct_predictions DESC, t.member_id DESC`,
    [scope, size],
  )) as Array<{
    member_id: string;
    points: number;
    correct_predictions: number;
    total_predictions: number;
    rank: number;
  }>;
  return rows.map((r) => ({
    scope,
    memberId: r.member_id,
    rank: r.rank,
    points: r.points,
    correctPredictions: r.correct_predictions,
    totalPredictions: r.total_predictions,
  }));
}

/** The overall leaderboard, or one category's. */
export function categoryLeaderboard(
  viewer: Viewer | null,
  cat: string | null | undefined,
  first?: number | null,
): Promise<StandingRow[]> {
  const c = categoryFilter(cat);
  return leaderboard(viewer, c ? scopes.category(c) : scopes.overall, first);
}

/** A championship's standings (top 10 by default); NOT_FOUND for no such championship. */
export async function championshipLeaderboard(
  viewer: Viewer | null,
  id: string,
  first?: number | null,
): Promise<StandingRow[]> {
  requireViewer(viewer);
  const champ = await findChampionship(viewer, id);
  if (!champ) throw notFound('Championship');
  return leaderboard(viewer, scopes.championship(champ.id), first, CHAMPIONSHIP_TOP);
}

/** The viewer's badges, best first (a member has at most a handful: one per type, and per category for leaders). */
export async function myBadges(viewer: Viewer | null): Promise<BraggingBadge[]> {
  const v = requireViewer(viewer);
  return db()
    .getRepository(BraggingBadge)
    .createQueryBuilder('b')
    .where('b.member_id = :me', { me: v.id })
    .orderBy(BADGE_RANK_SQL, 'DESC')
    .addOrderBy('b.created_at', 'DESC')
    .limit(100)
    .getMany();
}

/**
 * Members' overall Bragging Rights place and best badge (bragging.badges.ts ranks), for User.braggingRank and
 * braggingBadge.
 */
export async function braggingStandingOf(
  memberIds: readonly string[],
): Promise<Array<{ memberId: string; rank: number | null; badgeType: string | null; badgeCategory: string | null }>> {
  // One statement for a page of members: their overall place (1 + those ahead of them) and their best badge.
  const rows = (await db().query(
    `SELECT t.id AS member_id,
            (SELECT 1 + (SELECT count(*) FROM bragging_standings o
                          WHERE o.scope = 'overall' AND (o.points, o.correct_predictions) > (m.points, ` +
      `m.correct_predictions))::int
               FROM bragging_standings m WHERE m.scope = 'overall' AND m.member_id = t.id) AS rank,
            top.badge_type, top.category
       FROM unnest($1::uuid[]) AS t(id)
       LEFT JOIN LATERAL (SELECT b.badge_type, b.category FROM bragging_badges b WHERE b.member_id = t.id
                           ORDER BY ${BADGE_RANK_SQL} DESC, b.created_at DESC LIMIT 1) top ON true`,
    [memberIds],
  )) as Array<{ member_id: string; rank: number | null; badge_type: string | null; category: string | null }>;
  return rows.map((r) => ({ memberId: r.member_id, rank: r.rank, badgeType: r.badge_type, badgeCategory: r.category }));
}
