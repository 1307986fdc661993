import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput, conflict, notFound } from '../../kernel/errors';
import { checkUuid } from '../../kernel/ids';
import { STREAK_FOR_BADGE } from './bragging.badges';
import { BraggingEvent } from './bragging-event.entity';
import {
  CLOSE_MARGIN_BONUS,
  EXACT_MARGIN_BONUS,
  MARGIN_CLOSE,
  WINNER_POINTS,
  asAdmin,
  events,
  scopes,
} from './bragging.service';

/**
 * Scores an event (admins) that is in progress or completed and not scored yet, in one transaction: the guarded
 * UPDATE marks it scored (a second, concurrent scoring waits on the row, then finds it scored: CONFLICT, nothing
 * awarded twice), every prediction gets its points (10 for the winner; +10 for the exact margin, +5 within 5),
 * the overall, category and championship standings add them (in member order, so scorings never deadlock), and
 * badges are awarded (bragging.badges.ts).
 */
export function scoreEvent(
  viewer: Viewer | null,
  id: string,
  team1Score: number | null | undefined,
  team2Score: number | null | undefined,
): Promise<BraggingEvent> {
  return asAdmin(viewer, 'bragging.event.score', async (_admin, audit) => {
    const eventId = checkUuid(id, 'eventId');
    for (const [field, v] of [
      ['team1Score', team1Score],
      ['team2Score', team2Score],
    ] as const) {
      if (v === null || v === undefined) throw badInput(field, 'is required');
      if (!Number.isInteger(v) || v < 0 || v > 100000) throw badInput(field, 'must be a whole number from 0');
    }
    const t1 = team1Score as number;
    const t2 = team2Score as number;
    const winner = t1 > t2 ? 'team1' : t2 > t1 ? 'team2' : 'draw';
    const margin = Math.abs(t1 - t2);
    await db().transaction(async (tx) => {
      const [scored] = (await tx.query(
        `UPDATE bragging_events SET is_scored = true, team1_score = $2, team2_score = $3, winner_team = $4, ` +
          `actual_margin = $5, scored_at = now()
          WHERE id = $1 AND NOT is_scored AND (is_closed OR event_date <= now()) RETURNING category, championship_id`,
        [eventId, t1, t2, winner, margin],
      )) as [Array<{ category: string; championship_id: string | null }>];
      const e = scored[0];
      if (!e) {
        const found = await tx.getRepository(BraggingEvent).findOneBy({ id: eventId });
        if (!found) throw notFound('Event');
        if (found.isScored) throw conflict('ALREADY_SCORED', 'This event has already been scored');
        throw badInput('eventId', 'is upcoming: only an event in progress or completed can be scored');
      }
      await audit(tx, 'event', eventId, { team1Score: t1, team2Score: t2, winner, margin });
      await tx.query(
        `UPDATE bragging_predictions SET is_correct = (predicted_winner = $2::varchar),
           points = CASE WHEN predicted_winner <> $2::varchar THEN 0
                         WHEN predicted_margin IS NULL THEN $4::int
                         WHEN abs(predicted_margin - $3::int) = 0 THEN $4::int + $5::int
                         WHEN abs(predicted_margin - $3::int) <= $7::int THEN $4::int + $6::int
                         ELSE $4::int END
          WHERE event_id = $1`,
        [eventId, winner, margin, WINNER_POINTS, EXACT_MARGIN_BONUS, CLOSE_MARGIN_BONUS, MARGIN_CLOSE],
      );
      const boards = [
        scopes.overall,
        scopes.category(e.category),
        ...(e.championship_id ? [scopes.championship(e.championship_id)] : []),
      ];
      await tx.query(
        `INSERT INTO bragging_standings (scope, member_id, points, correct_predictions, total_predictions, streak)
         SELECT s.scope, p.member_id, p.points, p.is_correct::int, 1, p.is_correct::int
           FROM bragging_predictions p CROSS JOIN unnest($2::varchar[]) AS s(scope)
          WHERE p.event_id = $1
          ORDER BY s.scope, p.member_id
         ON CONFLICT (scope, member_id) DO UPDATE SET
           points = bragging_standings.points + EXCLUDED.points,
           correct_predictions = bragging_standings.correct_predictions + EXCLUDED.correct_predictions,
           total_predictions = bragging_standings.total_predictions + 1,
           streak = CASE WHEN EXCLUDED.streak = 1 THEN bragging_standings.streak + 1 ELSE 0 END,
           updated_at = now()`,
        [eventId, boards],
      );
      await tx.query(
        `INSERT INTO bragging_badges (member_id, badge_type, category)
         SELECT member_id, 'first_correct', '' FROM bragging_predictions WHERE event_id = $1 AND is_correct
         UNION ALL
         SELECT member_id, 'exact_margin', '' FROM bragging_predictions WHERE event_id = $1 AND is_correct AND ` +
          `predicted_margin = $2::int
         UNION ALL
         SELECT s.member_id, 'hot_streak', '' FROM bragging_standings s JOIN bragging_predictions p ON p.member_id = ` +
          `s.member_id AND p.event_id = $1
          WHERE s.scope = 'overall' AND s.streak >= $5::int
         UNION ALL
         SELECT member_id, 'category_leader', $3::varchar FROM bragging_standings
          WHERE scope = $4::varchar AND points > 0 AND points = (SELECT max(points) FROM bragging_standings WHERE ` +
          `scope = $4::varchar)
         ORDER BY 1, 2
         ON CONFLICT (member_id, badge_type, category) DO NOTHING`,
        [eventId, margin, e.category, scopes.category(e.category), STREAK_FOR_BADGE],
      );
    });
    return events().findOneByOrFail({ id: eventId });
  });
}
