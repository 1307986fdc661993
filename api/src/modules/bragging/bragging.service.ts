import { authorize, requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import type { EntityManager } from 'typeorm';
import { db } from '../../kernel/database';
import { badInput, conflict, notFound } from '../../kernel/errors';
import { checkUuid, UUID } from '../../kernel/ids';
import { deleteMedia } from '../../kernel/media';
import { keysetPage, pageSize, type Page } from '../../kernel/pagination';
import { limitUploads } from '../../kernel/rate-limit';
import { checkUpload, decodeDataUrl, storeUpload, storedUrls, type CheckedUpload } from '../../kernel/upload';
import type { AdminAction } from '../admin/admin-actions';
import { recordAdminAction } from '../admin/admin-audit.service';
import { BADGES, STREAK_FOR_BADGE } from './bragging.badges';
import { canManage } from './bragging.policy';
import { BraggingBadge } from './bragging-badge.entity';
import { BraggingEvent } from './bragging-event.entity';
import { BraggingChampionship } from './bragging-championship.entity';
import { BraggingPrediction } from './bragging-prediction.entity';

const championships = () => db().getRepository(BraggingChampionship);
const events = () => db().getRepository(BraggingEvent);
const predictions = () => db().getRepository(BraggingPrediction);

/** The categories of Bragging Rights (spec 002 section 9), as stored and shown. */
export const CATEGORIES = ['Rugby', 'Cricket', 'F1', 'EFC', 'Politics', 'News Events'] as const;
/** The largest team logo (spec 002 section 9: 2 MB). */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;
/** Points for the right winner; the margin bonus when exact, and when within MARGIN_CLOSE (README: scoring). */
export const WINNER_POINTS = 10;
export const EXACT_MARGIN_BONUS = 10;
export const CLOSE_MARGIN_BONUS = 5;
export const MARGIN_CLOSE = 5;
/** Championship standings show the top 10 (spec 002 section 9). */
export const CHAMPIONSHIP_TOP = 10;

/** The leaderboards: everything scored, one category's events, or one championship's. */
export const scopes = {
  overall: 'overall',
  category: (c: string) => `category:${c}`,
  championship: (id: string) => `championship:${id}`,
};

const MISSING = 'is required: Missing fields: Please fill in all required fields';
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

function category(v: unknown, field = 'category'): string {
  const c = text(v);
  if (!(CATEGORIES as readonly string[]).includes(c)) throw badInput(field, `must be one of ${CATEGORIES.join(', ')}`);
  return c;
}

/** A category filter: absent, or one of the categories ('All' means absent). */
function categoryFilter(v: unknown): string | null {
  const c = text(v);
  return !c || c === 'All' ? null : category(c);
}

/**
 * Every admin operation of Bragging Rights passes here: the server refuses members (FORBIDDEN, nothing changes).
 * It is also the one place where the admin panel's audit log will record these actions (`action` names them).
 */
async function asAdmin<T>(
  viewer: Viewer | null,
  action: AdminAction,
  run: (
    admin: Viewer,
    audit: (tx: EntityManager, targetType: string, targetId: string, after?: Record<string, unknown>) => Promise<void>,
  ) => Promise<T>,
): Promise<T> {
  const v = requireViewer(viewer);
  authorize(canManage(v), 'Only administrators may do that.');
  // The admin audit log's entry, written in the transaction of the action's writes (they commit together).
  return run(v, (tx, targetType, targetId, after) =>
    recordAdminAction(tx, { actorId: v.id, action, targetType, targetId, after }),
  );
}

function requiredText(v: unknown, field: string, max: number): string {
  const s = text(v);
  if (!s) throw badInput(field, MISSING);
  if (s.length > max) throw badInput(field, `must be at most ${max} characters`);
  return s;
}

function requiredDate(v: unknown, field: string): Date {
  if (v === null || v === undefined || v === '') throw badInput(field, MISSING);
  const d = v instanceof Date ? v : new Date(String(v));
  if (Number.isNaN(d.getTime())) throw badInput(field, 'must be an ISO date');
  return d;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export interface ChampionshipDraft {
  name?: string | null;
  description?: string | null;
  category?: string | null;
  startDate?: string | null;
  endDate?: string | null;
}

/** Creates a championship (admins): the spec's 'Missing fields' and 'Invalid dates' messages. */
export function createChampionship(viewer: Viewer | null, input: ChampionshipDraft): Promise<BraggingChampionship> {
  return asAdmin(viewer, 'bragging.championship.create', async (admin, audit) => {
    const name = requiredText(input.name, 'name', 120);
    const description = requiredText(input.description, 'description', 1000);
    const startDate = requiredDate(input.startDate, 'startDate');
    const endDate = requiredDate(input.endDate, 'endDate');
    const cat = category(input.category);
    if (isoDay(endDate) <= isoDay(startDate))
      throw badInput('endDate', 'must be after startDate: Invalid dates: End date must be after start date');
    const id = await db().transaction(async (tx) => {
      const inserted = await tx.getRepository(BraggingChampionship).insert({
        name,
        description,
        category: cat,
        startDate: isoDay(startDate),
        endDate: isoDay(endDate),
        createdById: admin.id,
      });
      const newId = inserted.identifiers[0].id as string;
      await audit(tx, 'championship', newId, {
        name,
        category: cat,
        startDate: isoDay(startDate),
        endDate: isoDay(endDate),
      });
      return newId;
    });
    return championships().findOneByOrFail({ id });
  });
}

export interface EventDraft {
  title?: string | null;
  category?: string | null;
  championshipId?: string | null;
  team1Name?: string | null;
  team1Logo?: string | null;
  team2Name?: string | null;
  team2Logo?: string | null;
  eventDate?: string | null;
  closingDate?: string | null;
}

/** A team logo: an image (checked by its bytes) of at most 2 MB, or none. */
async function logo(dataUrl: string | null | undefined, field: string): Promise<CheckedUpload | null> {
  if (!dataUrl) return null;
  decodeDataUrl(dataUrl, field, MAX_LOGO_BYTES, 'Logo must be at most 2MB'); // the spec's 2 MB, before the 5 MB image rule
  return checkUpload(dataUrl, 'image', field);
}

/**
 * Creates an event (admins): title, both team names and both dates required ('Missing fields'), the closing date
 * before the event date ('Invalid deadline'), the championship (optional) of the same category, logos as images of
 * at most 2 MB stored in the media store.
 */
export function createEvent(viewer: Viewer | null, input: EventDraft): Promise<BraggingEvent> {
  return asAdmin(viewer, 'bragging.event.create', async (admin, audit) => {
    const title = requiredText(input.title, 'title', 200);
    const team1Name = requiredText(input.team1Name, 'team1Name', 100);
    const team2Name = requiredText(input.team2Name, 'team2Name', 100);
    const eventDate = requiredDate(input.eventDate, 'eventDate');
    const closingDate = requiredDate(input.closingDate, 'closingDate');
    if (closingDate.getTime() >= eventDate.getTime()) {
      throw badInput(
        'closingDate',
        'must be before eventDate: Invalid deadline: Prediction deadline must be before the event date',
      );
    }
    const cat = category(input.category);
    let championshipId: string | null = null;
    if (input.championshipId) {
      const champ = await championships().findOneBy({ id: checkUuid(input.championshipId, 'championshipId') });
      if (!champ) throw notFound('Championship');
      if (champ.category !== cat) throw badInput('championshipId', `must be a championship of ${cat}`);
      championshipId = champ.id;
    }
    const [logo1, logo2] = [await logo(input.team1Logo, 'team1Logo'), await logo(input.team2Logo, 'team2Logo')];
    const uploads = [logo1, logo2].filter(Boolean).length;
    if (uploads) await limitUploads(admin.id, uploads);
    const stored: string[] = [];
    try {
      const s1 = logo1 ? await storeUpload(logo1) : null;
      if (s1) stored.push(...storedUrls(s1));
      const s2 = logo2 ? await storeUpload(logo2) : null;
      if (s2) stored.push(...storedUrls(s2));
      const id = await db().transaction(async (tx) => {
        const inserted = await tx.getRepository(BraggingEvent).insert({
          title,
          category: cat,
          championshipId,
          team1Name,
          team2Name,
          team1Logo: s1?.url ?? null,
          team2Logo: s2?.url ?? null,
          files: stored,
          eventDate,
          closingDate,
          createdById: admin.id,
        });
        const newId = inserted.identifiers[0].id as string;
        await audit(tx, 'event', newId, {
          title,
          category: cat,
          championshipId,
          team1Name,
          team2Name,
          eventDate,
          closingDate,
        });
        return newId;
      });
      return await events().findOneByOrFail({ id });
    } catch (err) {
      await deleteMedia(stored); // no event, no files
      throw err;
    }
  });
}

/** Championships, newest first, optionally of one category. */
export async function listChampionships(
  viewer: Viewer | null,
  args: { category?: string | null; first?: number | null; after?: string | null },
): Promise<Page<BraggingChampionship>> {
  requireViewer(viewer);
  const qb = championships().createQueryBuilder('c');
  const cat = categoryFilter(args.category);
  if (cat) qb.where('c.category = :cat', { cat });
  return keysetPage(qb, 'c', args);
}

/** One championship, or null (also for an id that cannot be one): the page shows 'Championship not found'. */
export async function findChampionship(viewer: Viewer | null, id: string): Promise<BraggingChampionship | null> {
  requireViewer(viewer);
  if (!UUID.test(id)) return null;
  return championships().findOneBy({ id });
}

/** Events, latest event date first, optionally of one category or one championship. */
export async function listEvents(
  viewer: Viewer | null,
  args: { category?: string | null; championshipId?: string | null; first?: number | null; after?: string | null },
): Promise<Page<BraggingEvent>> {
  requireViewer(viewer);
  const qb = events().createQueryBuilder('e');
  const cat = categoryFilter(args.category);
  if (cat) qb.andWhere('e.category = :cat', { cat });
  if (args.championshipId)
    qb.andWhere('e.championship_id = :ch', { ch: checkUuid(args.championshipId, 'championshipId') });
  return keysetPage(qb, 'e', args, 'DESC', { column: 'event_date', property: 'eventDate' });
}

export interface PredictionDraft {
  eventId?: string | null;
  predictedWinner?: string | null;
  predictedMargin?: number | null;
}

/**
 * A member predicts an upcoming event's winner and optional margin before its closing date, once. One statement:
 * the row is inserted only while the event (locked FOR SHARE, so a scoring waits or is waited for) takes
 * predictions, and the unique (event, member) index makes a retry or a second click a CONFLICT, never a second row.
 */
export async function predict(viewer: Viewer | null, input: PredictionDraft): Promise<BraggingPrediction> {
  const v = requireViewer(viewer);
  if (!input.eventId) throw badInput('eventId', 'is required: Invalid prediction: Please try again');
  const eventId = checkUuid(input.eventId, 'eventId');
  const winner = input.predictedWinner ?? 'team1';
  if (winner !== 'team1' && winner !== 'team2') throw badInput('predictedWinner', 'must be team1 or team2');
  const margin = input.predictedMargin ?? null;
  if (margin !== null && (!Number.isInteger(margin) || margin < 0 || margin > 1000))
    throw badInput('predictedMargin', 'must be a whole number from 0 to 1000');
  const rows = (await db().query(
    `INSERT INTO bragging_predictions (event_id, member_id, predicted_winner, predicted_margin)
     SELECT e.id, $2, $3, $4 FROM bragging_events e
      WHERE e.id = $1 AND NOT e.is_scored AND NOT e.is_closed AND e.event_date > now() AND e.closing_date > now()
      FOR SHARE
     ON CONFLICT (event_id, member_id) DO NOTHING RETURNING id`,
    [eventId, v.id, winner, margin],
  )) as Array<{ id: string }>;
  if (rows[0]) return predictions().findOneByOrFail({ id: rows[0].id });
  if (!(await events().existsBy({ id: eventId }))) throw notFound('Event');
  if (await predictions().existsBy({ eventId, memberId: v.id }))
    throw conflict('You have already made a prediction for this event');
  throw badInput('eventId', 'is closed: predictions for this event are no longer accepted');
}

const BADGE_RANK_SQL = `CASE b.badge_type ${Object.entries(BADGES)
  .map(([type, b]) => `WHEN '${type}' THEN ${b.rank}`)
  .join(' ')} ELSE 0 END`;

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
        `UPDATE bragging_events SET is_scored = true, team1_score = $2, team2_score = $3, winner_team = $4, actual_margin = $5, scored_at = now()
          WHERE id = $1 AND NOT is_scored AND (is_closed OR event_date <= now()) RETURNING category, championship_id`,
        [eventId, t1, t2, winner, margin],
      )) as [Array<{ category: string; championship_id: string | null }>];
      const e = scored[0];
      if (!e) {
        const found = await tx.getRepository(BraggingEvent).findOneBy({ id: eventId });
        if (!found) throw notFound('Event');
        if (found.isScored) throw conflict('This event has already been scored');
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
         SELECT member_id, 'exact_margin', '' FROM bragging_predictions WHERE event_id = $1 AND is_correct AND predicted_margin = $2::int
         UNION ALL
         SELECT s.member_id, 'hot_streak', '' FROM bragging_standings s JOIN bragging_predictions p ON p.member_id = s.member_id AND p.event_id = $1
          WHERE s.scope = 'overall' AND s.streak >= $5::int
         UNION ALL
         SELECT member_id, 'category_leader', $3::varchar FROM bragging_standings
          WHERE scope = $4::varchar AND points > 0 AND points = (SELECT max(points) FROM bragging_standings WHERE scope = $4::varchar)
         ORDER BY 1, 2
         ON CONFLICT (member_id, badge_type, category) DO NOTHING`,
        [eventId, margin, e.category, scopes.category(e.category), STREAK_FOR_BADGE],
      );
    });
    return events().findOneByOrFail({ id: eventId });
  });
}

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

/** Members' overall Bragging Rights place and best badge (bragging.badges.ts ranks), for User.braggingRank and braggingBadge. */
export async function braggingStandingOf(
  memberIds: readonly string[],
): Promise<Array<{ memberId: string; rank: number | null; badgeType: string | null; badgeCategory: string | null }>> {
  // One statement for a page of members: their overall place (1 + those ahead of them) and their best badge.
  const rows = (await db().query(
    `SELECT t.id AS member_id,
            (SELECT 1 + (SELECT count(*) FROM bragging_standings o
                          WHERE o.scope = 'overall' AND (o.points, o.correct_predictions) > (m.points, m.correct_predictions))::int
               FROM bragging_standings m WHERE m.scope = 'overall' AND m.member_id = t.id) AS rank,
            top.badge_type, top.category
       FROM unnest($1::uuid[]) AS t(id)
       LEFT JOIN LATERAL (SELECT b.badge_type, b.category FROM bragging_badges b WHERE b.member_id = t.id
                           ORDER BY ${BADGE_RANK_SQL} DESC, b.created_at DESC LIMIT 1) top ON true`,
    [memberIds],
  )) as Array<{ member_id: string; rank: number | null; badge_type: string | null; category: string | null }>;
  return rows.map((r) => ({ memberId: r.member_id, rank: r.rank, badgeType: r.badge_type, badgeCategory: r.category }));
}

/** The viewer's predictions of some events, for BraggingEvent.userPrediction. */
export function viewerPredictions(viewerId: string, eventIds: readonly string[]): Promise<BraggingPrediction[]> {
  return predictions()
    .createQueryBuilder('p')
    .where('p.member_id = :me AND p.event_id = ANY(:ids)', { me: viewerId, ids: eventIds })
    .getMany();
}
