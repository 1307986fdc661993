/**
 * Bragging Rights' bench rows, in SQL with generate_series next to seed.ts's members: scored events in six
 * categories and ten championships, every member predicting half of them (1,000,000 predictions for 10,000 members
 * in the full run), and the standings those scorings leave (overall, per category, per championship), plus a small
 * championship of ten members as the baseline board. Seeding twice changes nothing.
 */
import type pg from 'pg';

export interface BraggingSeedSize {
  /** Members of seed.ts who predict. */
  members: number;
  /** Scored events; each is predicted by half of the members. */
  events: number;
}
export const BRAGGING_FULL: BraggingSeedSize = { members: 10_000, events: 200 };
export const BRAGGING_SMALL: BraggingSeedSize = { members: 2_000, events: 100 };
/** The baseline board: a championship whose standings hold ten members. */
export const SMALL_CHAMPIONSHIP = 'c0000000-0000-4000-8000-000000000010';
export const SMALL_BOARD = 10;

const CATEGORIES = `(ARRAY['Rugby','Cricket','F1','EFC','Politics','News Events'])`;

export async function seedBragging(db: pg.Client, size: BraggingSeedSize): Promise<Record<string, number>> {
  const counts = () =>
    db.query(
      `SELECT (SELECT count(*) FROM bragging_predictions)::int AS predictions, (SELECT count(*) FROM ` +
        `bragging_standings)::int AS standings,
              (SELECT count(*) FROM bragging_standings WHERE scope = 'overall')::int AS members`,
    );
  const done = (await counts()).rows[0];
  if (done.predictions > 0) return done;
  const { members: M, events: E } = size;
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO bragging_championships (id, name, description, category, start_date, end_date)
     SELECT md5('brag-champ-' || c)::uuid, 'Bench championship ' || c, 'A season', ${CATEGORIES}[1 + c % 6], ` +
      `current_date - 90, current_date + 90
       FROM generate_series(0, 9) c
     UNION ALL SELECT $1::uuid, 'Bench small championship', 'Ten members', 'Rugby', current_date - 90, current_date ` +
      `+ 90`,
    [SMALL_CHAMPIONSHIP],
  );
  // Event e is in category e % 6 and championship e % 10 (of the same category as far as the bench cares).
  await db.query(
    `INSERT INTO bragging_events (id, title, category, championship_id, team1_name, team2_name, event_date, ` +
      `closing_date,
                                  is_scored, winner_team, team1_score, team2_score, actual_margin, scored_at)
     SELECT md5('brag-event-' || e)::uuid, 'Bench match ' || e, ${CATEGORIES}[1 + e % 6], md5('brag-champ-' || (e % ` +
      `10))::uuid,
            'Home ' || e, 'Away ' || e, now() - make_interval(hours => e), now() - make_interval(hours => e + 1),
            true, 'team1', 20 + e % 15, 10, 10 + e % 15, now() - make_interval(hours => e)
       FROM generate_series(1, $1) e`,
    [E],
  );
  // Member m predicts event e when m + e is even; points 0, 10, 15 or 20 spread by a hash of both.
  await db.query(
    `INSERT INTO bragging_predictions (event_id, member_id, predicted_winner, predicted_margin, points, is_correct, ` +
      `created_at)
     SELECT md5('brag-event-' || e)::uuid, md5('member-' || m)::uuid,
            CASE WHEN (m * 7 + e * 13) % 4 = 0 THEN 'team2' ELSE 'team1' END, (m + e) % 20,
            (ARRAY[0, 10, 15, 20])[1 + (m * 7 + e * 13) % 4], (m * 7 + e * 13) % 4 <> 0,
            now() - make_interval(hours => e + 2)
       FROM generate_series(1, $1) e, generate_series(1, $2) m WHERE (m + e) % 2 = 0`,
    [E, M],
  );
  await db.query(
    `INSERT INTO bragging_standings (scope, member_id, points, correct_predictions, total_predictions, streak)
     SELECT s.scope, p.member_id, sum(p.points), count(*) FILTER (WHERE p.is_correct), count(*), 0
       FROM bragging_predictions p JOIN bragging_events e ON e.id = p.event_id
            CROSS JOIN LATERAL (VALUES ('overall'), ('category:' || e.category), ('championship:' || ` +
      `e.championship_id)) AS s(scope)
      GROUP BY s.scope, p.member_id`,
  );
  await db.query(
    `INSERT INTO bragging_standings (scope, member_id, points, correct_predictions, total_predictions, streak)
     SELECT 'championship:' || $1, md5('member-' || m)::uuid, m * 10, m, 10, 0 FROM generate_series(1, $2) m`,
    [SMALL_CHAMPIONSHIP, SMALL_BOARD],
  );
  await db.query('COMMIT');
  await db.query('ANALYZE bragging_predictions; ANALYZE bragging_standings; ANALYZE bragging_events');
  return (await counts()).rows[0];
}
